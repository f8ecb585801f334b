import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { FEED_JOB_KINDS, feedAttributeName } from '#contract/entities/feeds.ts';
import {
  contentFeedCancelRoute,
  contentFeedStartRoute,
  contentFeedStatusRoute,
  createFeedUrlRoute,
  deleteFeedAttributesFromFileRoute,
  deleteFeedAttributesRoute,
  deleteFeedParsingConfigRoute,
  deleteFeedRuleRoute,
  deleteFeedUrlRoute,
  deltaFeedResourcesRoute,
  deltaFeedStartRoute,
  deltaFeedStatusRoute,
  editDeltaSettingsRoute,
  editYmlSettingsRoute,
  facetsFeedCancelRoute,
  facetsFeedStartRoute,
  facetsFeedStatusRoute,
  feedCheckerStartRoute,
  feedCheckerStatusRoute,
  feedLoaderDownloadRoute,
  feedLoaderResourcesRoute,
  feedLoaderStartRoute,
  feedLoaderStatusRoute,
  getDeltaFeedRoute,
  getFacetsFeedRoute,
  imshopRegionsRoute,
  listFeedAttributesRoute,
  listFeedParsingConfigsRoute,
  listFeedRulesRoute,
  listFeedUrlsRoute,
  saveContentPutRoute,
  saveContentRoute,
  saveDeltaFeedRoute,
  saveDeltaPutRoute,
  saveDeltaRoute,
  saveFacetsFeedRoute,
  saveFacetsRoute,
  saveFeedParsingConfigRoute,
  saveFeedRuleRoute,
  saveImshopRegionsRoute,
  saveYmlPutRoute,
  saveYmlRoute,
  updateFeedUrlRoute,
  uploadFeedAttributesRoute,
} from '#contract/routes/feeds.ts';
import type { DeltaFeedSettings, YmlFeedSettings } from '#contract/entities/feeds.ts';
import {
  cancelFeedJob,
  hoursCron,
  latestFeedJob,
  minutesCron,
  startFeedJob,
  syncSchedule,
} from '../../feeds/jobs.ts';
import { openRawFeed, rawFeedPath } from '../../feeds/raw.ts';
import { createFeedStore, type SettingsKind, type SettingsOf } from '../../feeds/store.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import type { Tx } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';

/** One attribute name per row: column id (or attribute, name, param). */
const ATTRIBUTE_FILE: UploadSpec<{ id: string }> = {
  columns: { id: ['id', 'attribute', 'name', 'param', 'атрибут'] },
  required: ['id'],
  row: z.object({ id: feedAttributeName }),
  idKey: 'id',
};

