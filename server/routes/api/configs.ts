import type { FastifyInstance } from 'fastify';
import {
  CONFIG_ROLES,
  migrateSearchConfig,
  searchConfig,
  serializeGlobalComponent,
  serializeRecommendationsBlock,
  type ConfigKind,
  type ConfigRoles,
  type GlobalComponent,
  type RecommendationsBlock,
  type SingleConfigKind,
} from '#contract/entities/config.ts';
import type { ConfigVersionMeta } from '#contract/entities/config-versions.ts';
import { hasAccess } from '#contract/roles.ts';
import {
  configVersionRoute,
  configVersionsRoute,
  defaultInstantSearchRoute,
  defaultTemplatesRoute,
  deleteGlobalComponentRoute,
  deployConfigRoute,
  generateConfigRoute,
  generateStatusRoute,
  previewConfigRoute,
  previewStatusRoute,
  deleteRecommendationBlockRoute,
  getConfigRoute,
  globalComponentVersionRoute,
  globalComponentVersionsRoute,
  listGlobalComponentsRoute,
  listRecommendationBlocksRoute,
  recommendationBlockVersionRoute,
  recommendationBlockVersionsRoute,
  saveGlobalComponentRoute,
  saveIntegrationMvtConfigRoute,
  saveMvtConfigRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
  saveTrackingConfigRoute,
  saveGlobalConfigRoute,
} from '#contract/routes/configs.ts';
import {
  parseBlock,
  parseBlockInput,
  parseComponent,
  parseComponentInput,
  listed,
  parseSingle,
  stored,
  unsaved,
  type SingleConfig,
  type Stored,
} from '../../configs/codec.ts';
import { defaultInstantSearch, defaultTemplates } from '../../configs/defaults.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/http-error.ts';
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';
import type { ConfigGeneratePayload } from '../../publishing/jobs/config-generate.ts';
import { toJob } from '../../platform/jobs/repository.ts';
import { assertGatePassed } from '../../publishing/visual-gate/gate.ts';
import {
  createConfigRepository,
  toVersionMeta,
  type ConfigVersionRow,
} from '../../configs/repository.ts';

const KIND_NAMES: Record<ConfigKind, string> = {
  'instant-search': 'instant search',
  autocomplete: 'autocomplete',
  search: 'search',
  tracking: 'tracking',
  mvt: 'MVT',
  'recommendations-block': 'recommendation block',
  'global-component': 'global component',
  'global-config': 'global config',
};

/** The finer check of spec §6: which kind, which copy (the route allows the union). */
export function assertConfigRole(
  user: AuthUser,
  kind: ConfigKind,
  action: keyof ConfigRoles,
): void {
  if (hasAccess(user.roles, CONFIG_ROLES[kind][action])) return;
  const what =
    action === 'saveToProd'
      ? 'save the production copy of'
      : action === 'save'
        ? 'save'
        : action === 'preview'
          ? 'preview'
          : 'promote to production';
  throw forbidden(`Your roles do not allow you to ${what} the ${KIND_NAMES[kind]} config`);
}

