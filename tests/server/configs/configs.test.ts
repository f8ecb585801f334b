import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like, sql } from 'drizzle-orm';
import {
  parseGlobalComponent,
  parseRecommendationsBlock,
  searchConfig,
  SEARCH_TEMPLATE_PARTS,
} from '#contract/entities/config.ts';
import {
  configVersionRoute,
  configVersionsRoute,
  defaultInstantSearchRoute,
  defaultTemplatesRoute,
  deleteGlobalComponentRoute,
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
} from '#contract/routes/configs.ts';
import { auditLog, configVersions } from '#server/platform/db/schema.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import {
  appendVersion,
  createConfigRepository,
  type ConfigVersionRow,
} from '#server/configs/repository.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** Site 2 (the disabled demo site) starts with no configs; staff are attached to it. */
const SITE = 2;

describe.each(DATABASES)('configs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const versionCount = async () =>
    Number((await server.database.db.select({ n: count() }).from(configVersions))[0]!.n);
  const configAudits = async () =>
    Number(
      (
        await server.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(like(auditLog.entity, 'config:%'))
      )[0]!.n,
    );

  it('answers the defaults with versionId null while nothing is saved', async () => {
    const designer = await server.as('designer');
    const config = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    expect(config).toMatchObject({ versionId: null, version: 0, test: true, author: null });
    expect(config.config).toMatchObject({
      throttle: 800,
      throttleAutocomplete: 300,
      strategyIS: 'advanced_xname,zero_queries',
      pagination: { pageSize: 20 },
      unavailableMultiplier: 0.2,
      customSettings: { topBrands: 10, topCategories: 10, contentsSize: 10, mobileBreakpoint: 768 },
    });
    const tracking = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'tracking' },
      query: { test: 'false' },
    });
    expect(tracking).toMatchObject({
      versionId: null,
      test: false,
      config: { sessionCookieMinutes: 30, userCookieDays: 30, rules: [] },
    });
    const mvt = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'mvt' },
      query: {},
    });
    expect(mvt.config).toEqual([]);
    expect(
      await designer.call(configVersionsRoute, {
        params: { id: SITE, kind: 'autocomplete' },
        query: {},
      }),
    ).toEqual([]);
    expect(
      await designer.call(listGlobalComponentsRoute, { params: { id: SITE }, query: {} }),
    ).toEqual({ data: [] });
  });

  it('saves versions per copy, lists them newest first, reads one by id and audits each save', async () => {
    const designer = await server.as('designer');
    const audits = await configAudits();
    const first = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { baseVersionId: null, enabled: true, throttle: 500 },
    });
    expect(first).toMatchObject({ version: 1, test: true, author: 'designer' });
    expect(first.config).toMatchObject({ enabled: true, throttle: 500, siteId: SITE });
    const second = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { ...first.config, baseVersionId: first.versionId, throttle: 600 },
    });
    expect(second.version).toBe(2);
    const prod = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE, test: 'false' },
      body: { baseVersionId: null, enabled: false },
    });
    expect(prod).toMatchObject({ version: 1, test: false });

    const latest = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'true' },
    });
    expect(latest).toMatchObject({ versionId: second.versionId, version: 2 });
    expect(latest.config).toMatchObject({ throttle: 600 });
    const testVersions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: {},
    });
    expect(testVersions.map((v) => v.version)).toEqual([2, 1]);
    expect(testVersions[0]).toMatchObject({
      author: 'designer',
      test: true,
      configType: 'INTEGRATION',
      sourceVersionId: null,
    });
    const prodVersions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
    });
    expect(prodVersions.map((v) => v.versionId)).toEqual([prod.versionId]);

    const old = await designer.call(configVersionRoute, {
      params: { id: SITE, kind: 'autocomplete', versionId: first.versionId! },
    });
    expect(old.config).toMatchObject({ throttle: 500 });
    // Another kind or another site: 404.
    expect(
      (
        await failure(
          designer.call(configVersionRoute, {
            params: { id: SITE, kind: 'instant-search', versionId: first.versionId! },
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          designer.call(configVersionRoute, {
            params: { id: 1, kind: 'autocomplete', versionId: first.versionId! },
          }),
        )
      ).status,
    ).toBe(404);

    expect(await configAudits()).toBe(audits + 3);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'config:autocomplete'), eq(auditLog.entityId, `${SITE}/0/test`)),
      )
      .orderBy(auditLog.id)
      .offset(1);
    expect(entry).toMatchObject({ actor: 'designer', action: 'save' });
    expect(entry!.before).toMatchObject({ versionId: first.versionId, data: { throttle: 500 } });
    expect(entry!.after).toMatchObject({ versionId: second.versionId, data: { throttle: 600 } });
  });

  it('refuses a stale base with 409 naming the newer version, and writes nothing', async () => {
    const designer = await server.as('designer');
    const integrator = await server.as('integrator');
    const base = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'search' },
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    const newer = await integrator.call(saveSearchConfigRoute, {
      params: { kind: 'search' },
      query: { siteId: SITE },
      body: { baseVersionId: base.versionId, throttle: 100 },
    });
    const versions = await versionCount();
    const audits = await configAudits();
    const error = await failure(
      designer.call(saveSearchConfigRoute, {
        params: { kind: 'search' },
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, throttle: 200 },
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toContain('integrator');
    expect(error.body).toMatchObject({
      status: 409,
      conflict: {
        versionId: newer.versionId,
        version: 2,
        author: 'integrator',
        createdAt: newer.createdAt,
      },
    });
    // A save that claims "nothing saved yet" over an existing copy is stale too.
    expect(
      (
        await failure(
          designer.call(saveSearchConfigRoute, {
            params: { kind: 'search' },
            query: { siteId: SITE },
            body: { baseVersionId: null },
          }),
        )
      ).status,
    ).toBe(409);
    expect(await versionCount()).toBe(versions);
    expect(await configAudits()).toBe(audits);
  });

  it('lets exactly one of two concurrent saves on one base win', async () => {
    const designer = await server.as('admin');
    const integrator = await server.as('integrator');
    const base = await designer.call(saveTrackingConfigRoute, {
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    const results = await Promise.allSettled([
      designer.call(saveTrackingConfigRoute, {
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, sessionCookieMinutes: 10 },
      }),
      integrator.call(saveTrackingConfigRoute, {
        query: { siteId: SITE },
        body: { baseVersionId: base.versionId, sessionCookieMinutes: 20 },
      }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const versions = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'tracking' },
      query: {},
    });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('keeps many racing saves on one base to one winner; the losers get the winner as conflict', async () => {
    const configs = createConfigRepository(server.database.db);
    const copy = { siteId: SITE, kind: 'mvt' as const, key: 0, test: false };
    const base = await configs.save({ copy, data: {}, author: 'admin', baseVersionId: null });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        configs.save({ copy, data: { n }, author: `racer-${n}`, baseVersionId: base.id }),
      ),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as HttpError] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const error of lost) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(409);
      expect(error.fields).toMatchObject({
        conflict: { versionId: won[0]!.id, version: 2, author: won[0]!.author },
      });
    }
    expect((await configs.versions(copy)).map((row) => row.version)).toEqual([2, 1]);
  });

  it('checks the role per kind and copy: a manager saves integration only', async () => {
    const manager = await server.as('manager');
    const saved = await manager.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: { baseVersionId: null },
    });
    expect(saved.test).toBe(true);
    const versions = await versionCount();
    const denied = await failure(
      manager.call(saveSearchConfigRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE, test: 'false' },
        body: { baseVersionId: null },
      }),
    );
    expect(denied.status).toBe(403);
    const mvt = await manager.call(saveIntegrationMvtConfigRoute, {
      query: { siteId: SITE, baseVersionId: 'null' },
      body: [{ name: 'A' }],
    });
    expect(mvt).toMatchObject({ test: true, config: [{ name: 'A', share: 50 }] });
    const afterMvt = await versionCount();
    expect(
      (
        await failure(
          manager.call(saveMvtConfigRoute, {
            query: { siteId: SITE, baseVersionId: 'null' },
            body: [],
          }),
        )
      ).status,
    ).toBe(403);
    // The designer has no recommendation roles at all.
    const designer = await server.as('designer');
    expect(
      (
        await failure(
          designer.call(saveRecommendationBlockRoute, {
            query: { siteId: SITE },
            body: blockWire({ name: 'Нет', test: true }),
          }),
        )
      ).status,
    ).toBe(403);
    expect(await versionCount()).toBe(afterMvt);
    expect(afterMvt).toBe(versions + 1);
  });

  it('rejects a bad CSS selector and bad JSON-text settings with 400, writing nothing', async () => {
    const designer = await server.as('designer');
    const integrator = await server.as('integrator');
    const versions = await versionCount();
    const error = await failure(
      designer.call(saveSearchConfigRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE },
        body: { baseVersionId: null, selectors: { input: 'input[name=' } },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.issues[0]?.path).toEqual(['body', 'selectors', 'input']);
    const inText = await failure(
      integrator.call(saveRecommendationBlockRoute, {
        query: { siteId: SITE },
        body: {
          ...blockWire({ name: 'Плохой', test: true }),
          customSettings: JSON.stringify({ itemsPerPageDesktop: 0 }),
        },
      }),
    );
    expect(inText.status).toBe(400);
    // The spec's test flag in the query is taken too, and must agree with the body's
    const contradiction = await failure(
      integrator.call(saveRecommendationBlockRoute, {
        query: { siteId: SITE, test: 'false' },
        body: blockWire({ name: 'Противоречие', test: true }),
      }),
    );
    expect(contradiction).toMatchObject({
      status: 400,
      message: expect.stringMatching(/contradicts/),
    });
    expect(inText.issues[0]?.path).toContain('itemsPerPageDesktop');
    expect(await versionCount()).toBe(versions);
  });

  it('refuses JSON text that is not an object on save with 400 on that field, writing nothing', async () => {
    const integrator = await server.as('integrator');
    const designer = await server.as('designer');
    const created = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: {
        ...blockWire({ name: 'Настроенный', test: true }),
        customSettings: JSON.stringify({ itemsPerPageDesktop: 7 }),
      },
    });
    const configId = created.config.configId!;
    const versions = await versionCount();
    const audits = await configAudits();
    const badBlock = async (fields: { customSettings?: string; htmlTemplate?: string }) =>
      failure(
        integrator.call(saveRecommendationBlockRoute, {
          query: { siteId: SITE },
          body: {
            ...blockWire({ name: 'Настроенный', test: true }),
            configId,
            baseVersionId: created.versionId,
            ...fields,
          },
        }),
      );
    const notJson = await badBlock({ customSettings: '{not json' });
    expect(notJson.status).toBe(400);
    expect(notJson.issues).toEqual([
      expect.objectContaining({ path: ['body', 'customSettings'], code: 'invalid_json' }),
    ]);
    const array = await badBlock({ htmlTemplate: '[1,2]' });
    expect(array.status).toBe(400);
    expect(array.issues).toEqual([
      expect.objectContaining({ path: ['body', 'htmlTemplate'], code: 'invalid_type' }),
    ]);
    expect(array.message).toMatch(/htmlTemplate.*JSON object/);
    // A field inside valid text keeps its own path.
    const inside = await badBlock({ htmlTemplate: JSON.stringify({ common: { html: 7 } }) });
    expect(inside.status).toBe(400);
    expect(inside.issues[0]?.path).toEqual(['body', 'htmlTemplate', 'common', 'html']);
    const component = await failure(
      designer.call(saveGlobalComponentRoute, {
        query: { siteId: SITE },
        body: {
          name: 'Сломанный',
          template: 'null',
          customSettings: '{"ordering": 1,}',
          test: true,
          baseVersionId: null,
        },
      }),
    );
    expect(component.status).toBe(400);
    expect(component.issues.map((issue) => issue.path)).toEqual([
      ['body', 'template'],
      ['body', 'customSettings'],
    ]);
    expect(await versionCount()).toBe(versions);
    expect(await configAudits()).toBe(audits);
    const [stored] = (
      await integrator.call(listRecommendationBlocksRoute, {
        params: { id: SITE },
        query: { id: configId },
      })
    ).data;
    expect(stored!.versionId).toBe(created.versionId);
    expect(parseRecommendationsBlock(stored!).customSettings.itemsPerPageDesktop).toBe(7);
    // Blank text is nothing typed: an empty object, saved.
    const blank = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: {
        ...blockWire({ name: 'Настроенный', test: true }),
        configId,
        baseVersionId: created.versionId,
        htmlTemplate: '',
      },
    });
    expect(parseRecommendationsBlock(blank.config).htmlTemplate).toEqual({});
    // Loading stays lenient (spec §8): the console's parse of broken text gives the defaults.
    expect(
      parseRecommendationsBlock({ ...stored!, customSettings: '{not json' }).customSettings,
    ).toMatchObject({ itemsPerPageDesktop: 20 });
    const admin = await server.as('admin');
    await admin.call(deleteRecommendationBlockRoute, { query: { siteId: SITE, id: configId } });
  });

  it('creates a block the spec way: disabled production copy with defaults, then the test copy', async () => {
    const integrator = await server.as('integrator');
    const prod = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: blockWire({ name: 'Похожие товары', test: false }),
    });
    const configId = prod.config.configId!;
    expect(configId).toBeGreaterThan(0);
    expect(prod).toMatchObject({ version: 1, test: false });
    expect(prod.config).toMatchObject({ enabledDesktop: false, enabledMobile: false });
    const test = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: {
        ...blockWire({ name: 'Похожие товары', test: true, enabledDesktop: true, ordering: 3 }),
        configId,
      },
    });
    expect(test).toMatchObject({ version: 1, test: true, config: { configId } });
    // JSON text round trip: ordering moved into customSettings, htmlTemplate kept.
    const settings = JSON.parse(test.config.customSettings) as Record<string, unknown>;
    expect(settings).toMatchObject({ ordering: 3, widgetType: 'SWIPER' });
    const listed = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: { test: 'true' },
    });
    expect(listed.data.map((b) => b.configId)).toEqual([configId]);
    // On the wire: the block's fields at the top level (no `config` wrapper), its version beside.
    const rawBlocks = (
      await integrator.raw({
        method: 'GET',
        url: `/api/site/${SITE}/config/recommendations-block?test=true`,
      })
    ).json() as { data: Record<string, unknown>[] };
    expect(rawBlocks.data[0]).not.toHaveProperty('config');
    expect(rawBlocks.data[0]).toMatchObject({
      configId,
      name: 'Похожие товары',
      versionId: test.versionId,
      version: 1,
      test: true,
      author: 'integrator',
    });
    expect(typeof rawBlocks.data[0]!.customSettings).toBe('string');
    expect(typeof rawBlocks.data[0]!.htmlTemplate).toBe('string');
    const parsed = parseRecommendationsBlock(listed.data[0]!);
    expect(parsed).toMatchObject({
      ordering: 3,
      enabledDesktop: true,
      htmlTemplate: { productItem: { html: '<b>{{name}}</b>', script: '' } },
      customSettings: { swiperOptions: { breakpoints: { tv: { slidesPerView: 5 } } } },
    });
    const prodList = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: { test: 'false', id: configId },
    });
    expect(prodList.data).toHaveLength(1);
    expect(prodList.data[0]!.enabledDesktop).toBe(false);

    // A second block sorts by ordering.
    const other = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: blockWire({ name: 'Первый', test: true, ordering: 1 }),
    });
    const ordered = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: {},
    });
    expect(ordered.data.map((b) => b.name)).toEqual(['Первый', 'Похожие товары']);

    const history = await integrator.call(recommendationBlockVersionsRoute, {
      params: { id: SITE },
      query: { id: configId, test: 'true' },
    });
    expect(history.map((v) => v.versionId)).toEqual([test.versionId]);
    const one = await integrator.call(recommendationBlockVersionRoute, {
      params: { id: SITE, versionId: prod.versionId! },
    });
    expect(one).toMatchObject({ test: false, config: { configId, name: 'Похожие товары' } });

    // Another site's id: 404, nothing written.
    const versions = await versionCount();
    const foreign = await failure(
      integrator.call(saveRecommendationBlockRoute, {
        query: { siteId: 1 },
        body: { ...blockWire({ name: 'Чужой', test: true }), configId },
      }),
    );
    expect(foreign.status).toBe(404);
    expect(await versionCount()).toBe(versions);

    // Delete: both copies leave the lists, the history stays, audited.
    const audits = await configAudits();
    await integrator.call(deleteRecommendationBlockRoute, {
      query: { siteId: SITE, id: configId },
    });
    expect(await configAudits()).toBe(audits + 2);
    for (const copy of ['true', 'false'] as const) {
      const left = await integrator.call(listRecommendationBlocksRoute, {
        params: { id: SITE },
        query: { test: copy },
      });
      expect(left.data.map((b) => b.configId)).not.toContain(configId);
    }
    expect(
      await integrator.call(recommendationBlockVersionsRoute, {
        params: { id: SITE },
        query: { id: configId, test: 'false' },
      }),
    ).toHaveLength(1);
    expect(
      (
        await failure(
          integrator.call(saveRecommendationBlockRoute, {
            query: { siteId: SITE },
            body: {
              ...blockWire({ name: 'x', test: true }),
              configId,
              baseVersionId: test.versionId,
            },
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          integrator.call(deleteRecommendationBlockRoute, {
            query: { siteId: SITE, id: configId },
          }),
        )
      ).status,
    ).toBe(404);
    expect(other.config.configId).not.toBe(configId);
  });

  it('creates a component the spec way: production first, then integration under the componentId', async () => {
    const designer = await server.as('designer');
    const wire = {
      name: 'Карточка',
      type: 'PRODUCT' as const,
      view: 'FASHION' as const,
      template: JSON.stringify({ html: '<div>{{name}}</div>', script: '' }),
      customSettings: JSON.stringify({ ordering: 2, pickerParams: ['Цвет'] }),
      css: '.digi-card { color: red; }',
    };
    const prod = await designer.call(saveGlobalComponentRoute, {
      query: { siteId: SITE, test: 'false' },
      body: { ...wire, test: false, baseVersionId: null },
    });
    const componentId = prod.config.componentId!;
    expect(prod).toMatchObject({ test: false, version: 1 });
    const integration = await designer.call(saveGlobalComponentRoute, {
      query: { siteId: SITE, test: 'true' },
      body: { ...wire, componentId, test: true, baseVersionId: null },
    });
    expect(integration).toMatchObject({ test: true, version: 1, config: { componentId } });
    const listed = await designer.call(listGlobalComponentsRoute, {
      params: { id: SITE },
      query: { test: 'true' },
    });
    expect(listed.data).toHaveLength(1);
    // Spec part 1 §7, on the wire as the spec's client reads it: componentId, template and
    // customSettings (JSON text) at the top level of each item, the version metadata beside them.
    const rawList = await designer.raw({
      method: 'GET',
      url: `/api/site/${SITE}/config/global-component?test=true`,
    });
    expect(rawList.statusCode).toBe(200);
    const [item] = (rawList.json() as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(item!).sort()).toEqual(
      [
        'author',
        'componentId',
        'createdAt',
        'css',
        'customSettings',
        'name',
        'template',
        'test',
        'type',
        'version',
        'versionId',
        'view',
      ].sort(),
    );
    expect(item).toMatchObject({
      componentId,
      versionId: integration.versionId,
      version: 1,
      test: true,
      author: 'designer',
      template: wire.template,
    });
    expect(JSON.parse(item!.customSettings as string)).toMatchObject({ ordering: 2 });
    const parsed = parseGlobalComponent(listed.data[0]!);
    expect(parsed).toMatchObject({
      componentId,
      view: 'FASHION',
      template: { html: '<div>{{name}}</div>' },
      customSettings: { ordering: 2, pickerParams: ['Цвет'], asyncCheckTime: 500 },
    });
    const history = await designer.call(globalComponentVersionsRoute, {
      params: { id: SITE },
      query: { id: componentId, test: 'false' },
    });
    expect(history.map((v) => v.versionId)).toEqual([prod.versionId]);
    expect(
      await designer.call(globalComponentVersionRoute, {
        params: { id: SITE, versionId: integration.versionId! },
      }),
    ).toMatchObject({ test: true, config: { componentId } });
    // The query and the body disagree on the copy: 400.
    expect(
      (
        await failure(
          designer.call(saveGlobalComponentRoute, {
            query: { siteId: SITE, test: 'true' },
            body: { ...wire, componentId, test: false, baseVersionId: prod.versionId },
          }),
        )
      ).status,
    ).toBe(400);
    // A manager may save the integration copy but not delete.
    const manager = await server.as('manager');
    expect(
      (
        await failure(
          manager.call(deleteGlobalComponentRoute, { query: { siteId: SITE, id: componentId } }),
        )
      ).status,
    ).toBe(403);
    await designer.call(deleteGlobalComponentRoute, { query: { siteId: SITE, id: componentId } });
    expect(
      await designer.call(listGlobalComponentsRoute, { params: { id: SITE }, query: {} }),
    ).toEqual({ data: [] });
  });

  it('migrates old fields of a stored search config on load', async () => {
    const admin = await server.as('admin');
    await server.database.db.insert(configVersions).values({
      siteId: SITE,
      kind: 'instant-search',
      key: 0,
      test: false,
      version: 1,
      author: 'legacy',
      data: {
        enabled: true,
        customSettings: { verticalAutocomplete: true, inputWidth: false, topBrands: 7 },
      },
    });
    const loaded = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    const settings = searchConfig.parse(loaded.config).customSettings;
    expect(settings).toMatchObject({
      typesAC: ['queries', 'products', 'history', 'taps', 'categories', 'brands'],
      acWidthType: 'FULL_WIDTH',
      topBrands: 7,
    });
    expect(settings).not.toHaveProperty('verticalAutocomplete');
    expect(settings).not.toHaveProperty('inputWidth');
  });

  it('serves the default instant search config and the storefront default templates', async () => {
    const manager = await server.as('manager');
    const defaults = await manager.call(defaultInstantSearchRoute, {});
    expect(searchConfig.parse(defaults).throttle).toBe(800);
    for (const part of SEARCH_TEMPLATE_PARTS) expect(defaults.htmlTemplate[part]).toBeTruthy();
    const templates = await manager.call(defaultTemplatesRoute, {});
    expect(Object.keys(templates.search)).toEqual(
      expect.arrayContaining(['facetTreeList', 'autocomplete']),
    );
    expect(Object.keys(templates.recommendations).sort()).toEqual([
      'common',
      'infinityList',
      'infinityListModal',
      'productItem',
      'swiper',
    ]);
    expect(Object.keys(templates.components)).toEqual(
      expect.arrayContaining(['card', 'productCard', 'slider', 'cartButton', 'favoriteButton']),
    );
    expect(templates.components.card).toContain('digi-card');
    expect(templates.tokens).toHaveProperty('Colors');
    const client = await server.as('client');
    expect((await failure(client.call(defaultTemplatesRoute, {}))).status).toBe(403);
  });
});

