/**
 * Reviews and neurocards (spec part 2 §7 "Reviews"): uploads from CSV, XLSX and JSON through the
 * uploads module with a per-row report, PUT replacing, delete by externalId, the public read by
 * apiKey, the rating on the storefront's products, neurocards, roles; on both databases.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { microReview } from '#contract/entities/reviews.ts';
import type { UploadReport } from '#contract/entities/upload.ts';
import {
  batchNeurocardsRoute,
  deleteNeurocardsRoute,
  deleteReviewsRoute,
  listNeurocardsRoute,
  listReviewsRoute,
  queryNeurocardsRoute,
} from '#contract/routes/reviews.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestServer,
  type TestClient,
} from '#tests/helpers/server.ts';

const SITE = 1;

async function multipart(name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function upload(
  client: TestClient,
  method: 'POST' | 'PUT',
  url: string,
  file: { name: string; bytes: Uint8Array | string },
) {
  const { payload, headers } = await multipart(file.name, file.bytes);
  return client.raw({
    method,
    url,
    payload,
    headers: { ...headers, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
  });
}

describe.each(DATABASES)('reviews on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let productIds: string[];

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, SITE, await demoFeedUrl({ offers: 120 }));
    apiKey = await apiKeyOf(server.database, SITE);
    const answer = await server.app.inject({ url: `/public/search?apiKey=${apiKey}&st=&size=5` });
    productIds = (answer.json() as { products: { id: string }[] }).products.map((p) => p.id);
    expect(productIds.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => server?.close());

  const publicReviews = (body: unknown, key = apiKey) =>
    server.app.inject({
      method: 'POST',
      url: `/public/micro-reviews/reviews/get?apiKey=${encodeURIComponent(key)}`,
      payload: body as object,
    });

  it('uploads a CSV: good rows applied in one go, bad rows reported by line and id', async () => {
    const admin = await server.as('admin');
    const [a, b, c] = productIds;
    const csv = [
      'externalId;rating;reviewCount;description;tableTags',
      `${a};4.6;12;Удобные;{"Удобство": "5"}`,
      `${b};7;3;Слишком высоко;`,
      `${c};4;x;;`,
      `;4;1;;`,
      `${b};3.5;2;Норм;"Качество: 4; Цена: 3"`,
      `${a};1;1;Повтор;`,
      `${c};4.2;5;;{broken`,
    ].join('\n');
    const response = await upload(admin, 'POST', `/api/reviews?siteId=${SITE}`, {
      name: 'r.csv',
      bytes: csv,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json() as UploadReport;
    expect(report.total).toBe(7);
    expect(report.accepted).toBe(2);
    expect(report.rejected.map((r) => [r.line, r.id])).toEqual([
      [3, b],
      [4, c],
      [5, undefined],
      [7, a],
      [8, c],
    ]);
    expect(report.rejected[0]!.reason).toMatch(/rating/);
    expect(report.rejected[3]!.reason).toMatch(/already on line 2/);

    const list = await admin.call(listReviewsRoute, { query: { siteId: SITE } });
    expect(list.items.map((r) => [r.externalId, r.rating, r.reviewCount, r.tableTags])).toEqual(
      [
        [a, 4.6, 12, { Удобство: '5' }],
        [b, 3.5, 2, { Качество: '4', Цена: '3' }],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  });

  it('answers the public read by apiKey with the parts asked for, and shows the rating on products', async () => {
    const [a, b, c] = productIds;
    const bare = await publicReviews({ externalIds: [c, a] });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['access-control-allow-origin']).toBe('*');
    // AnyQuery's wire format: an array, every field present, the parts not asked for empty.
    const answer = z.array(microReview).parse(bare.json());
    expect(answer).toEqual([
      {
        externalId: a,
        description: '',
        reviewsCount: 12,
        longDescription: '',
        tableTagsData: [],
        rating: 4.6,
      },
    ]);
    const full = await publicReviews({
      externalIds: [b],
      withDescription: true,
      withLongDescription: true,
      withTableTagsData: true,
    });
    expect(full.json()).toEqual([
      {
        externalId: b,
        description: 'Норм',
        reviewsCount: 2,
        longDescription: '',
        tableTagsData: [
          { tagName: 'Качество', tagFocus: 'positive', tagCount: 4 },
          { tagName: 'Цена', tagFocus: 'positive', tagCount: 3 },
        ],
        rating: 3.5,
        tableTags: { Качество: '4', Цена: '3' },
      },
    ]);
    expect((await publicReviews({ externalIds: [a] }, 'nope')).statusCode).toBe(401);
    expect((await publicReviews({ externalIds: [] })).statusCode).toBe(400);
    expect((await publicReviews({ externalIds: [a], extra: 1 })).statusCode).toBe(400);

    const search = await server.app.inject({ url: `/public/search?apiKey=${apiKey}&st=&size=5` });
    const products = (search.json() as { products: { id: string; rating?: unknown }[] }).products;
    expect(products.find((p) => p.id === a)?.rating).toEqual({
      value: 4.6,
      count: 12,
      snippet: 'Удобные',
    });
    expect(products.find((p) => p.id === c)?.rating).toBeNull();
  });

  it('reads JSON and XLSX files; PUT replaces every review of the site', async () => {
    const admin = await server.as('admin');
    const [a, b, c] = productIds;
    const json = JSON.stringify([
      {
        externalId: c,
        rating: 5,
        reviewCount: 1,
        longDescription: 'Длинный отзыв',
        tableTags: { Размер: 'в размер' },
      },
      { externalId: a, rating: 'плохо', reviewCount: 1 },
    ]);
    const fromJson = (
      await upload(admin, 'POST', `/api/reviews?siteId=${SITE}`, { name: 'r.json', bytes: json })
    ).json() as UploadReport;
    expect([fromJson.accepted, fromJson.rejected.map((r) => r.line)]).toEqual([1, [3]]);
    // A tag whose value is no count stays ours (tableTags), out of AnyQuery's tag data.
    expect((await publicReviews({ externalIds: [c], withTableTagsData: true })).json()).toEqual([
      {
        externalId: c,
        description: '',
        reviewsCount: 1,
        longDescription: '',
        tableTagsData: [],
        rating: 5,
        tableTags: { Размер: 'в размер' },
      },
    ]);
    // AnyQuery's own tag list uploads as it is and reads back the same.
    const tags = [
      { tagName: 'Посадка', tagFocus: 'positive', tagCount: 17 },
      { tagName: 'Швы', tagFocus: 'negative', tagCount: 2 },
    ];
    const anyQuery = (
      await upload(admin, 'POST', `/api/reviews?siteId=${SITE}`, {
        name: 'r.json',
        bytes: JSON.stringify([
          { externalId: a, rating: 4.8, reviewCount: 19, tableTags: JSON.stringify(tags) },
        ]),
      })
    ).json() as UploadReport;
    expect(anyQuery.accepted).toBe(1);
    expect(
      (await publicReviews({ externalIds: [a], withTableTagsData: true })).json()[0].tableTagsData,
    ).toEqual(tags);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('reviews');
    sheet.addRow(['External ID', 'Rating', 'Review count']);
    sheet.addRow([b, 4.1, 40]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const replaced = await upload(admin, 'PUT', `/api/reviews?siteId=${SITE}`, {
      name: 'r.xlsx',
      bytes,
    });
    expect((replaced.json() as UploadReport).accepted).toBe(1);
    const list = await admin.call(listReviewsRoute, { query: { siteId: SITE } });
    expect(list.items.map((r) => [r.externalId, r.rating, r.reviewCount])).toEqual([[b, 4.1, 40]]);
  });

  it('refuses a whole file without a required column or of an unknown type, changing nothing', async () => {
    const admin = await server.as('admin');
    const before = await admin.call(listReviewsRoute, { query: { siteId: SITE } });
    const noColumn = await upload(admin, 'PUT', `/api/reviews?siteId=${SITE}`, {
      name: 'r.csv',
      bytes: 'externalId;rating\nx;4',
    });
    expect(noColumn.statusCode).toBe(400);
    expect((noColumn.json() as { message: string }).message).toMatch(/no column/);
    const badJson = await upload(admin, 'PUT', `/api/reviews?siteId=${SITE}`, {
      name: 'r.json',
      bytes: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    const type = await upload(admin, 'POST', `/api/reviews?siteId=${SITE}`, {
      name: 'r.pdf',
      bytes: 'x',
    });
    expect(type.statusCode).toBe(415);
    expect(await admin.call(listReviewsRoute, { query: { siteId: SITE } })).toEqual(before);
  });

  it('deletes by externalId and says which ids it did not know', async () => {
    const admin = await server.as('admin');
    const [, b] = productIds;
    expect(
      await admin.call(deleteReviewsRoute, {
        query: { siteId: SITE, externalId: `${b},missing-id` },
      }),
    ).toEqual({ deleted: 1, missing: ['missing-id'] });
    expect((await admin.call(listReviewsRoute, { query: { siteId: SITE } })).total).toBe(0);
  });

  it('keeps neurocards by key: batch, upload with a per-row report, query, delete', async () => {
    const admin = await server.as('admin');
    const q = { siteId: SITE };
    await admin.call(batchNeurocardsRoute, {
      query: q,
      body: {
        items: [
          { key: 'p1', value: '{"summary":"Хорошие"}' },
          { key: 'p2', value: 'Текст' },
        ],
      },
    });
    const csv = 'key,value\np2,Новый текст\np3,Третий\n,пусто\np3,повтор';
    const report = (
      await upload(admin, 'POST', `/api/llm-store/upload?siteId=${SITE}`, {
        name: 'n.csv',
        bytes: csv,
      })
    ).json() as UploadReport;
    expect([report.accepted, report.rejected.map((r) => r.line)]).toEqual([2, [4, 5]]);
    const found = await admin.call(queryNeurocardsRoute, {
      query: q,
      body: { queries: [{ key: 'p2' }, { key: 'p9' }] },
    });
    expect(found.map((n) => [n.key, n.value])).toEqual([['p2', 'Новый текст']]);
    expect((await admin.call(listNeurocardsRoute, { query: q })).total).toBe(3);
    expect(
      await admin.call(deleteNeurocardsRoute, { query: q, body: { keys: ['p1', 'p9'] } }),
    ).toEqual({
      deleted: 1,
      missing: ['p9'],
    });
    expect(
      (await admin.call(listNeurocardsRoute, { query: q })).items.map((n) => n.key).sort(),
    ).toEqual(['p2', 'p3']);
  });

  it('lets viewers read but not upload or delete', async () => {
    const designer = await server.as('designer');
    expect((await designer.call(listReviewsRoute, { query: { siteId: SITE } })).total).toBe(0);
    const refused = await upload(designer, 'POST', `/api/reviews?siteId=${SITE}`, {
      name: 'r.csv',
      bytes: 'externalId;rating;reviewCount\na;4;1',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await failure(
          designer.call(deleteNeurocardsRoute, { query: { siteId: SITE }, body: { keys: ['p2'] } }),
        )
      ).status,
    ).toBe(403);
  });
});