const saveAction = (test: boolean): keyof ConfigRoles => (test ? 'save' : 'saveToProd');

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

  // -------------------------------------------------------------------------------------------
  // Saves

  async function saveSingle<T extends SingleConfig>(
    entry: {
      siteId: number;
      kind: SingleConfigKind;
      test: boolean;
      user: AuthUser;
      baseVersionId: number | null;
    },
    config: T,
  ): Promise<Stored<T>> {
    assertConfigRole(entry.user, entry.kind, saveAction(entry.test));
    const row = await configs.save({
      copy: { siteId: entry.siteId, kind: entry.kind, key: 0, test: entry.test },
      data: config,
      author: entry.user.login,
      baseVersionId: entry.baseVersionId,
    });
    return stored(row, config);
  }

  registerRoute(app, saveSearchConfigRoute, ({ params, query, body, user }) => {
    const { baseVersionId, ...fields } = body;
    // Old fields a client may still send are migrated like stored ones.
    const config = searchConfig.parse(migrateSearchConfig({ ...fields, siteId: query.siteId }));
    return saveSingle(
      { siteId: query.siteId, kind: params.kind, test: query.test, user, baseVersionId },
      config,
    );
  });

  registerRoute(app, saveTrackingConfigRoute, ({ query, body, user }) => {
    const { baseVersionId, ...config } = body;
    return saveSingle(
      { siteId: query.siteId, kind: 'tracking', test: query.test, user, baseVersionId },
      config,
    );
  });

  registerRoute(app, saveGlobalConfigRoute, ({ query, body, user }) => {
    const { baseVersionId, ...config } = body;
    return saveSingle(
      { siteId: query.siteId, kind: 'global-config', test: query.test, user, baseVersionId },
      config,
    );
  });

  /** Without a base version in the query the MVT save is unchecked: it builds on the latest. */
  async function mvtBase(siteId: number, test: boolean, base: number | null | undefined) {
    if (base !== undefined) return base;
    return (await configs.latest({ siteId, kind: 'mvt', key: 0, test }))?.id ?? null;
  }

  registerRoute(app, saveMvtConfigRoute, async ({ query, body, user }) => {
    return saveSingle(
      {
        siteId: query.siteId,
        kind: 'mvt',
        test: false,
        user,
        baseVersionId: await mvtBase(query.siteId, false, query.baseVersionId),
      },
      body,
    );
  });

  registerRoute(app, saveIntegrationMvtConfigRoute, async ({ query, body, user }) => {
    return saveSingle(
      {
        siteId: query.siteId,
        kind: 'mvt',
        test: true,
        user,
        baseVersionId: await mvtBase(query.siteId, true, query.baseVersionId),
      },
      body,
    );
  });

  /**
   * Blocks and components: no id allocates one (spec §4: the client saves the production copy
   * first, then the integration copy under the returned id); an id must be the site's.
   */
  async function keyFor(
    siteId: number,
    kind: 'recommendations-block' | 'global-component',
    id: number | undefined,
  ): Promise<number> {
    if (id === undefined) return configs.allocateKey();
    if (!(await configs.keyExists(siteId, kind, id)))
      throw notFound(`The ${KIND_NAMES[kind]} ${id} of site ${siteId}`);
    return id;
  }

  registerRoute(app, saveRecommendationBlockRoute, async ({ query, body, user }) => {
    const { baseVersionId, ...wire } = body;
    if (query.test !== undefined && query.test !== wire.test)
      throw new HttpError(
        400,
        `The query's test=${query.test} contradicts the body's test=${wire.test}`,
      );
    const kind = 'recommendations-block';
    assertConfigRole(user, kind, saveAction(wire.test));
    const block = parseBlockInput(wire);
    const key = await keyFor(query.siteId, kind, wire.configId);
    const data: RecommendationsBlock = { ...block, configId: key };
    const row = await configs.save({
      copy: { siteId: query.siteId, kind, key, test: wire.test },
      data,
      author: user.login,
      baseVersionId,
    });
    return stored(row, serializeRecommendationsBlock(data));
  });

  registerRoute(app, saveGlobalComponentRoute, async ({ query, body, user, request }) => {
    const { baseVersionId, test, ...wire } = body;
    const kind = 'global-component';
    // The spec sends test both in the query and the body: they must agree when both are there.
    const queryTest = new URL(request.url, 'http://localhost').searchParams.has('test');
    if (queryTest && query.test !== test)
      throw new HttpError(400, 'Invalid request: query.test and body.test disagree');
    assertConfigRole(user, kind, saveAction(test));
    const component = parseComponentInput(wire);
    const key = await keyFor(query.siteId, kind, wire.componentId);
    const data: GlobalComponent = { ...component, componentId: key };
    const row = await configs.save({
      copy: { siteId: query.siteId, kind, key, test },
      data,
      author: user.login,
      baseVersionId,
    });
    return stored(row, serializeGlobalComponent(data));
  });

  async function remove(
    siteId: number,
    kind: 'recommendations-block' | 'global-component',
    key: number,
    user: AuthUser,
  ) {
    assertConfigRole(user, kind, 'saveToProd');
    if (!(await configs.remove(siteId, kind, key, user.login)))
      throw notFound(`The ${KIND_NAMES[kind]} ${key} of site ${siteId}`);
    return { ok: true as const };
  }

  registerRoute(app, deleteRecommendationBlockRoute, ({ query, user }) =>
    remove(query.siteId, 'recommendations-block', query.id, user),
  );
  registerRoute(app, deleteGlobalComponentRoute, ({ query, user }) =>
    remove(query.siteId, 'global-component', query.id, user),
  );

  // -------------------------------------------------------------------------------------------
  // Preview, generate, deploy: jobs (one of a kind per site at a time, 409 otherwise)

  registerRoute(app, previewConfigRoute, async ({ params, query, user, reply }) => {
    assertConfigRole(user, params.kind, 'preview');
    const job = await app.jobs.launch({
      siteId: query.siteId,
      kind: 'config-preview',
      payload: { kind: params.kind },
      createdBy: user.login,
    });
    reply.status(202);
    return toJob(job);
  });

  /** The job promotes the integration version newest now (what the user saw), never a later one. */
  async function startPromotion(
    siteId: number,
    target: Omit<ConfigGeneratePayload, 'sourceVersionId'>,
    user: AuthUser,
  ) {
    assertConfigRole(user, target.kind, 'generate');
    const source = await configs.latest({
      siteId,
      kind: target.kind,
      key: target.key,
      test: true,
    });
    if (!source || source.deleted) {
      const what = target.key
        ? `${KIND_NAMES[target.kind]} ${target.key}`
        : KIND_NAMES[target.kind];
      throw notFound(`A saved integration copy of the ${what} config of site ${siteId}`);
    }
    // The visual regression gate (server/publishing/visual-gate/): 409 until its changes are accepted.
    await assertGatePassed(app.database.db, app.env, {
      siteId,
      kind: target.kind,
      key: target.key,
      sourceVersionId: source.id,
    });
    const payload: ConfigGeneratePayload = { ...target, sourceVersionId: source.id };
    return toJob(
      await app.jobs.launch({ siteId, kind: 'config-generate', payload, createdBy: user.login }),
    );
  }

  registerRoute(app, generateConfigRoute, async ({ params, query, user, reply }) => {
    const job = await startPromotion(
      query.siteId,
      { kind: params.kind, key: 0, action: 'generate' },
      user,
    );
    reply.status(202);
    return job;
  });

  registerRoute(app, deployConfigRoute, async ({ params, query, user, reply }) => {
    const job = await startPromotion(
      query.siteId,
      { kind: params.kind, key: query.id, action: 'deploy' },
      user,
    );
    reply.status(202);
    return job;
  });

  /** The site's newest job of a kind: 202 while it runs, 200 done, 500 with its error, 404 none. */
  async function status(siteId: number, kind: string, reply: { status(code: number): unknown }) {
    const row = await configs.latestJob(siteId, kind);
    if (!row) throw notFound(`A ${kind} job of site ${siteId}`);
    const job = toJob(row);
    if (job.state === 'failed') throw new HttpError(500, job.error ?? 'The job failed', job);
    if (job.state === 'cancelled')
      throw new HttpError(410, job.error ?? 'The job was cancelled', job);
    reply.status(job.state === 'done' ? 200 : 202);
    return job;
  }

  registerRoute(app, previewStatusRoute, ({ query, reply }) =>
    status(query.siteId, 'config-preview', reply),
  );
  registerRoute(app, generateStatusRoute, ({ query, reply }) =>
    status(query.siteId, 'config-generate', reply),
  );
}
