import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecommendationsBlock } from '#contract/entities/config.ts';
import {
  deleteRecommendationBlockRoute,
  listRecommendationBlocksRoute,
  recommendationBlockVersionRoute,
  recommendationBlockVersionsRoute,
  saveGlobalComponentRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { SITE, blockWire, configCounters } from './configs-fixtures.ts';

describe.each(DATABASES)('configs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const { versionCount, configAudits } = configCounters(() => server);

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
});
