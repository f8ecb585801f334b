/**
 * The config calls: reads here (a copy, its versions, blocks and components in their ordering,
 * the defaults); saves and deletes in config-saves.ts; preview, generate, deploy in config-jobs.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  serializeGlobalComponent,
  serializeRecommendationsBlock,
  type SingleConfigKind,
} from '#contract/entities/config.ts';
import type { ConfigVersionMeta } from '#contract/entities/config-versions.ts';
import {
  configVersionRoute,
  configVersionsRoute,
  defaultInstantSearchRoute,
  defaultTemplatesRoute,
  getConfigRoute,
  globalComponentVersionRoute,
  globalComponentVersionsRoute,
  listGlobalComponentsRoute,
  listRecommendationBlocksRoute,
  recommendationBlockVersionRoute,
  recommendationBlockVersionsRoute,
} from '#contract/routes/configs.ts';
import {
  parseBlock,
  parseComponent,
  listed,
  parseSingle,
  stored,
  unsaved,
  type SingleConfig,
  type Stored,
} from '../../configs/codec.ts';
import { defaultInstantSearch, defaultTemplates } from '../../configs/defaults.ts';
import { KIND_NAMES } from '../../configs/roles.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  createConfigRepository,
  toVersionMeta,
  type ConfigVersionRow,
} from '../../configs/repository.ts';
import { registerConfigJobs } from './config-jobs.ts';
import { registerConfigSaves } from './config-saves.ts';

const byOrdering = <T extends { order: number; key: number }>(a: T, b: T) =>
  a.order - b.order || a.key - b.key;

export async function configRoutes(app: FastifyInstance) {
  const configs = createConfigRepository(app.database.db);

  // -------------------------------------------------------------------------------------------
  // Reads

  async function readSingle(
    siteId: number,
    kind: SingleConfigKind,
    test: boolean,
  ): Promise<Stored<SingleConfig>> {
    const row = await configs.latest({ siteId, kind, key: 0, test });
    if (!row || row.deleted) return unsaved(test, parseSingle(kind, {}));
    return stored(row, parseSingle(kind, row.data));
  }

  registerRoute(app, getConfigRoute, ({ params, query }) =>
    readSingle(params.id, params.kind, query.test),
  );

  /**
   * A version list; production versions say whether the production bundle carries them (what
   * production serves after a rollback is an older version than the newest).
   */
  async function versionList(
    siteId: number,
    test: boolean,
    rows: readonly ConfigVersionRow[],
  ): Promise<ConfigVersionMeta[]> {
    const metas = rows.map(toVersionMeta);
    if (test) return metas;
    const served = await app.repos.artifacts.productionConfigs(siteId);
    if (!served) return metas;
    const live = new Set(served.map((entry) => entry.versionId));
    return metas.map((meta) => ({ ...meta, live: live.has(meta.versionId) }));
  }

  registerRoute(app, configVersionsRoute, async ({ params, query }) =>
    versionList(
      params.id,
      query.test,
      await configs.versions({ siteId: params.id, kind: params.kind, key: 0, test: query.test }),
    ),
  );

  registerRoute(app, configVersionRoute, async ({ params }) => {
    const row = await configs.byId(params.id, params.kind, params.versionId);
    if (!row)
      throw notFound(`Version ${params.versionId} of the ${KIND_NAMES[params.kind]} config`);
    return stored(row, parseSingle(params.kind, row.data));
  });

  const blockWire = (row: ConfigVersionRow) =>
    stored(row, serializeRecommendationsBlock(parseBlock(row)));
  const componentWire = (row: ConfigVersionRow) =>
    stored(row, serializeGlobalComponent(parseComponent(row)));

  registerRoute(app, listRecommendationBlocksRoute, async ({ params, query }) => {
    const rows = await configs.latestPerKey(params.id, 'recommendations-block', query.test);
    const blocks = rows
      .filter((row) => query.id === undefined || row.key === query.id)
      .map((row) => ({ row, block: parseBlock(row) }))
      .map((entry) => ({ ...entry, order: entry.block.ordering, key: entry.row.key }))
      .sort(byOrdering);
    return {
      data: blocks.map(({ row, block }) => listed(row, serializeRecommendationsBlock(block))),
    };
  });

  registerRoute(app, recommendationBlockVersionsRoute, async ({ params, query }) =>
    versionList(
      params.id,
      query.test,
      await configs.versions({
        siteId: params.id,
        kind: 'recommendations-block',
        key: query.id,
        test: query.test,
      }),
    ),
  );

  registerRoute(app, recommendationBlockVersionRoute, async ({ params }) => {
    const row = await configs.byId(params.id, 'recommendations-block', params.versionId);
    if (!row) throw notFound(`Version ${params.versionId} of a recommendation block`);
    return blockWire(row);
  });

  registerRoute(app, listGlobalComponentsRoute, async ({ params, query }) => {
    const rows = await configs.latestPerKey(params.id, 'global-component', query.test);
    const components = rows
      .map((row) => ({ row, component: parseComponent(row) }))
      .map((entry) => ({
        ...entry,
        order: entry.component.customSettings.ordering,
        key: entry.row.key,
      }))
      .sort(byOrdering);
    return {
      data: components.map(({ row, component }) =>
        listed(row, serializeGlobalComponent(component)),
      ),
    };
  });

  registerRoute(app, globalComponentVersionsRoute, async ({ params, query }) =>
    versionList(
      params.id,
      query.test,
      await configs.versions({
        siteId: params.id,
        kind: 'global-component',
        key: query.id,
        test: query.test,
      }),
    ),
  );

  registerRoute(app, globalComponentVersionRoute, async ({ params }) => {
    const row = await configs.byId(params.id, 'global-component', params.versionId);
    if (!row) throw notFound(`Version ${params.versionId} of a global component`);
    return componentWire(row);
  });

  registerRoute(app, defaultInstantSearchRoute, () => defaultInstantSearch());
  registerRoute(app, defaultTemplatesRoute, () => defaultTemplates());

  registerConfigSaves(app, configs);
  registerConfigJobs(app, configs);
}