/**
 * A delete racing a save: on PostgreSQL the save holds the version number the tombstone wants
 * until it commits. PGlite has one connection and runs transactions one after the other, so
 * the race cannot happen there.
 */
describe.each(DATABASES.filter((kind) => kind === 'postgres'))(
  'config delete racing a save on %s',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server.close());

    async function until(condition: () => Promise<boolean> | boolean) {
      const end = Date.now() + 10_000;
      while (!(await condition())) {
        if (Date.now() > end) throw new Error('timed out waiting for the race to set up');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    /** Whether a statement of this database waits on a lock (the racing insert). */
    async function waiting(): Promise<boolean> {
      const result = await server.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      return (rows[0] as { n: number }).n > 0;
    }

    it('answers 409 naming the save, not 500, and writes no tombstone', async () => {
      const { db } = server.database;
      const configs = createConfigRepository(db);
      const key = await configs.allocateKey();
      const copy = { siteId: SITE, kind: 'recommendations-block' as const, key, test: true };
      const first = await configs.save({
        copy,
        data: { name: 'Гонка' },
        author: 'integrator',
        baseVersionId: null,
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let saved: ConfigVersionRow | undefined;
      const saving = db.transaction(async (tx) => {
        saved = await appendVersion(tx, {
          copy,
          data: { name: 'Гонка 2' },
          author: 'racer',
          baseVersionId: first.id,
        });
        await gate;
      });
      await until(() => saved !== undefined);
      const removing = configs.remove(SITE, copy.kind, key, 'admin').then(
        () => null,
        (error: unknown) => error,
      );
      // The tombstone's insert waits on the uncommitted save's row.
      await until(waiting);
      release();
      await saving;
      const error = await removing;
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status: 409,
        fields: { conflict: { versionId: saved!.id, version: 2, author: 'racer' } },
      });
      const versions = await configs.versions(copy);
      expect(versions.map((row) => row.version)).toEqual([2, 1]);
      expect(await configs.latest(copy)).toMatchObject({ id: saved!.id, deleted: false });
      // Reloaded, the delete goes through.
      expect(await configs.remove(SITE, copy.kind, key, 'admin')).toBe(true);
      expect(await configs.latest(copy)).toMatchObject({ deleted: true });
    });

    it('answers 404 to the loser of two racing deletes', async () => {
      const { db } = server.database;
      const configs = createConfigRepository(db);
      const key = await configs.allocateKey();
      const copy = { siteId: SITE, kind: 'global-component' as const, key, test: true };
      const first = await configs.save({
        copy,
        data: { name: 'Дважды' },
        author: 'designer',
        baseVersionId: null,
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let tombstoned = false;
      // The winner, held open after writing its tombstone.
      const winning = db.transaction(async (tx) => {
        await tx.insert(configVersions).values({
          ...copy,
          version: first.version + 1,
          data: first.data,
          deleted: true,
          author: 'winner',
        });
        tombstoned = true;
        await gate;
      });
      await until(() => tombstoned);
      const losing = configs.remove(SITE, copy.kind, key, 'loser').then(
        (removed) => removed,
        (error: unknown) => error,
      );
      await until(waiting);
      release();
      await winning;
      expect(await losing).toBe(false);
      expect(await configs.latest(copy)).toMatchObject({ author: 'winner', deleted: true });
    });
  },
);

function blockWire(fields: {
  name: string;
  test: boolean;
  enabledDesktop?: boolean;
  ordering?: number;
}) {
  return {
    name: fields.name,
    test: fields.test,
    ordering: fields.ordering ?? 0,
    enabledDesktop: fields.enabledDesktop ?? false,
    customSettings: JSON.stringify({}),
    htmlTemplate: JSON.stringify({ productItem: { html: '<b>{{name}}</b>' } }),
    baseVersionId: null,
  };
}
