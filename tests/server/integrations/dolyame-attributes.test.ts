/**
 * Dolyame alternative attributes (issue: saved but read by nothing): a feed attribute stands for
 * one of Dolyame's fields, `price` or `eligible`, checked by the contract's schema (one attribute
 * per field, one field per attribute, bad input changes nothing); the public widget read answers,
 * for the asked product ids, their instalment price and eligibility from the live catalog's params,
 * and the public app read names the attributes as the search answers do; migration 0045 keeps only
 * rows that name a field. On both databases.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  createAlternativeAttributeRoute,
  deleteAlternativeAttributeRoute,
  getAlternativeAttributeRoute,
  listAlternativeAttributesRoute,
  saveDolyameWidgetRoute,
  updateAlternativeAttributeRoute,
} from '#contract/routes/dolyame.ts';
import type { PublicDolyameWidget } from '#contract/entities/dolyame.ts';
import { auditLog, dolyameAlternativeAttributes } from '#server/platform/db/schema.ts';
import { offerXml, paramXml, startCatalogServer, ymlDocument } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';

const SITE = 1;
const ELIGIBLE = 'Рассрочка Долями';
const PRICE = 'Цена Долями';

const FEED = ymlDocument({
  categories: '<category id="1">Обувь</category>',
  offers: [
    offerXml({
      id: 'p1',
      price: '12990',
      extra: paramXml(ELIGIBLE, 'да') + paramXml(PRICE, '12 340,50'),
    }),
    offerXml({
      id: 'p2',
      price: '5000',
      extra: paramXml(ELIGIBLE, 'нет') + paramXml(PRICE, '4500'),
    }),
    offerXml({ id: 'p3', price: '3000', extra: paramXml('Цвет', 'чёрный') }),
    offerXml({
      id: 'p4',
      price: '2000',
      extra: paramXml(ELIGIBLE, 'Yes') + paramXml(PRICE, 'дёшево'),
    }),
    // A product of two SKUs: the product is eligible when one of them is, at the lower price; the
    // SKU asked by its own id answers its own params (the names in another letter case).
    offerXml({
      id: 's1',
      groupId: 'g1',
      price: '8000',
      extra: paramXml('рассрочка долями', 'Да') + paramXml('цена долями', '7600'),
    }),
    offerXml({
      id: 's2',
      groupId: 'g1',
      price: '9000',
      extra: paramXml('рассрочка долями', 'нет') + paramXml('цена долями', '8500'),
    }),
  ].join('\n'),
});

describe.each(DATABASES)('Dolyame alternative attributes on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;
  const q = { siteId: SITE };

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, FEED));
  });
  afterAll(async () => server?.close());

  const widget = async (ids: string[] = []) => {
    const params = new URLSearchParams({ apiKey });
    for (const id of ids) params.append('productId', id);
    return server.app.inject({
      method: 'GET',
      url: `/public/config/site/dolyame/widget?${params}`,
    });
  };
  const rows = () =>
    server.database.db
      .select()
      .from(dolyameAlternativeAttributes)
      .where(eq(dolyameAlternativeAttributes.siteId, SITE));

  it('maps a field to an attribute; refuses an unknown field, a field or an attribute twice, changing nothing', async () => {
    const eligible = await admin.call(createAlternativeAttributeRoute, {
      query: q,
      body: { attribute: ` ${ELIGIBLE} `, alternative: 'eligible' },
    });
    expect(eligible).toEqual({
      id: expect.any(Number),
      siteId: SITE,
      attribute: ELIGIBLE,
      alternative: 'eligible',
    });

    // a field the contract does not know: 400 naming the field and the choices
    const unknown = await admin.raw({
      method: 'POST',
      url: `/api/dolyame/alternative-attribute?siteId=${SITE}`,
      payload: JSON.stringify({ attribute: 'Цвет', alternative: 'Цвет' }),
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
      },
    });
    expect(unknown.statusCode).toBe(400);
    const refusal = unknown.json() as { message: string; issues: { path: unknown[] }[] };
    expect(refusal.issues[0]?.path).toEqual(['body', 'alternative']);
    expect(refusal.message).toMatch(/^Invalid request: body\.alternative: .*"price".*"eligible"/);

    const sameField = await failure(
      admin.call(createAlternativeAttributeRoute, {
        query: q,
        body: { attribute: 'Цена', alternative: 'eligible' },
      }),
    );
    expect(sameField.status).toBe(409);
    expect(sameField.issues[0]?.path).toEqual(['body', 'alternative']);
    expect(sameField.message).toBe(`The field eligible already has its attribute (${ELIGIBLE})`);

    const sameAttribute = await failure(
      admin.call(createAlternativeAttributeRoute, {
        query: q,
        body: { attribute: ELIGIBLE.toLowerCase(), alternative: 'price' },
      }),
    );
    expect(sameAttribute.status).toBe(409);
    expect(sameAttribute.issues[0]?.path).toEqual(['body', 'attribute']);

    const blank = await failure(
      admin.call(createAlternativeAttributeRoute, {
        query: q,
        body: { attribute: '  ', alternative: 'price' },
      }),
    );
    expect(blank.status).toBe(400);
    expect(blank.issues[0]?.path).toEqual(['body', 'attribute']);

    // nothing of the refused saves stuck, and only the one save was audited
    expect((await rows()).map((row) => [row.attribute, row.alternative])).toEqual([
      [ELIGIBLE, 'eligible'],
    ]);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'dolyame-alternative-attribute'));
    expect(audited.map((row) => row.action)).toEqual(['create']);

    const price = await admin.call(createAlternativeAttributeRoute, {
      query: q,
      body: { attribute: PRICE, alternative: 'price' },
    });
    // moving a row onto a field another row holds is refused too
    const moved = await failure(
      admin.call(updateAlternativeAttributeRoute, {
        query: q,
        body: { id: eligible.id, attribute: ELIGIBLE, alternative: 'price' },
      }),
    );
    expect(moved.status).toBe(409);
    // …while a row keeps its own field when its attribute changes
    const renamed = await admin.call(updateAlternativeAttributeRoute, {
      query: q,
      body: { id: price.id, attribute: PRICE.toLowerCase(), alternative: 'price' },
    });
    expect(renamed.attribute).toBe(PRICE.toLowerCase());
    expect(
      await admin.call(getAlternativeAttributeRoute, { query: { ...q, id: price.id } }),
    ).toEqual(renamed);
    expect(
      (await admin.call(listAlternativeAttributesRoute, { query: q })).map((a) => a.alternative),
    ).toEqual(['eligible', 'price']);
  });

  it('answers each asked product’s instalment price and eligibility from the live catalog', async () => {
    const plain = await widget();
    expect(plain.statusCode).toBe(200);
    const settings = plain.json() as PublicDolyameWidget;
    expect(settings.attributes).toEqual({ eligible: ELIGIBLE, price: PRICE.toLowerCase() });
    expect(settings).not.toHaveProperty('products');

    const answer = await widget(['p1', 'p2', 'p3', 'p4', 'g1', 's2', 'no-such', 'p1']);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect((answer.json() as PublicDolyameWidget).products).toEqual({
      p1: { price: 12340.5, eligible: true },
      p2: { price: 4500, eligible: false },
      // no value: not eligible, no price of its own (the page's applies)
      p3: { price: null, eligible: false },
      // "Yes" counts; a value that is no number gives no price
      p4: { price: null, eligible: true },
      g1: { price: 7600, eligible: true },
      s2: { price: 8500, eligible: false },
      'no-such': null,
    });
  });

  it('names the attributes in the app read as the search answers do (lower case)', async () => {
    const app = await server.app.inject({
      method: 'GET',
      url: `/public/config/site/dolyame/app?apiKey=${encodeURIComponent(apiKey)}`,
    });
    expect(app.json()).toMatchObject({
      alternativeAttributes: { eligible: ELIGIBLE.toLowerCase(), price: PRICE.toLowerCase() },
    });
  });

  it('refuses more than 100 ids and an unknown apiKey; a field left unmapped answers null', async () => {
    const many = await widget(Array.from({ length: 101 }, (_, n) => `p${n}`));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: expect.stringMatching(/productId/) });
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/public/config/site/dolyame/widget?apiKey=no-such-key&productId=p1',
    });
    expect(unknown.statusCode).toBe(401);

    const [price] = (await rows()).filter((row) => row.alternative === 'price');
    await admin.call(deleteAlternativeAttributeRoute, { query: { ...q, id: price!.id } });
    const answer = (await widget(['p1'])).json() as PublicDolyameWidget;
    expect(answer.attributes).toEqual({ eligible: ELIGIBLE });
    expect(answer.products).toEqual({ p1: { price: null, eligible: true } });
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'dolyame-alternative-attribute'),
          eq(auditLog.entityId, String(price!.id)),
        ),
      );
    expect(audited.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('lets site viewers read the attributes and only site editors change them', async () => {
    const designer = await server.as('designer');
    expect(
      (await designer.call(listAlternativeAttributesRoute, { query: q })).map((a) => a.attribute),
    ).toEqual([ELIGIBLE]);
    const refused = await failure(
      designer.call(createAlternativeAttributeRoute, {
        query: q,
        body: { attribute: PRICE, alternative: 'price' },
      }),
    );
    expect(refused.status).toBe(403);
    // the widget settings are not touched by any of it
    expect(
      (await admin.call(saveDolyameWidgetRoute, { query: q, body: { enabled: true, config: '' } }))
        .enabled,
    ).toBe(true);
  });

  it('migration 0045 keeps the rows that name a field (once per field) and removes the others', async () => {
    const db = server.database.db;
    await db.delete(dolyameAlternativeAttributes);
    await db.execute(sql`drop index dolyame_alt_attr_site_alternative_idx`);
    await db.insert(dolyameAlternativeAttributes).values(
      [
        ['Цвет', 'Цвет'],
        ['Цена А', ' PRICE '],
        ['Цена Б', 'price'],
        ['Долями', 'eligible'],
      ].map(([attribute, alternative]) => ({
        siteId: SITE,
        attribute: attribute!,
        alternative: alternative!,
      })),
    );
    const text = readFileSync(
      new URL('../../../server/platform/db/migrations/0045_dolyame_fields.sql', import.meta.url),
      'utf8',
    );
    for (const statement of text.split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    expect((await rows()).map((row) => [row.attribute, row.alternative]).sort()).toEqual([
      ['Долями', 'eligible'],
      ['Цена А', 'price'],
    ]);
    const again = await failure(
      admin.call(createAlternativeAttributeRoute, {
        query: q,
        body: { attribute: 'Цена В', alternative: 'price' },
      }),
    );
    expect(again.status).toBe(409);
  });
});
