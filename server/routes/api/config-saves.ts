/**
 * The config saves and deletes: one version appended per save (409 on a stale base), blocks and
 * components keyed by their id (allocated on the first save), each checked against the kind's and
 * copy's roles.
 */
import type { FastifyInstance } from 'fastify';
import {
  migrateSearchConfig,
  searchConfig,
  serializeGlobalComponent,
  serializeRecommendationsBlock,
  type GlobalComponent,
  type RecommendationsBlock,
  type SingleConfigKind,
} from '#contract/entities/config.ts';
import {
  deleteGlobalComponentRoute,
  deleteRecommendationBlockRoute,
  saveGlobalComponentRoute,
  saveGlobalConfigRoute,
  saveIntegrationMvtConfigRoute,
  saveMvtConfigRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
  saveTrackingConfigRoute,
} from '#contract/routes/configs.ts';
import {
  parseBlockInput,
  parseComponentInput,
  stored,
  type SingleConfig,
  type Stored,
} from '../../configs/codec.ts';
import type { createConfigRepository } from '../../configs/repository.ts';
import { assertConfigRole, KIND_NAMES, saveAction } from '../../configs/roles.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';

export function registerConfigSaves(
  app: FastifyInstance,
  configs: ReturnType<typeof createConfigRepository>,
) {
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
}
