/**
 * The Dolyame instalment integration (spec part 2 §3, §5, §7 "Instalment"): defaults applied
 * when fields are empty, JSON text refused with its line, the public reads by apiKey, the
 * alternative attributes, roles and audit, and the loader naming the widget's own chunk only for
 * a site that enables it; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  createAlternativeAttributeRoute,
  deleteAlternativeAttributeRoute,
  getAlternativeAttributeRoute,
  getDolyameAppRoute,
  getDolyameWidgetRoute,
  listAlternativeAttributesRoute,
  saveDolyameAppRoute,
  saveDolyameWidgetRoute,
  updateAlternativeAttributeRoute,
} from '#contract/routes/dolyame.ts';
import { DOLYAME_WIDGET_DEFAULT_TEXT } from '#contract/entities/dolyame.ts';
import { auditLog, sites } from '#server/platform/db/schema.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const SITE = 1;

describe.each(DATABASES)('Dolyame on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let siteUrl: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, SITE));
    apiKey = site!.apiKey;
    siteUrl = site!.url;
  });
  afterAll(async () => server?.close());

  const publicGet = (path: string, key = apiKey) =>
    server.app.inject({
      method: 'GET',
      url: `/public/config/site/dolyame/${path}?apiKey=${encodeURIComponent(key)}`,
    });

  it('answers every default of spec §3 before anything is saved, and when fields are empty', async () => {
    const admin = await server.as('admin');
    const expected = {
      data: '',
      title: '',
      metaTitle: '',
      apiKey,
      domain: siteUrl,
      cashback: 25,
      source: 'dolyameapp',
      defaultRegionId: 'global',
      strategy: 'simple,zero_queries',
      primaryColor: null,
      digiPreview: null,
      defaultCategoryLevel: null,
      cashbackMaxValue: 30000,
      regionId: null,
      description: '',
      dolyameRegionIdsMap: '{}',
      useCategoryPrediction: false,
    };
    expect(await admin.call(getDolyameAppRoute, { query: { siteId: SITE } })).toMatchObject(
      expected,
    );
    const saved = await admin.call(saveDolyameAppRoute, {
      query: { siteId: SITE },
      body: { title: 'Шоп', metaTitle: '  ', domain: '', strategy: '', dolyameRegionIdsMap: ' ' },
    });
    expect(saved).toMatchObject({
      ...expected,
      title: 'Шоп',
      metaTitle: 'Шоп',
      updatedBy: 'admin',
    });
    expect(await (await publicGet('app')).json()).toMatchObject({
      title: 'Шоп',
      metaTitle: 'Шоп',
      domain: siteUrl,
      cashback: 25,
      dolyameRegionIdsMap: {},
    });
  });

  it('saves every field, the region map as JSON text, and serves the map as an object by apiKey', async () => {
    const admin = await server.as('admin');
    const map = '{\n  "global": "moscow",\n  "spb": "saint-petersburg"\n}';
    await admin.call(saveDolyameAppRoute, {
      query: { siteId: SITE },
      body: {
        data: 'x',
        title: 'Магазин',
        metaTitle: 'Магазин — Долями',
        domain: 'https://shop.example',
        defaultRegionId: 'spb',
        strategy: 'advanced',
        primaryColor: '#d92d20',
        digiPreview: 'https://shop.example/preview.png',
        defaultCategoryLevel: 2,
        cashbackMaxValue: 15000,
        regionId: 'spb',
        description: 'Описание',
        dolyameRegionIdsMap: map,
        useCategoryPrediction: true,
      },
    });
    const answer = await publicGet('app');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.json()).toMatchObject({
      metaTitle: 'Магазин — Долями',
      domain: 'https://shop.example',
      cashback: 25,
      source: 'dolyameapp',
      defaultCategoryLevel: 2,
      cashbackMaxValue: 15000,
      useCategoryPrediction: true,
      dolyameRegionIdsMap: { global: 'moscow', spb: 'saint-petersburg' },
    });
    expect(
      (await admin.call(getDolyameAppRoute, { query: { siteId: SITE } })).dolyameRegionIdsMap,
    ).toBe(map);
  });

  it('refuses a region map that does not parse with its line, and changes nothing', async () => {
    const admin = await server.as('admin');
    const before = await admin.call(getDolyameAppRoute, { query: { siteId: SITE } });
    const error = await failure(
      admin.call(saveDolyameAppRoute, {
        query: { siteId: SITE },
        body: { title: 'Другой', dolyameRegionIdsMap: '{\n  "global": "moscow",\n  "spb": \n}' },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^dolyameRegionIdsMap: Line 4, column 1: Unexpected '}'/);
    const notObject = await failure(
      admin.call(saveDolyameAppRoute, {
        query: { siteId: SITE },
        body: { dolyameRegionIdsMap: '[1]' },
      }),
    );
    expect(notObject.status).toBe(400);
    expect(await admin.call(getDolyameAppRoute, { query: { siteId: SITE } })).toEqual(before);
  });

  it('keeps the widget config text, refuses bad JSON and unknown keys at their line', async () => {
    const admin = await server.as('admin');
    expect(await admin.call(getDolyameWidgetRoute, { query: { siteId: SITE } })).toMatchObject({
      enabled: false,
      config: DOLYAME_WIDGET_DEFAULT_TEXT,
    });
    const defaults = JSON.parse(DOLYAME_WIDGET_DEFAULT_TEXT) as Record<string, unknown>;
    expect(defaults).toMatchObject({
      buttonInsertMode: 4,
      productButtonType: 1,
      checkoutLogoType: 1,
      logoInsertMode: 2,
      schemeInsertMode: 2,
      productMinPrice: 1,
      productMaxPrice: 30000,
      checkedSelector: 'input:checked',
      listingPagePathnameParts: [],
    });

    const syntax = await failure(
      admin.call(saveDolyameWidgetRoute, {
        query: { siteId: SITE },
        body: {
          enabled: true,
          config: '{\n  "isSPA": true,\n  "productPriceSelector": ".price"\n  "x": 1\n}',
        },
      }),
    );
    expect(syntax.status).toBe(400);
    expect(syntax.message).toBe("config: Line 4, column 3: Expected ',' or '}' but found '\"'");

    const unknown = await failure(
      admin.call(saveDolyameWidgetRoute, {
        query: { siteId: SITE },
        body: { enabled: true, config: '{\n  "isSPA": true,\n  "productMaxPrise": 100\n}' },
      }),
    );
    expect(unknown.message).toBe(
      'config: Line 3, column 3: productMaxPrise: Unknown key "productMaxPrise"',
    );

    const wrongType = await failure(
      admin.call(saveDolyameWidgetRoute, {
        query: { siteId: SITE },
        body: { enabled: true, config: '{\n  "buttonInsertMode": 7\n}' },
      }),
    );
    expect(wrongType.message).toMatch(/^config: Line 2, column 3: buttonInsertMode: /);

    const range = await failure(
      admin.call(saveDolyameWidgetRoute, {
        query: { siteId: SITE },
        body: { enabled: true, config: '{"productMinPrice": 500, "productMaxPrice": 100}' },
      }),
    );
    expect(range.message).toMatch(/productMinPrice must not be above productMaxPrice/);

    // nothing of the refused saves stuck, and the public read still says disabled
    expect((await admin.call(getDolyameWidgetRoute, { query: { siteId: SITE } })).enabled).toBe(
      false,
    );
    expect((await publicGet('widget')).json()).toMatchObject({ enabled: false });
  });

  it('serves the saved widget settings with the defaults filled in, and the loader adds the chunk', async () => {
    const admin = await server.as('admin');
    const loaderBefore = await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` });
    expect(loaderBefore.body).not.toContain('dolyame');

    await admin.call(saveDolyameWidgetRoute, {
      query: { siteId: SITE },
      body: {
        enabled: true,
        config: JSON.stringify({ productPagePathnamePart: 'demo.html', productMaxPrice: 20000 }),
      },
    });
    const widget = (await publicGet('widget')).json() as {
      enabled: boolean;
      settings: Record<string, unknown>;
    };
    expect(widget.enabled).toBe(true);
    expect(widget.settings).toMatchObject({
      productPagePathnamePart: 'demo.html',
      productMaxPrice: 20000,
      productMinPrice: 1,
      buttonInsertMode: 4,
      checkedSelector: 'input:checked',
    });

    const loader = await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` });
    const chunkPath = /"(\/cdn\/widgets\/dolyame\.[0-9a-f]{20}\.js)"/.exec(loader.body)?.[1];
    expect(chunkPath).toBeDefined();
    expect(loader.body).toContain(JSON.stringify(apiKey));
    const chunk = await server.app.inject({ method: 'GET', url: chunkPath! });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.body).toContain('платежа по');
    expect(
      (await server.app.inject({ method: 'GET', url: '/cdn/widgets/dolyame.0000.js' })).statusCode,
    ).toBe(404);

    // empty text means every default
    const reset = await admin.call(saveDolyameWidgetRoute, {
      query: { siteId: SITE },
      body: { enabled: false, config: '  ' },
    });
    expect(reset.config).toBe(DOLYAME_WIDGET_DEFAULT_TEXT);
    expect(
      (await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` })).body,
    ).not.toContain('dolyame');
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'dolyame-widget-config'), eq(auditLog.entityId, String(SITE))),
      );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 to an unknown apiKey and 400 to a missing one', async () => {
    expect((await publicGet('app', 'no-such-key')).statusCode).toBe(401);
    expect((await publicGet('widget', 'no-such-key')).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: '/public/config/site/dolyame/widget' }))
        .statusCode,
    ).toBe(400);
  });

  it('lists, adds, edits and deletes alternative attributes; refuses a field twice', async () => {
    const admin = await server.as('admin');
    const q = { siteId: SITE };
    const eligible = await admin.call(createAlternativeAttributeRoute, {
      query: q,
      body: { attribute: 'dolyame', alternative: 'eligible' },
    });
    await admin.call(createAlternativeAttributeRoute, {
      query: q,
      body: { attribute: 'dolyame_price', alternative: 'price' },
    });
    expect(
      (
        await failure(
          admin.call(createAlternativeAttributeRoute, {
            query: q,
            body: { attribute: 'other', alternative: 'eligible' },
          }),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await failure(
          admin.call(createAlternativeAttributeRoute, {
            query: q,
            body: { attribute: ' ', alternative: 'price' },
          }),
        )
      ).status,
    ).toBe(400);
    const edited = await admin.call(updateAlternativeAttributeRoute, {
      query: q,
      body: { id: eligible.id, attribute: 'instalments', alternative: 'eligible' },
    });
    expect(edited).toEqual({
      id: eligible.id,
      siteId: SITE,
      attribute: 'instalments',
      alternative: 'eligible',
    });
    expect(
      await admin.call(getAlternativeAttributeRoute, { query: { ...q, id: eligible.id } }),
    ).toEqual(edited);
    expect(
      (await admin.call(listAlternativeAttributesRoute, { query: q })).map((a) => a.attribute),
    ).toEqual(['dolyame_price', 'instalments']);
    await admin.call(deleteAlternativeAttributeRoute, { query: { ...q, id: eligible.id } });
    expect(
      (
        await failure(
          admin.call(getAlternativeAttributeRoute, { query: { ...q, id: eligible.id } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          admin.call(updateAlternativeAttributeRoute, {
            query: q,
            body: { id: eligible.id, attribute: 'a', alternative: 'eligible' },
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('lets site viewers read and only site editors write', async () => {
    const designer = await server.as('designer');
    expect((await designer.call(getDolyameWidgetRoute, { query: { siteId: SITE } })).enabled).toBe(
      false,
    );
    const refused = await failure(
      designer.call(saveDolyameWidgetRoute, {
        query: { siteId: SITE },
        body: { enabled: true, config: '' },
      }),
    );
    expect(refused.status).toBe(403);
    expect(
      (
        await failure(
          designer.call(saveDolyameAppRoute, { query: { siteId: SITE }, body: { title: 'x' } }),
        )
      ).status,
    ).toBe(403);
    const integrator = await server.as('integrator');
    await integrator.call(saveDolyameAppRoute, {
      query: { siteId: SITE },
      body: { title: 'Интегратор' },
    });
    expect((await integrator.call(getDolyameAppRoute, { query: { siteId: SITE } })).title).toBe(
      'Интегратор',
    );
  });
});
