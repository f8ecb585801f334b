/**
 * The OZON importer keeps each product's stock as the YML and ICML importers do: `Availability/Qty`
 * becomes the offer's quantity (null without one), the product answers it as `quantity`, and a
 * Qty of 0 leaves the product unavailable. Imported from a small fixture through the real importer.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '#contract/public/search.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { catalogOffers, catalogProducts } from '#server/platform/db/schema.ts';
import { DATABASES } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';
import { apiKeyOf, feedDir, feedPolicy } from '#tests/helpers/catalog.ts';

const SITE = 2;

describe.each(DATABASES)('OZON feed quantity on %s', (kind) => {
  const server = suiteServer(kind, { work: false });
  let importId: number;
  let apiKey: string;

  beforeAll(async () => {
    const path = join(feedDir, 'fixture-ozon-quantity.xml');
    copyFileSync(new URL('../../fixtures/feeds/ozon-quantity.xml', import.meta.url), path);
    const summary = await importYml(server.database.db, {
      siteId: SITE,
      format: 'OZON',
      source: await openFeed(pathToFileURL(path).href, { policy: feedPolicy }),
    });
    expect(summary).toMatchObject({ feedType: 'OZON', applied: true, offers: 4, skipped: 0 });
    importId = summary.importId;
    apiKey = await apiKeyOf(server.database, SITE);
  });

  it('stores Qty as the offer quantity and sums it on the product', async () => {
    const { db } = server.database;
    const offers = await db
      .select({ id: catalogOffers.id, quantity: catalogOffers.quantity })
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, importId));
    expect(Object.fromEntries(offers.map((o) => [o.id, o.quantity]))).toEqual({
      'OZ-1': 7,
      'OZ-2': 0,
      'OZ-3': 1200,
      'OZ-4': null,
    });
    const products = await db
      .select({
        id: catalogProducts.id,
        quantity: catalogProducts.quantity,
        available: catalogProducts.available,
      })
      .from(catalogProducts)
      .where(eq(catalogProducts.importId, importId));
    expect(Object.fromEntries(products.map((p) => [p.id, [p.quantity, p.available]]))).toEqual({
      'OZ-1': [7, true],
      'OZ-2': [0, false],
      'OZ-3': [1200, true],
      'OZ-4': [null, true],
    });
  });

  it('answers the quantity in the public product', async () => {
    const params = new URLSearchParams({
      apiKey,
      st: 'чайник',
      showUnavailable: 'true',
    });
    const response = await server.app.inject({ url: `/public/search?${params}` });
    expect(response.statusCode, response.body).toBe(200);
    const answer = searchResponse.parse(response.json());
    const byId = new Map(answer.products.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual(['OZ-1', 'OZ-2', 'OZ-3', 'OZ-4']);
    expect(byId.get('OZ-1')).toMatchObject({ quantity: 7, available: true });
    expect(byId.get('OZ-2')).toMatchObject({ quantity: 0, available: false });
    expect(byId.get('OZ-3')).toMatchObject({ quantity: 1200, available: true });
    expect(byId.get('OZ-4')).toMatchObject({ available: true });
    expect(byId.get('OZ-4')).not.toHaveProperty('quantity');
  });
});
