import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { confirmFeedRoute } from '#contract/routes/catalog.ts';
import { NO_CATEGORY } from '#server/feeds/intake/yml-parse.ts';
import { siteJobRoute } from '#contract/routes/sites.ts';
import {
  catalogCategories,
  catalogImports,
  catalogOffers,
  catalogProducts,
  feedHistory,
  sites,
} from '#server/platform/db/schema.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';
import {
  demoFeedUrl,
  feedDir,
  feedFileUrl,
  feedPolicy,
  importFeed,
  liveCatalog,
  offerXml,
  ymlDocument,
} from '#tests/helpers/catalog.ts';

const CATEGORIES = `<category id="1">Одежда</category><category id="2" parentId="1">Платья</category><category id="3" parentId="2">Вечерние</category>`;

describe.each(DATABASES)('YML importer on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: true, env: { DATA_DIR: feedDir } });
  });
  afterAll(() => server.close());

  const offersOf = async (importId: number) => {
    const [row] = await server.database.db
      .select({ n: count() })
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, importId));
    return Number(row!.n);
  };

  it('imports a good feed: shop, currencies, category tree, offers, SKUs, products, feed history', async () => {
    const summary = await importFeed(server.database, 2, await demoFeedUrl({ offers: 300 }));
    expect(summary).toMatchObject({ held: false, applied: true, problemCount: 0, skipped: 0 });
    expect(summary.offers).toBeGreaterThanOrEqual(300);
    expect(summary.products).toBeLessThan(summary.offers);
    const { db } = server.database;
    const [imported] = await db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, summary.importId));
    expect(imported).toMatchObject({ state: 'live', shop: { name: 'Демо-магазин одежды' } });
    expect(imported!.currencies).toEqual([{ id: 'RUR', rate: '1' }]);
    const leaf = await db
      .select()
      .from(catalogCategories)
      .where(eq(catalogCategories.importId, summary.importId));
    expect(leaf.find((c) => c.pathIds.length === 3)?.pathNames).toHaveLength(3);
    const variants = await db
      .select()
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, summary.importId));
    const grouped = variants.filter((o) => o.groupId !== null);
    expect(grouped.length).toBeGreaterThan(100);
    expect(grouped[0]!.params.some((p) => p.name === 'Размер' && p.unit === 'INT')).toBe(true);
    const products = await db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.importId, summary.importId));
    expect(products).toHaveLength(summary.products);
    expect(products.some((p) => p.skuCount > 1)).toBe(true);
    const history = await db.select().from(feedHistory).where(eq(feedHistory.siteId, 2));
    expect(history.at(-1)).toMatchObject({
      feedType: 'YML',
      regionId: 'global',
      offers: summary.offers,
    });
  });

  it('lists per-offer problems (missing id, bad price, no name) and skips those offers; an unknown category is a change', async () => {
    const url = feedFileUrl(
      ymlDocument({
        categories: CATEGORIES + '<category id="9" parentId="77">Сирота</category>',
        offers: [
          offerXml({ id: 'a1', category: '3', name: 'Платье вечернее &amp; длинное' }),
          offerXml({ id: 'a2', category: '2', name: 'Платье <![CDATA[летнее]]>' }),
          offerXml({ category: '2' }),
          offerXml({ id: 'a4', category: '404' }),
          offerXml({ id: 'a5', price: 'дорого' }),
          offerXml({ id: 'a6', name: '' }),
          offerXml({ id: 'a1', category: '3' }),
          offerXml({ id: 'a8', category: '9' }),
        ].join('\n'),
      }),
    );
    const summary = await importFeed(server.database, 2, url);
    expect(summary.offers).toBe(4);
    expect(summary.skipped).toBe(4);
    expect(summary.changed).toBe(1);
    const messages = summary.problems.map((p) => `${p.offerId}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'null: The offer has no id',
        'a4: Unknown category 404: taken under "Без категории" (~no-category)',
        'a5: Missing or invalid price "дорого"',
        'a6: The offer has no name',
        'a1: Duplicate offer id a1',
        expect.stringMatching(/Category 9 names an unknown parent 77/),
      ]),
    );
    expect(summary.problems.every((p) => p.line > 0)).toBe(true);
    // Each problem carries its code and params, which the console translates.
    expect(summary.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ offerId: null, code: 'offerNoId', params: {} }),
        expect.objectContaining({
          offerId: 'a5',
          code: 'invalidPrice',
          params: { price: 'дорого' },
        }),
        expect.objectContaining({ offerId: 'a1', code: 'duplicateOfferId', params: { id: 'a1' } }),
        expect.objectContaining({
          code: 'categoryUnknownParent',
          params: { id: '9', parent: '77' },
        }),
      ]),
    );
    const names = await server.database.db
      .select({ name: catalogOffers.name })
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, summary.importId));
    expect(names.map((n) => n.name).sort()).toEqual(
      ['Платье вечернее & длинное', 'Платье летнее', 'Товар', 'Товар'].sort(),
    );
  });

  it('imports real shops\' quirks: the "no category" node in the tree and on its products, ICML, windows-1251 with rates', async () => {
    const fixture = (name: string) => {
      const path = join(feedDir, `fixture-${name}`);
      copyFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), path);
      return pathToFileURL(path).href;
    };
    const { db } = server.database;
    const summary = await importFeed(server.database, 2, fixture('dsklad-quirks.xml'));
    expect(summary).toMatchObject({ offers: 5, skipped: 0, changed: 2, categories: 3 });
    const tree = await db
      .select()
      .from(catalogCategories)
      .where(eq(catalogCategories.importId, summary.importId));
    expect(tree.find((c) => c.id === NO_CATEGORY.id)).toMatchObject({
      name: 'Без категории',
      parentId: null,
      pathIds: [NO_CATEGORY.id],
    });
    const products = await db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.importId, summary.importId));
    expect(
      products
        .filter((p) => p.categoryId === NO_CATEGORY.id)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['1955', '19563']);
    expect(products.find((p) => p.id === '19561')!.name).toBe('Стул Дизайн Склад Eames DSW');

    const icml = await importFeed(server.database, 2, fixture('icml-retailcrm.xml'));
    expect(icml).toMatchObject({ offers: 3, skipped: 1, changed: 0, encoding: 'utf-8' });
    const rates = await importFeed(
      server.database,
      2,
      fixture('bitrix-currencies.windows-1251.xml'),
    );
    expect(rates).toMatchObject({ offers: 4, skipped: 2, encoding: 'windows-1251' });
    const converted = await db
      .select()
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, rates.importId));
    expect(converted.find((o) => o.id === '7002')).toMatchObject({
      price: 717.38,
      currencyId: 'RUB',
    });
  });

  it('fails on broken XML and leaves the live catalog and no staged rows', async () => {
    await importFeed(server.database, 2, await demoFeedUrl({ offers: 100 }));
    const before = await liveCatalog(server.database, 2);
    const broken = feedFileUrl(
      ymlDocument({
        categories: CATEGORIES,
        offers: offerXml({ id: 'b1' }) + '<offer id="b2"><name>x</nme></offer>',
      }),
    );
    await expect(importFeed(server.database, 2, broken)).rejects.toThrow(/not valid XML/);
    await expect(
      importFeed(server.database, 2, feedFileUrl('<?xml version="1.0"?><html></html>')),
    ).rejects.toThrow(/yml_catalog/);
    expect(await liveCatalog(server.database, 2)).toEqual(before);
    const imports = await server.database.db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.siteId, 2));
    expect(imports.map((i) => i.state)).toEqual(['live']);
    expect(await offersOf(before!.importId)).toBe(before!.offers);
  });

  it('decodes windows-1251 feeds', async () => {
    const summary = await importFeed(
      server.database,
      2,
      feedFileUrl(
        ymlDocument({
          encoding: 'windows-1251',
          categories: CATEGORIES,
          offers: offerXml({ id: 'w1', category: '3', name: 'Платье «Ёлочка» с вышивкой' }),
        }),
      ),
    );
    expect(summary.encoding).toBe('windows-1251');
    const [offer] = await server.database.db
      .select()
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, summary.importId));
    expect(offer!.name).toBe('Платье «Ёлочка» с вышивкой');
    // A generated demo feed in CP1251 as well (a large document crossing many chunks).
    const big = await importFeed(
      server.database,
      2,
      await demoFeedUrl({ offers: 400, encoding: 'windows-1251' }),
    );
    expect(big).toMatchObject({ encoding: 'windows-1251', problemCount: 0, held: false });
    const [sample] = await server.database.db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.importId, big.importId))
      .limit(1);
    expect(sample!.name).toMatch(/^[А-ЯЁ][а-яё]+ /);
  });

  it('holds a feed that would remove more than half of the catalog until an operator confirms it', async () => {
    const { db } = server.database;
    await importFeed(server.database, 2, await demoFeedUrl({ offers: 200 }));
    const live = await liveCatalog(server.database, 2);
    // The site's feed now names a different, smaller catalog; the real job runs the import.
    const url = await demoFeedUrl({ offers: 60, idOffset: 5000, seed: 7 });
    await db.update(sites).set({ feedUrl: url }).where(eq(sites.id, 2));
    const job = await server.app.jobs.launch({ siteId: 2, kind: 'feed-update', createdBy: 'test' });
    const admin = await server.as('admin');
    let state = 'queued';
    let result: unknown;
    for (let i = 0; i < 120 && state !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await admin.call(siteJobRoute, { params: { id: 2, jobId: job.id } });
      state = answer.state;
      result = answer.result;
    }
    expect(state).toBe('done');
    expect(result).toMatchObject({ held: true, applied: false, previous: live!.offers });
    expect(await liveCatalog(server.database, 2)).toEqual(live);

    // Users without the feed-loader role may not confirm it.
    const client = await server.as('client');
    expect(
      (
        await failure(
          client.call(confirmFeedRoute, { params: { id: 2 }, query: { jobId: job.id } }),
        )
      ).status,
    ).toBe(403);
    const confirmed = await admin.call(confirmFeedRoute, {
      params: { id: 2 },
      query: { jobId: job.id },
    });
    expect(confirmed.offers).toBeGreaterThanOrEqual(60);
    const after = await liveCatalog(server.database, 2);
    expect(after).toMatchObject({ offers: confirmed.offers });
    expect(after!.importId).not.toBe(live!.importId);
    expect(await offersOf(live!.importId)).toBe(0);
    const again = await failure(
      admin.call(confirmFeedRoute, { params: { id: 2 }, query: { jobId: job.id } }),
    );
    expect(again.status).toBe(409);
  });

  it('imports a generated 20 000-offer feed streaming, with progress', async () => {
    const url = await demoFeedUrl({ offers: 20_000, seed: 3 });
    const steps: number[] = [];
    const { importYml, openFeed } = await import('#server/feeds/intake/yml-import.ts');
    const summary = await importYml(server.database.db, {
      siteId: 1,
      source: await openFeed(url, { policy: feedPolicy }),
      progress: async (percent) => {
        steps.push(percent);
      },
    });
    expect(summary.offers).toBeGreaterThanOrEqual(20_000);
    expect(summary.problemCount).toBe(0);
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.every((p, i) => i === 0 || p >= steps[i - 1]!)).toBe(true);
    expect(await offersOf(summary.importId)).toBe(summary.offers);
  }, 180_000);
});