export async function feedRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const store = createFeedStore(db);

  /** Saves settings (and optionally the type's global URL) in one transaction; then the schedule. */
  async function save<K extends SettingsKind>(
    siteId: number,
    kind: K,
    body: SettingsOf[K] & { url?: string | null | undefined },
    actor: string,
  ): Promise<SettingsOf[K]> {
    // The content feed's settings are its URL; the others take an optional global URL beside them.
    const { url, ...rest } = body as SettingsOf[K] & { url?: string | null };
    const settings = (kind === 'CONTENT' ? body : rest) as unknown as SettingsOf[K];
    const saved = await db.transaction(async (tx) => {
      const value = await store.saveSettings(tx, siteId, kind, settings, actor);
      if (url !== undefined && kind !== 'CONTENT') {
        const feedType = kind === 'YML' ? (settings as unknown as YmlFeedSettings).format : kind;
        await store.putUrl(tx, siteId, feedType, 'global', url, actor);
      }
      if (kind === 'CONTENT')
        await store.putUrl(
          tx,
          siteId,
          'CONTENT',
          'global',
          (settings as unknown as SettingsOf['CONTENT']).url,
          actor,
        );
      return value;
    });
    if (kind === 'YML') {
      const yml = saved as YmlFeedSettings;
      await syncSchedule(app, {
        siteId,
        kind: FEED_JOB_KINDS.load,
        cron: yml.scheduled ? hoursCron(yml.updateIntervalHours) : null,
        actor,
      });
    } else if (kind === 'DELTA') {
      const delta = saved as DeltaFeedSettings;
      await syncSchedule(app, {
        siteId,
        kind: FEED_JOB_KINDS.delta,
        cron: delta.scheduled ? minutesCron(delta.updateIntervalMinutes) : null,
        actor,
      });
    }
    return saved;
  }

  // --- feed loader ----------------------------------------------------------------------

  registerRoute(app, feedLoaderResourcesRoute, async ({ site }) => ({
    yml: await store.settings(site.siteId, 'YML'),
    delta: await store.settings(site.siteId, 'DELTA'),
    facets: await store.settings(site.siteId, 'FACETS'),
    content: await store.settings(site.siteId, 'CONTENT'),
    urls: await store.urls(site.siteId),
    status: await app.repos.feeds.status(site.siteId),
  }));

  registerRoute(app, feedLoaderStartRoute, ({ site, query, user }) =>
    startFeedJob(app, {
      siteId: site.siteId,
      kind: FEED_JOB_KINDS.load,
      payload: { regionId: query.regionId ?? 'global' },
      actor: user.login,
    }),
  );
  registerRoute(app, feedLoaderStatusRoute, ({ site }) =>
    latestFeedJob(app, site.siteId, FEED_JOB_KINDS.load),
  );

  registerRoute(app, feedLoaderDownloadRoute, async ({ site, query, reply }) => {
    const path = rawFeedPath(app.env.DATA_DIR, site.siteId, query.feedType, query.regionId);
    const raw = await openRawFeed(path);
    if (!raw) throw notFound(`A downloaded ${query.feedType} feed of the region ${query.regionId}`);
    const extension = ['DELTA', 'FACETS'].includes(query.feedType) ? 'csv' : 'xml';
    reply
      .type('application/octet-stream')
      .header('content-length', raw.size)
      .header('last-modified', raw.modified.toUTCString())
      .header(
        'content-disposition',
        `attachment; filename="site-${site.siteId}-${query.feedType.toLowerCase()}-${query.regionId.replace(/[^\w.-]/g, '_')}.${extension}"`,
      );
    return reply.send(raw.stream) as never;
  });

  registerRoute(app, editYmlSettingsRoute, ({ site, body, user }) =>
    save(site.siteId, 'YML', body, user.login),
  );
  registerRoute(app, editDeltaSettingsRoute, ({ site, body, user }) =>
    save(site.siteId, 'DELTA', body, user.login),
  );
  for (const route of [saveYmlRoute, saveYmlPutRoute])
    registerRoute(app, route, ({ site, body, user }) => save(site.siteId, 'YML', body, user.login));
  for (const route of [saveDeltaRoute, saveDeltaPutRoute])
    registerRoute(app, route, ({ site, body, user }) =>
      save(site.siteId, 'DELTA', body, user.login),
    );
  registerRoute(app, saveFacetsRoute, ({ site, body, user }) =>
    save(site.siteId, 'FACETS', body, user.login),
  );
  for (const route of [saveContentRoute, saveContentPutRoute])
    registerRoute(app, route, ({ site, body, user }) =>
      save(site.siteId, 'CONTENT', body, user.login),
    );

  // --- delta feed -----------------------------------------------------------------------

  registerRoute(app, deltaFeedResourcesRoute, async ({ site }) => ({
    settings: await store.settings(site.siteId, 'DELTA'),
    urls: await store.urls(site.siteId, 'DELTA'),
    status: await app.repos.feeds.status(site.siteId, 'DELTA'),
  }));
  registerRoute(app, getDeltaFeedRoute, ({ site }) => store.settings(site.siteId, 'DELTA'));
  registerRoute(app, saveDeltaFeedRoute, ({ site, body, user }) =>
    save(site.siteId, 'DELTA', body, user.login),
  );
  registerRoute(app, deltaFeedStartRoute, ({ site, user }) =>
    startFeedJob(app, { siteId: site.siteId, kind: FEED_JOB_KINDS.delta, actor: user.login }),
  );
  registerRoute(app, deltaFeedStatusRoute, ({ site }) =>
    latestFeedJob(app, site.siteId, FEED_JOB_KINDS.delta),
  );

  // --- facets and content ---------------------------------------------------------------

  registerRoute(app, getFacetsFeedRoute, ({ site }) => store.settings(site.siteId, 'FACETS'));
  registerRoute(app, saveFacetsFeedRoute, ({ site, body, user }) =>
    save(site.siteId, 'FACETS', body, user.login),
  );
  registerRoute(app, facetsFeedStartRoute, ({ site, user }) =>
    startFeedJob(app, { siteId: site.siteId, kind: FEED_JOB_KINDS.facets, actor: user.login }),
  );
  registerRoute(app, facetsFeedStatusRoute, ({ site }) =>
    latestFeedJob(app, site.siteId, FEED_JOB_KINDS.facets),
  );
  registerRoute(app, facetsFeedCancelRoute, ({ site, user }) =>
    cancelFeedJob(app, site.siteId, FEED_JOB_KINDS.facets, user.login),
  );
  registerRoute(app, contentFeedStartRoute, ({ site, user }) =>
    startFeedJob(app, { siteId: site.siteId, kind: FEED_JOB_KINDS.content, actor: user.login }),
  );
  registerRoute(app, contentFeedStatusRoute, ({ site }) =>
    latestFeedJob(app, site.siteId, FEED_JOB_KINDS.content),
  );
  registerRoute(app, contentFeedCancelRoute, ({ site, user }) =>
    cancelFeedJob(app, site.siteId, FEED_JOB_KINDS.content, user.login),
  );

  // --- feed checker ---------------------------------------------------------------------

  registerRoute(app, feedCheckerStartRoute, ({ site, query, user }) =>
    startFeedJob(app, {
      siteId: site.siteId,
      kind: FEED_JOB_KINDS.check,
      payload: { feedType: query.feedType, regionId: query.regionId ?? 'global' },
      actor: user.login,
    }),
  );
  registerRoute(app, feedCheckerStatusRoute, ({ site }) =>
    latestFeedJob(app, site.siteId, FEED_JOB_KINDS.check),
  );

  // --- imshop regions -------------------------------------------------------------------

  registerRoute(app, imshopRegionsRoute, ({ site }) => store.regions(site.siteId));
  registerRoute(app, saveImshopRegionsRoute, ({ site, body, user }) =>
    store.saveRegions(site.siteId, body, user.login),
  );

  // --- feed URLs ------------------------------------------------------------------------

  registerRoute(app, listFeedUrlsRoute, ({ site, query }) =>
    store.urls(site.siteId, query.feedType),
  );
  registerRoute(app, createFeedUrlRoute, ({ site, body, user }) =>
    store.createUrl(site.siteId, body, user.login),
  );
  registerRoute(app, updateFeedUrlRoute, ({ site, body, user }) =>
    store.updateUrl(site.siteId, body, user.login),
  );
  registerRoute(app, deleteFeedUrlRoute, async ({ site, query, user }) => {
    await store.deleteUrl(site.siteId, query.id, user.login);
    return { ok: true as const };
  });

  // --- feed rules -----------------------------------------------------------------------

  registerRoute(app, listFeedRulesRoute, ({ site }) => store.rules(site.siteId));
  registerRoute(app, saveFeedRuleRoute, ({ site, body, user }) =>
    store.saveRule(site.siteId, body, user.login),
  );
  registerRoute(app, deleteFeedRuleRoute, async ({ site, query, user }) => {
    await store.deleteRule(site.siteId, query.ruleId, user.login);
    return { ok: true as const };
  });

  // --- feed attributes ------------------------------------------------------------------

  registerRoute(app, listFeedAttributesRoute, async ({ site }) =>
    (await store.attributes(site.siteId)).map((id) => ({ id })),
  );

  registerRoute(app, deleteFeedAttributesRoute, async ({ site, query, user }) => {
    const deleted = await db.transaction(async (tx) => {
      const removed = await store.removeAttributes(tx, site.siteId, query.ids);
      await recordAttributesAudit(tx, user.login, site.siteId, 'delete', [...removed]);
      return removed.size;
    });
    return { ok: true as const, deleted };
  });

  registerRoute(app, uploadFeedAttributesRoute, async ({ site, request, user }) => {
    const received = await receiveUpload(request, ATTRIBUTE_FILE, {
      maxRows: app.env.UPLOAD_MAX_ROWS,
    });
    return applyUpload(app.database, received, async (tx, rows) => {
      const names = rows.map(({ row }) => row.id);
      const added = await store.addAttributes(tx, site.siteId, [...new Set(names)]);
      const seen = new Set<string>();
      const refused = rows.flatMap(({ line, row }) => {
        const duplicate = seen.has(row.id) || !added.has(row.id);
        seen.add(row.id);
        if (duplicate) added.delete(row.id);
        return duplicate
          ? [{ line, reason: `The attribute ${row.id} is already listed`, id: row.id }]
          : [];
      });
      await recordAttributesAudit(tx, user.login, site.siteId, 'upload', names);
      return refused;
    });
  });

  registerRoute(app, deleteFeedAttributesFromFileRoute, async ({ site, request, user }) => {
    const received = await receiveUpload(request, ATTRIBUTE_FILE, {
      maxRows: app.env.UPLOAD_MAX_ROWS,
    });
    return applyUpload(app.database, received, async (tx, rows) => {
      const names = [...new Set(rows.map(({ row }) => row.id))];
      const removed = await store.removeAttributes(tx, site.siteId, names);
      const seen = new Set<string>();
      const refused = rows.flatMap(({ line, row }) => {
        const missing = seen.has(row.id) || !removed.has(row.id);
        seen.add(row.id);
        return missing
          ? [{ line, reason: `The attribute ${row.id} is not listed`, id: row.id }]
          : [];
      });
      await recordAttributesAudit(tx, user.login, site.siteId, 'delete-from-file', [...removed]);
      return refused;
    });
  });

  // --- feed parsing configs -------------------------------------------------------------

  registerRoute(app, listFeedParsingConfigsRoute, ({ site }) => store.parsingConfigs(site.siteId));
  registerRoute(app, saveFeedParsingConfigRoute, ({ site, body, user }) =>
    store.saveParsingConfig(site.siteId, body, user.login),
  );
  registerRoute(app, deleteFeedParsingConfigRoute, async ({ site, query, user }) => {
    await store.deleteParsingConfig(site.siteId, query.id, user.login);
    return { ok: true as const };
  });
}

function recordAttributesAudit(
  tx: Tx,
  actor: string,
  siteId: number,
  action: string,
  names: string[],
) {
  if (names.length === 0) return Promise.resolve();
  if (names.length > 1000) names = [...names.slice(0, 1000), `… ${names.length - 1000} more`];
  return recordAudit(tx, {
    actor,
    action,
    entity: 'feed-attributes',
    entityId: siteId,
    after: { names },
  });
}
