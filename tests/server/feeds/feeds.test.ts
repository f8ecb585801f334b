/**
 * Feeds (server side): settings and URLs per type and region, rules, attributes,
 * parsing config and imshop regions through their calls; the YML (with regions), OZON, delta,
 * facets and content importers from a loopback HTTP server, with good, broken and hostile input;
 * regions honoured by the public search; the feed checker's dry run; cancel; the monitoring
 * e-mails; the raw-feed download. On PGlite and PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedCheckReport } from '#contract/entities/feeds.ts';
import type { Job } from '#contract/entities/job.ts';
import { enableSiteRoute, getSiteRoute, updateSiteRoute } from '#contract/routes/sites.ts';
import {
  contentFeedCancelRoute,
  contentFeedStartRoute,
  contentFeedStatusRoute,
  createFeedUrlRoute,
  deleteFeedUrlRoute,
  listFeedUrlsRoute,
  updateFeedUrlRoute,
  deltaFeedStartRoute,
  deltaFeedStatusRoute,
  facetsFeedStartRoute,
  facetsFeedStatusRoute,
  feedCheckerStartRoute,
  feedCheckerStatusRoute,
  feedLoaderResourcesRoute,
  feedLoaderStartRoute,
  feedLoaderStatusRoute,
  imshopRegionsRoute,
  listFeedAttributesRoute,
  listFeedRulesRoute,
  saveContentRoute,
  saveDeltaRoute,
  saveFacetsRoute,
  saveFeedParsingConfigRoute,
  saveFeedRuleRoute,
  saveImshopRegionsRoute,
  saveYmlRoute,
  uploadFeedAttributesRoute,
  deleteFeedRuleRoute,
  deleteFeedAttributesFromFileRoute,
  deleteFeedAttributesRoute,
} from '#contract/routes/feeds.ts';
import { addMonitoringEmailRoute } from '#contract/routes/mail.ts';
import type { SearchResponse } from '#contract/public/search.ts';
import type { Product } from '#contract/public/product.ts';
import { auditLog, catalogs, jobSchedules, mailOutbox } from '#server/platform/db/schema.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const SITE = 2;

// --- a loopback feed server -------------------------------------------------------------------

const files = new Map<string, string | Buffer>();
const requests: IncomingMessage[] = [];
let feedServer: Server;
let base = '';

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    requests.push(request);
    const path = (request.url ?? '').split('?')[0]!;
    if (path.startsWith('/endless')) {
      // A feed that never ends: a header, then one never-ending line (or XML text) forever.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write(
        path.includes('xml') ? '<?xml version="1.0"?><pages>' + ' '.repeat(400) : 'sku|cost\nA2|',
      );
      const timer = setInterval(() => response.write('x'.repeat(64 * 1024)), 5);
      request.socket.on('close', () => clearInterval(timer));
      return;
    }
    if (path.startsWith('/slow')) {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.write('<?xml version="1.0" encoding="UTF-8"?>\n<pages>' + ' '.repeat(400));
      const timer = setInterval(() => response.write(' '), 200);
      request.socket.on('close', () => clearInterval(timer));
      return;
    }
    const body = files.get(path);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const request of requests) request.socket.destroy();
  await new Promise<void>((resolve) => feedServer.close(() => resolve()));
});

const yml = (offers: string, categories = '') => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-24"><shop><name>Feeds</name>
<categories><category id="1">Обувь</category><category id="2" parentId="1">Кроссовки</category>
<category id="3">Куртки</category>${categories}</categories>
<offers>${offers}</offers></shop></yml_catalog>`;

const offer = (
  id: string,
  name: string,
  price: number,
  extra = '',
  attrs = '',
  category = '2',
) => `<offer id="${id}" available="true"${attrs}><name>${name}</name><url>https://shop.example/${id}</url>
<price>${price}</price><currencyId>RUR</currencyId><categoryId>${category}</categoryId>${extra}</offer>`;

const GOOD_YML = yml(
  [
    offer(
      'A1',
      'Кроссовки Альфа',
      5000,
      '<vendor>Nike</vendor><param name="Цвет">белый</param><param name="Артикул">X1</param>' +
        '<regions><region id="msk" price="4500"/><region id="spb" available="false"/></regions>',
    ),
    offer('A2', 'Кроссовки Бета', 7000, '<vendor>Adidas</vendor><param name="Цвет">чёрный</param>'),
    offer('A3', 'Кроссовки Гамма', 9000, '<vendor>Puma</vendor>'),
    offer('J1', 'Куртка Дельта', 12000, '<vendor>Nike</vendor>', '', '3'),
    offer('BAD', '', 100),
  ].join('\n'),
);

// --- helpers ----------------------------------------------------------------------------------

type Client = Awaited<ReturnType<TestServer['as']>>;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 400) {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}

/** The session cookie and anti-forgery header of a signed-in client, for app.inject. */
function authHeaders(client: Client): Record<string, string> {
  return {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
  };
}

