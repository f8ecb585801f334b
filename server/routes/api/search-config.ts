/** Search configuration calls: settings, jobs, facet attributes, custom sorting. */
import type { FastifyInstance } from 'fastify';
import {
  SETTING_KEYS,
  type CustomSortConfig,
  type SearchJobStatus,
} from '#contract/entities/search-config.ts';
import {
  autocompleteJobRoute,
  autocompleteJobStartRoute,
  autocompleteJobStatusRoute,
  facetApplyRoute,
  facetCalculateRoute,
  facetChildrenRoute,
  facetCountsRoute,
  facetDiffRoute,
  facetProgressRoute,
  facetResetRoute,
  facetSuggestedRoute,
  generationStartRoute,
  generationStatusRoute,
  getCustomSortRoute,
  getImshopSortRoute,
  previewRefreshRoute,
  saveAutocompleteJobRoute,
  saveCustomSortRoute,
  saveImshopSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { loadSorts } from '../../search/search-config.ts';
import {
  indexState,
  jobStatus,
  rankingPreview,
  readSetting,
  writeSetting,
} from '../../search/settings-store.ts';
import {
  applyFacet,
  facetChildren,
  facetCounts,
  facetDiff,
  resetFacet,
  suggestedFacets,
} from '../../search/facet-attributes.ts';
import { FACET_JOB, INDEX_JOB, SUGGESTION_JOB } from '../../feeds/reindex-jobs.ts';
import { keepRegionalAttributes } from '../../feeds/regions.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { AttributeSet } from '#contract/entities/search-config.ts';

export async function searchConfigRoutes(app: FastifyInstance) {
  const db = app.database.db;

  for (const key of SETTING_KEYS) {
    const routes = SETTING_ROUTES[key];
    registerRoute(app, routes.get, ({ site }) => readSetting(db, site.siteId, key));
    // Regional values of attributes no longer regional are forgotten with the change.
    const alongside = (siteId: number, value: { attributes: string[] } | null) =>
      key === 'regionalAttributes'
        ? (tx: Tx) => keepRegionalAttributes(tx, siteId, value?.attributes ?? [])
        : undefined;
    registerRoute(app, routes.save, async ({ site, body, user }) => {
      const set = key === 'regionalAttributes' ? (body as AttributeSet) : null;
      await writeSetting(db, site.siteId, key, body, user.login, alongside(site.siteId, set));
      return readSetting(db, site.siteId, key);
    });
    registerRoute(app, routes.reset, async ({ site, user }) => {
      await writeSetting(db, site.siteId, key, null, user.login, alongside(site.siteId, null));
      return readSetting(db, site.siteId, key);
    });
  }

  const generationStatus = async (siteId: number): Promise<SearchJobStatus> => ({
    job: await jobStatus(db, siteId, INDEX_JOB),
    ...(await indexState(db, siteId)),
  });
  registerRoute(app, generationStatusRoute, ({ site }) => generationStatus(site.siteId));
  registerRoute(app, generationStartRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: INDEX_JOB, createdBy: user.login });
    return generationStatus(site.siteId);
  });

  async function suggestionStatus(siteId: number): Promise<SearchJobStatus> {
    const schedule = (await app.jobs.schedules.list(siteId)).find((s) => s.kind === SUGGESTION_JOB);
    return {
      job: await jobStatus(db, siteId, SUGGESTION_JOB),
      schedule: schedule
        ? { cron: schedule.cron, timeZone: schedule.timeZone, enabled: schedule.enabled }
        : null,
    };
  }
  registerRoute(app, autocompleteJobRoute, ({ site }) => suggestionStatus(site.siteId));
  registerRoute(app, autocompleteJobStatusRoute, ({ site }) => suggestionStatus(site.siteId));
  registerRoute(app, saveAutocompleteJobRoute, async ({ site, body, user }) => {
    const before = (await app.jobs.schedules.list(site.siteId)).find(
      (s) => s.kind === SUGGESTION_JOB,
    );
    await app.jobs.schedules.upsert({
      siteId: site.siteId,
      kind: SUGGESTION_JOB,
      cron: body.cron,
      timeZone: body.timeZone,
      enabled: body.enabled,
      createdBy: user.login,
    });
    await recordAudit(db, {
      actor: user.login,
      action: before ? 'update' : 'create',
      entity: 'autocomplete-job-schedule',
      entityId: site.siteId,
      before: before
        ? { cron: before.cron, timeZone: before.timeZone, enabled: before.enabled }
        : null,
      after: body,
    });
    return suggestionStatus(site.siteId);
  });
  registerRoute(app, autocompleteJobStartRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: SUGGESTION_JOB, createdBy: user.login });
    return suggestionStatus(site.siteId);
  });

  registerRoute(app, previewRefreshRoute, ({ site, body }) =>
    rankingPreview(db, site.siteId, body),
  );

  // Facet attributes.
  registerRoute(app, facetSuggestedRoute, ({ site, query }) =>
    suggestedFacets(db, site.siteId, query),
  );
  registerRoute(app, facetCountsRoute, ({ site }) => facetCounts(db, site.siteId));
  registerRoute(app, facetChildrenRoute, ({ site, query }) =>
    facetChildren(db, site.siteId, query),
  );
  registerRoute(app, facetDiffRoute, ({ site, query }) => facetDiff(db, site.siteId, query));
  const facetStatus = async (siteId: number): Promise<SearchJobStatus> => ({
    job: await jobStatus(db, siteId, FACET_JOB),
  });
  registerRoute(app, facetProgressRoute, ({ site }) => facetStatus(site.siteId));
  registerRoute(app, facetCalculateRoute, async ({ site, user }) => {
    await app.jobs.launch({ siteId: site.siteId, kind: FACET_JOB, createdBy: user.login });
    return facetStatus(site.siteId);
  });
  registerRoute(app, facetApplyRoute, ({ site, body, user }) =>
    applyFacet(db, site.siteId, body, user),
  );
  registerRoute(app, facetResetRoute, ({ site, query, user }) =>
    resetFacet(db, site.siteId, query, user),
  );
  // Custom sorting.
  const saveSorts = async (
    siteId: number,
    kind: 'plain' | 'imshop',
    value: CustomSortConfig,
    actor: string,
  ) => {
    await writeSetting(db, siteId, kind === 'plain' ? 'customSort' : 'imshopSort', value, actor);
    return loadSorts(db, siteId, kind);
  };
  registerRoute(app, getCustomSortRoute, ({ site }) => loadSorts(db, site.siteId, 'plain'));
  registerRoute(app, saveCustomSortRoute, ({ site, body, user }) =>
    saveSorts(site.siteId, 'plain', body, user.login),
  );
  registerRoute(app, getImshopSortRoute, ({ site }) => loadSorts(db, site.siteId, 'imshop'));
  registerRoute(app, saveImshopSortRoute, ({ site, body, user }) =>
    saveSorts(site.siteId, 'imshop', body, user.login),
  );
}