/** A multipart/form-data body with one file in the field `file`. */
function multipart(name: string, content: string) {
  const boundary = '----feeddata' + Math.random().toString(16).slice(2);
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const finished = (job: Job | null) => job !== null && !['queued', 'running'].includes(job.state);

describe.each(DATABASES)('feeds on %s', (kind) => {
  let server: TestServer;
  let admin: Client;
  let apiKey = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-feeddata-'));

  beforeAll(async () => {
    server = await startTestServer(kind, {
      work: true,
      env: {
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FEED_MAX_BYTES: String(8 * 1024 * 1024),
        FETCH_TOTAL_TIMEOUT_MS: '60000',
        FEED_MAX_ATTRIBUTE_VALUES: '2',
        FEED_MAX_OFFERS: '4',
        DATA_DIR: dataDir,
      },
    });
    admin = await server.as('admin');
    const site = await admin.call(getSiteRoute, { params: { id: SITE } });
    apiKey = site.apiKey;
  });
  afterAll(() => server?.close());

  const q = { siteId: SITE };
  type StatusRoute =
    | typeof feedLoaderStatusRoute
    | typeof deltaFeedStatusRoute
    | typeof facetsFeedStatusRoute
    | typeof contentFeedStatusRoute
    | typeof feedCheckerStatusRoute;
  /** Polls a status call (1000 ms in the console, spec §9) until the latest job has finished. */
  const job = async (route: StatusRoute) =>
    until(() => admin.call(route as typeof feedLoaderStatusRoute, { query: q }), finished);
  const search = async (params: Record<string, string>) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/public/search?${new URLSearchParams({ apiKey, ...params })}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as SearchResponse;
  };
  const outbox = (kindName: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.siteId, SITE), eq(mailOutbox.kind, kindName)));

  it('saves settings and URLs: the site keeps its feed URL, bad input changes nothing, roles hold', async () => {
    const saved = await admin.call(saveYmlRoute, {
      query: q,
      body: { url: `${base}/feed.xml`, scheduled: true, updateIntervalHours: 4 },
    });
    expect(saved).toEqual({
      format: 'YML',
      scheduled: true,
      updateIntervalHours: 4,
      staleProductDeletionHours: null,
    });
    // The site's single feed URL is the YML global one, both ways.
    expect((await admin.call(getSiteRoute, { params: { id: SITE } })).feedUrl).toBe(
      `${base}/feed.xml`,
    );
    const schedule = await server.database.db
      .select()
      .from(jobSchedules)
      .where(and(eq(jobSchedules.siteId, SITE), eq(jobSchedules.kind, 'feed-update')));
    expect(schedule[0]?.cron).toBe('0 */4 * * *');

    const before = await admin.call(feedLoaderResourcesRoute, { query: q });
    const bad = await failure(
      admin.call(saveDeltaRoute, {
        query: q,
        body: { delimiter: ';;', updateIntervalMinutes: 0 } as never,
      }),
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await failure(
          admin.call(createFeedUrlRoute, {
            query: q,
            body: { feedType: 'DELTA', url: 'ftp://nope' },
          }),
        )
      ).status,
    ).toBe(400);
    expect(await admin.call(feedLoaderResourcesRoute, { query: q })).toEqual(before);

    const designer = await server.as('designer');
    expect(
      (await failure(designer.call(saveYmlRoute, { query: q, body: { scheduled: false } }))).status,
    ).toBe(403);
    expect((await failure(designer.call(feedLoaderStartRoute, { query: q }))).status).toBe(403);

    // Editing the site's feed URL moves the YML URL too.
    const site = await admin.call(getSiteRoute, { params: { id: SITE } });
    await admin.call(updateSiteRoute, {
      params: { id: SITE },
      body: { feedUrl: `${base}/feed.xml?v=2`, version: site.version },
    });
    const urls = (await admin.call(feedLoaderResourcesRoute, { query: q })).urls;
    expect(urls.find((u) => u.feedType === 'YML')?.url).toBe(`${base}/feed.xml?v=2`);
    await admin.call(saveYmlRoute, {
      query: q,
      body: { url: `${base}/feed.xml`, scheduled: false },
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'feed-settings:YML'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps rules, attributes, parsing configs and regions, refusing bad ones', async () => {
    const rule = await admin.call(saveFeedRuleRoute, {
      query: q,
      body: { entityName: 'VENDOR', entityId: 'Puma', type: 'EXCLUDE' },
    });
    expect(
      (
        await failure(
          admin.call(saveFeedRuleRoute, {
            query: q,
            body: { entityName: 'VENDOR', entityId: 'Puma', type: 'EXCLUDE' },
          }),
        )
      ).status,
    ).toBe(409);
    expect(await admin.call(listFeedRulesRoute, { query: q })).toEqual([rule]);

    const file = multipart('attributes.csv', 'id\nЦвет\nЦвет\n\nРазмер\n');
    const report = await server.app.inject({
      method: 'POST',
      url: `/api${uploadFeedAttributesRoute.path}?siteId=${SITE}`,
      payload: file.body,
      headers: { ...authHeaders(admin), 'content-type': file.contentType },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ total: 3, accepted: 2 });
    expect(await admin.call(listFeedAttributesRoute, { query: q })).toEqual([
      { id: 'Размер' },
      { id: 'Цвет' },
    ]);
    const removal = multipart('remove.csv', 'attribute\nРазмер\nНет такого\n');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api${deleteFeedAttributesFromFileRoute.path}?siteId=${SITE}`,
      payload: removal.body,
      headers: { ...authHeaders(admin), 'content-type': removal.contentType },
    });
    expect(removed.json()).toEqual({
      total: 2,
      accepted: 1,
      rejected: [{ line: 3, reason: expect.stringContaining('not listed'), id: 'Нет такого' }],
    });
    await admin.call(deleteFeedAttributesRoute, { query: { ...q, ids: 'Цвет' } });
    expect(await admin.call(listFeedAttributesRoute, { query: q })).toEqual([]);
    // Back to the list the imports below expect.
    const again = multipart('attributes.csv', 'id\nЦвет\nРазмер\n');
    await server.app.inject({
      method: 'POST',
      url: `/api${uploadFeedAttributesRoute.path}?siteId=${SITE}`,
      payload: again.body,
      headers: { ...authHeaders(admin), 'content-type': again.contentType },
    });

    expect(
      (
        await failure(
          admin.call(saveFeedParsingConfigRoute, {
            query: q,
            body: { tags: [{ tag: 'item', mapTo: 'nonsense' }] },
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await failure(
          admin.call(saveImshopRegionsRoute, {
            query: q,
            body: [
              { regionId: 'msk', name: 'Москва' },
              { regionId: 'msk', name: 'Москва 2' },
            ],
          }),
        )
      ).status,
    ).toBe(400);
    await admin.call(saveImshopRegionsRoute, {
      query: q,
      body: [
        { regionId: 'msk', name: 'Москва' },
        { regionId: 'spb', name: 'Санкт-Петербург' },
      ],
    });
    expect(await admin.call(imshopRegionsRoute, { query: q })).toEqual([
      { regionId: 'msk', name: 'Москва' },
      { regionId: 'spb', name: 'Санкт-Петербург' },
    ]);
  });

  it('imports the YML feed with rules, attributes and regions; search honours regionId', async () => {
    files.set('/feed.xml', GOOD_YML);
    const started = await admin.call(feedLoaderStartRoute, { query: q });
    expect(started.state).toBe('queued');
    const done = await job(feedLoaderStatusRoute);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done' });
    const result = done!.result as { offers: number; excluded: number; problems: unknown[] };
    // BAD has no name (a problem with its line); Puma is excluded by the rule.
    expect(result.offers).toBe(3);
    expect(result.excluded).toBe(1);
    expect(result.problems).toEqual([
      expect.objectContaining({ offerId: 'BAD', line: expect.any(Number) }),
    ]);

    const global = await search({ st: 'кроссовки' });
    expect(global.products.map((p) => p.id).sort()).toEqual(['A1', 'A2']);
    const a1 = global.products.find((p) => p.id === 'A1')!;
    expect(a1.price).toBe('5000.0');
    // Only the listed attributes are kept (Цвет, not Артикул).
    expect(Object.keys(a1.attributes)).toEqual(['цвет']);

    const moscow = await search({ st: 'кроссовки', regionId: 'msk', sort: 'PRICE_ASC' });
    expect(moscow.products.find((p) => p.id === 'A1')!.price).toBe('4500.0');
    const spb = await search({ st: 'кроссовки', regionId: 'spb', showUnavailable: 'false' });
    expect(spb.products.map((p) => p.id)).toEqual(['A2']);
    const cheap = await search({ st: 'кроссовки', regionId: 'msk', filter: 'price:..4800' });
    expect(cheap.products.map((p) => p.id)).toEqual(['A1']);
    expect((await search({ st: 'кроссовки', filter: 'price:..4800' })).totalHits).toBe(0);
    const get = async (path: string, params: Record<string, string>) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `${path}?${new URLSearchParams({ apiKey, ...params })}`,
        })
      ).json() as { products: Product[] };
    const suggested = await get('/public/autocomplete', { st: 'кроссовки', regionId: 'msk' });
    expect(suggested.products.find((p) => p.id === 'A1')?.price).toBe('4500.0');
    const popular = await get('/public/recommendations', {
      strategy: 'popular',
      regionId: 'spb',
      showUnavailable: 'false',
    });
    expect(popular.products.map((p) => p.id).sort()).toEqual(['A2', 'J1']);

    // The SKUs (the offers) carry the region's price and availability too.
    type WithSkus = { products: Product[] };
    const skuOf = (answer: unknown, id: string) =>
      (answer as WithSkus).products.find((p) => p.id === id)?.skus?.[0];
    expect(skuOf(await search({ st: 'кроссовки', withSku: 'true' }), 'A1')?.price).toBe('5000.0');
    expect(
      skuOf(await search({ st: 'кроссовки', regionId: 'msk', withSku: 'true' }), 'A1')?.price,
    ).toBe('4500.0');
    expect(
      skuOf(
        await get('/public/autocomplete', { st: 'кроссовки', regionId: 'msk', withSku: 'true' }),
        'A1',
      )?.price,
    ).toBe('4500.0');
    const spbSkus = await get('/public/recommendations', {
      strategy: 'popular',
      regionId: 'spb',
      showUnavailable: 'true',
      withSku: 'true',
    });
    expect(skuOf(spbSkus, 'A1')).toMatchObject({ price: '5000.0', available: false });
    expect(skuOf(spbSkus, 'A2')).toMatchObject({ price: '7000.0', available: true });
    const mskSkus = await get('/public/recommendations', {
      strategy: 'popular',
      regionId: 'msk',
      withSku: 'true',
    });
    expect(skuOf(mskSkus, 'A1')).toMatchObject({ price: '4500.0', available: true });

    // The raw feed as downloaded.
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/config/feed-loader/download?siteId=${SITE}&feedType=YML&regionId=global`,
      headers: authHeaders(admin),
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(GOOD_YML);
    const none = await server.app.inject({
      method: 'GET',
      url: `/api/config/feed-loader/download?siteId=${SITE}&feedType=DELTA&regionId=global`,
      headers: authHeaders(admin),
    });
    expect(none.statusCode).toBe(404);
    await admin.call(deleteFeedRuleRoute, {
      query: { ...q, ruleId: (await admin.call(listFeedRulesRoute, { query: q }))[0]!.ruleId },
    });
  });

  it('applies a delta CSV as a partial update, reports bad rows, refuses broken files', async () => {
    await admin.call(saveDeltaRoute, {
      query: q,
      body: {
        url: `${base}/delta.csv`,
        delimiter: '|',
        externalIdColumn: 'sku',
        priceColumn: 'cost',
        availabilityColumn: 'stock',
        availabilityTrueFormat: 'yes',
        regionExternalIdColumn: 'region',
        attributeDelimiter: ',',
      },
    });
    files.set(
      '/delta.csv',
      'sku|cost|stock|region|Размер\nA2|6500|yes||41,42\nA1||no|msk|\nNOPE|1|yes||\nA1|abc|yes||\n',
    );
    await admin.call(deltaFeedStartRoute, { query: q });
    const done = await job(deltaFeedStatusRoute);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done' });
    expect(done!.result).toMatchObject({
      total: 4,
      rows: 2,
      problems: [
        // Each with its code and params, which the console translates.
        {
          line: 4,
          reason: expect.stringContaining('NOPE'),
          code: 'unknownOffer',
          params: { id: 'NOPE' },
        },
        {
          line: 5,
          reason: expect.stringContaining('price'),
          code: 'invalidDeltaPrice',
          params: { price: 'abc' },
        },
      ],
    });
    const global = await search({ st: 'кроссовки', withSku: 'true' });
    const a2 = global.products.find((p) => p.id === 'A2')!;
    expect(a2.price).toBe('6500.0');
    expect(a2.attributes['размер']).toHaveLength(2);
    const moscow = await search({ st: 'кроссовки', regionId: 'msk', showUnavailable: 'false' });
    expect(moscow.products.map((p) => p.id)).toEqual(['A2']);

    // Broken: a missing id column, invalid UTF-8, a line that never ends — nothing changes.
    const importBefore = (
      await server.database.db.select().from(catalogs).where(eq(catalogs.siteId, SITE))
    )[0];
    for (const [path, body, message] of [
      ['/delta-missing.csv', 'id|cost\nA2|1\n', /no column "sku"/],
      ['/delta-cp1251.csv', iconv.encode('sku|cost|Цвет\nA2|1|красный\n', 'win1251'), /UTF-8/],
      ['/endless.csv', '', /longer than|too large|larger|size/i],
    ] as const) {
      files.set(path, body);
      await server.database.db.execute(
        `update feed_urls set url = '${base}${path}' where site_id = ${SITE} and feed_type = 'DELTA'` as never,
      );
      await admin.call(deltaFeedStartRoute, { query: q });
      const failed = await job(deltaFeedStatusRoute);
      expect(failed, path).toMatchObject({ state: 'failed' });
      expect(failed!.error).toMatch(message);
      const after = await search({ st: 'кроссовки' });
      expect(after.products.find((p) => p.id === 'A2')!.price).toBe('6500.0');
    }
    expect(
      (await server.database.db.select().from(catalogs).where(eq(catalogs.siteId, SITE)))[0],
    ).toEqual(importBefore);
  });

  it('loads facets (CP1251, own quote char) and content pages; search answers withContent', async () => {
    await admin.call(saveFacetsRoute, {
      query: q,
      body: { url: `${base}/facets.csv`, encoding: 'CP1251', quoteChar: "'", escapeChar: "'" },
    });
    files.set(
      '/facets.csv',
      iconv.encode(
        "categoryId;attribute;title\n2;Цвет;'Цвет; оттенок'\n2;Размер;\n;x;\n",
        'win1251',
      ),
    );
    await admin.call(facetsFeedStartRoute, { query: q });
    const facets = await job(facetsFeedStatusRoute);
    expect(facets, JSON.stringify(facets)).toMatchObject({
      state: 'done',
      result: { rows: 2, problems: [{ line: 4 }] },
    });
    const rows = (await server.database.db.execute(
      `select attribute, title from catalog_facets where site_id = ${SITE} and batch = 'live' order by position` as never,
    )) as unknown as { rows: { attribute: string; title: string | null }[] };
    expect(rows.rows).toEqual([
      { attribute: 'Цвет', title: 'Цвет; оттенок' },
      { attribute: 'Размер', title: null },
    ]);

    // The search narrowed to the category shows the feed's facets, in its order, with its titles.
    const narrowed = (await (
      await server.app.inject({
        method: 'GET',
        url: `/public/search?${new URLSearchParams({ apiKey, st: '', filter: 'categoryId:2' })}`,
      })
    ).json()) as { facets: { name: string; title: string }[] };
    const fixed = new Set(['brand', 'categoryId', 'price', 'available']);
    expect(narrowed.facets.filter((f) => !fixed.has(f.name)).map((f) => [f.name, f.title])).toEqual(
      [
        ['Цвет', 'Цвет; оттенок'],
        ['Размер', 'Размер'],
      ],
    );

    await admin.call(saveContentRoute, { query: q, body: { url: `${base}/content.xml` } });
    files.set(
      '/content.xml',
      `<?xml version="1.0" encoding="UTF-8"?><pages>
<page id="delivery" url="https://shop.example/delivery"><title>Доставка кроссовок</title><text>Доставим за день</text></page>
<page id="nourl"><title>Без адреса</title></page></pages>`,
    );
    await admin.call(contentFeedStartRoute, { query: q });
    const content = await job(contentFeedStatusRoute);
    expect(content, JSON.stringify(content)).toMatchObject({
      state: 'done',
      result: { pages: 1, skipped: 1 },
    });
    const found = await search({ st: 'доставка', withContent: 'true' });
    // Under autocomplete's name for them (`contents`), not a second one of search's own.
    expect(found).not.toHaveProperty('content');
    expect(found.contents).toEqual([
      expect.objectContaining({ id: 'delivery', title: 'Доставка кроссовок' }),
    ]);
    expect((await search({ st: 'доставка' })).contents).toBeUndefined();

    // Entity expansion in the content feed is refused; the live pages stay.
    files.set(
      '/content.xml',
      '<?xml version="1.0"?><!DOCTYPE pages [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><pages><page id="x" url="https://x.example/"><title>&b;</title></page></pages>',
    );
    await admin.call(contentFeedStartRoute, { query: q });
    const hostile = await job(contentFeedStatusRoute);
    expect(hostile).toMatchObject({ state: 'failed', errorCode: 'errors:feed.doctype' });
    expect((await search({ st: 'доставка', withContent: 'true' })).contents).toHaveLength(1);
  });

  it('cancels a content load that never ends', async () => {
    await admin.call(saveContentRoute, { query: q, body: { url: `${base}/slow.xml` } });
    await admin.call(contentFeedStartRoute, { query: q });
    await until(
      () => admin.call(contentFeedStatusRoute, { query: q }),
      (j) => j?.state === 'running',
    );
    const cancelled = await admin.call(contentFeedCancelRoute, { query: q });
    expect(cancelled.state).toBe('cancelled');
    expect((await failure(admin.call(contentFeedCancelRoute, { query: q }))).status).toBe(409);
    expect((await search({ st: 'доставка', withContent: 'true' })).contents).toHaveLength(1);
  });

  it('checks a feed without changing anything: problems with lines (every one), offers taken with a change, ops warnings', async () => {
    files.set(
      '/check.xml',
      yml(
        [
          offer('A1', 'Кроссовки Альфа', 5000, '<param name="Цвет">белый</param>'),
          offer('A2', 'Кроссовки Бета', 7000, '<param name="Цвет">чёрный</param>'),
          offer('A5', 'Кроссовки Ноль', 1, '<param name="Цвет">зелёный</param>'),
          '<offer id="X9"><name>Без цены</name><url>https://x/</url><categoryId>2</categoryId></offer>',
          '<offer id="X8"><name>Где-то</name><url>https://x/x8</url><price>10</price><categoryId>999</categoryId></offer>',
          ...Array.from(
            { length: 240 },
            (_, i) =>
              `<offer id="B${i}"><name>Без цены</name><url>https://x/b</url><categoryId>2</categoryId></offer>`,
          ),
        ].join('\n'),
      ),
    );
    await server.database.db.execute(
      `update feed_urls set url = '${base}/check.xml' where site_id = ${SITE} and feed_type = 'YML'` as never,
    );
    const liveBefore = await search({ st: 'кроссовки' });
    await admin.call(feedCheckerStartRoute, { query: q });
    const checked = await job(feedCheckerStatusRoute);
    const report = checked!.result as FeedCheckReport;
    expect(report).toMatchObject({
      ok: true,
      offers: 4,
      skipped: 241,
      changed: 1,
      fatal: null,
      problemCount: 242,
    });
    // Every problem is listed, beyond the 200 a feed job's result keeps.
    expect(report.problems).toHaveLength(242);
    expect(report.problems.slice(0, 2)).toEqual([
      expect.objectContaining({ id: 'X9', line: expect.any(Number), reason: expect.any(String) }),
      expect.objectContaining({
        id: 'X8',
        reason: 'Unknown category 999: taken under "Без категории" (~no-category)',
        code: 'unknownCategoryNoCategory',
        params: { unknown: '999', name: 'Без категории', id: '~no-category' },
      }),
    ]);
    expect(report.warnings).toEqual([
      expect.objectContaining({
        message: 'exceeded max attribute value count',
        limit: 2,
        actual: 3,
        attribute: 'Цвет',
      }),
    ]);
    expect(await search({ st: 'кроссовки' })).toEqual(liveBefore);

    files.set('/check.xml', '<?xml version="1.0"?><yml_catalog><shop><offers><offer id="1">');
    await admin.call(feedCheckerStartRoute, { query: q });
    const broken = (await job(feedCheckerStatusRoute))!.result as FeedCheckReport;
    expect(broken.ok).toBe(false);
    expect(broken.fatal).toMatch(/not valid XML/);
    expect(await search({ st: 'кроссовки' })).toEqual(liveBefore);
  });

  it('e-mails the monitoring list when an import fails and when it recovers', async () => {
    await admin.call(addMonitoringEmailRoute, { query: q, body: { email: 'ops@shop.example' } });
    files.set(
      '/feed.xml',
      '<?xml version="1.0"?><!DOCTYPE yml_catalog [<!ENTITY x SYSTEM "file:///etc/passwd">]><yml_catalog>&x;</yml_catalog>',
    );
    await server.database.db.execute(
      `update feed_urls set url = '${base}/feed.xml' where site_id = ${SITE} and feed_type = 'YML'` as never,
    );
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({
      state: 'failed',
      errorCode: 'errors:feed.doctype',
    });
    const failed = await outbox('feed-import-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ recipient: 'ops@shop.example', status: 'queued' });
    expect(failed[0]!.body).toMatch(/DOCTYPE/);

    files.set('/feed.xml', GOOD_YML);
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({ state: 'done' });
    expect(await outbox('feed-import-recovered')).toHaveLength(1);

    // A feed that would remove more than half of the catalog is held, and said so.
    files.set('/feed.xml', yml(offer('A1', 'Кроссовки Альфа', 5000)));
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({
      state: 'done',
      result: { held: true, applied: false },
    });
    const held = await outbox('feed-import-held');
    expect(held).toHaveLength(1);
    expect(held[0]!.body).toMatch(/3 из 4/);
    expect((await search({ st: 'кроссовки' })).totalHits).toBe(3);
    files.set('/feed.xml', GOOD_YML);
  });

  it('keeps an offer the feed dropped until the stale-product deletion time has passed', async () => {
    await admin.call(saveYmlRoute, {
      query: q,
      body: { url: `${base}/stale.xml`, staleProductDeletionHours: 24 },
    });
    files.set('/stale.xml', GOOD_YML.replace(/<offer id="A2"[\s\S]*?<\/offer>/, ''));
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({
      state: 'done',
      result: { offers: 3, carried: 1 },
    });
    expect((await search({ st: 'кроссовки' })).products.map((p) => p.id).sort()).toEqual([
      'A1',
      'A2',
      'A3',
    ]);
    await server.database.db.execute(
      `update feed_stale_offers set missing_since = now() - interval '25 hours' where site_id = ${SITE}` as never,
    );
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({
      state: 'done',
      result: { carried: 0 },
    });
    expect((await search({ st: 'кроссовки' })).products.map((p) => p.id).sort()).toEqual([
      'A1',
      'A3',
    ]);
    await admin.call(saveYmlRoute, {
      query: q,
      body: { url: `${base}/feed.xml`, staleProductDeletionHours: null },
    });
    await admin.call(feedLoaderStartRoute, { query: q });
    expect(await job(feedLoaderStatusRoute)).toMatchObject({ state: 'done' });
  });

  it("warns 'max offers count exceeded' in the checker", async () => {
    files.set(
      '/many.xml',
      yml(['1', '2', '3', '4', '5'].map((id) => offer(`M${id}`, `Товар ${id}`, 100)).join('')),
    );
    await server.database.db.execute(
      `update feed_urls set url = '${base}/many.xml' where site_id = ${SITE} and feed_type = 'YML'` as never,
    );
    await admin.call(feedCheckerStartRoute, { query: q });
    const report = (await job(feedCheckerStatusRoute))!.result as FeedCheckReport;
    expect(report.ok).toBe(false);
    expect(report.warnings).toEqual([
      { message: 'max offers count exceeded', limit: 4, actual: 5 },
    ]);
    await server.database.db.execute(
      `update feed_urls set url = '${base}/feed.xml' where site_id = ${SITE} and feed_type = 'YML'` as never,
    );
  });

  it('imports an OZON feed (Ozon merchant XML) when the settings say OZON', async () => {
    await admin.call(saveYmlRoute, { query: q, body: { format: 'OZON', url: `${base}/ozon.xml` } });
    const product = (sku: string, name: string, price: number, state: string, brand = '') =>
      `<Product MerchantSKU="${sku}" ProductTypeID="286495572000"><SKU><Name>${name}</Name>
<ManufacturerIdentifier>M-${sku}</ManufacturerIdentifier></SKU><Price><SellingPrice>${price}</SellingPrice>
<Discount>10</Discount></Price><Availability><SellingState>${state}</SellingState><Qty>5</Qty></Availability>
<Description>${brand && `<Brand>${brand}</Brand>`}<Color>синий</Color></Description></Product>`;
    files.set(
      '/ozon.xml',
      `<?xml version="1.0" encoding="UTF-8"?><Products>${[
        product('A1', 'Кроссовки Альфа', 5100, 'ForSale', 'Nike'),
        product('A2', 'Кроссовки Бета', 7100, 'ForSale'),
        product('A4', 'Кроссовки Омега', 3100, 'NotForSale'),
        '<Product MerchantSKU="NOPRICE" ProductTypeID="1"><SKU><Name>Нет цены</Name></SKU></Product>',
      ].join('\n')}</Products>`,
    );
    await admin.call(feedLoaderStartRoute, { query: q });
    const done = await job(feedLoaderStatusRoute);
    expect(done, JSON.stringify(done)).toMatchObject({
      state: 'done',
      result: { feedType: 'OZON', offers: 3, skipped: 1 },
    });
    const found = await search({ st: 'кроссовки', sort: 'PRICE_ASC' });
    expect(found.products.map((p) => [p.id, p.price, p.available])).toEqual([
      ['A1', '5100.0', true],
      ['A2', '7100.0', true],
      ['A4', '3100.0', false],
    ]);
    await admin.call(saveYmlRoute, { query: q, body: { format: 'YML', url: `${base}/feed.xml` } });
  });

  it('refuses an oversized feed and deletes a feed URL', async () => {
    files.set(
      '/big.xml',
      // Many small elements: one 9 MB run of text would be refused by the field-length cap first.
      `<?xml version="1.0"?><yml_catalog>${'<x/>'.repeat((9 * 1024 * 1024) / 4)}</yml_catalog>`,
    );
    const created = await admin.call(createFeedUrlRoute, {
      query: q,
      body: { feedType: 'YML', regionId: 'kzn', url: `${base}/big.xml` },
    });
    await admin.call(feedLoaderStartRoute, { query: { ...q, regionId: 'kzn' } });
    const failed = await job(feedLoaderStatusRoute);
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed!.errorCode, JSON.stringify(failed)).toMatch(/too-large|size/);
    await admin.call(deleteFeedUrlRoute, { query: { ...q, id: created.id } });
    expect(
      (await failure(admin.call(deleteFeedUrlRoute, { query: { ...q, id: created.id } }))).status,
    ).toBe(404);
  });

  it('an update of a feed URL changes only the fields it names (a regional URL stays regional)', async () => {
    const created = await admin.call(createFeedUrlRoute, {
      query: q,
      body: { feedType: 'DELTA', regionId: 'spb', url: `${base}/spb-delta.csv` },
    });
    const updated = await admin.call(updateFeedUrlRoute, {
      query: q,
      body: { id: created.id, url: `${base}/spb-delta-2.csv` },
    });
    expect(updated).toMatchObject({
      id: created.id,
      feedType: 'DELTA',
      regionId: 'spb',
      url: `${base}/spb-delta-2.csv`,
    });
    const listed = await admin.call(listFeedUrlsRoute, { query: { ...q, feedType: 'DELTA' } });
    expect(listed.filter((row) => row.id === created.id).map((row) => row.regionId)).toEqual([
      'spb',
    ]);
    await admin.call(deleteFeedUrlRoute, { query: { ...q, id: created.id } });
  });

  it('activation schedules the feed job at the update interval; deactivation removes it', async () => {
    const schedules = () =>
      server.database.db
        .select({ kind: jobSchedules.kind, cron: jobSchedules.cron })
        .from(jobSchedules)
        .where(eq(jobSchedules.siteId, SITE));
    await admin.call(saveYmlRoute, { query: q, body: { updateIntervalHours: 2 } });
    await admin.call(enableSiteRoute, { params: { id: SITE }, body: { enabled: false } });
    expect(await schedules()).toEqual([]);
    await admin.call(enableSiteRoute, { params: { id: SITE }, body: { enabled: true } });
    expect(await schedules()).toEqual([{ kind: 'feed-update', cron: '0 */2 * * *' }]);
    expect((await admin.call(feedLoaderResourcesRoute, { query: q })).yml.scheduled).toBe(true);
  });
});
