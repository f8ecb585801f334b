/**
 * What the alternative attributes make of the live catalog for the Dolyame widget: a product's
 * instalment price (the `price` attribute) and whether instalments apply to it (the `eligible`
 * attribute), read from its feed params (contract/public/dolyame.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DOLYAME_FIELDS,
  DOLYAME_YES,
  type DolyameAttributeMap,
  type DolyameField,
  type DolyameProductFacts,
} from '#contract/public/dolyame.ts';
import type { Db } from '../platform/db/client.ts';
import {
  catalogOffers,
  catalogProducts,
  catalogs,
  type CatalogParam,
} from '../platform/db/schema.ts';

export const isDolyameField = (value: string): value is DolyameField =>
  (DOLYAME_FIELDS as readonly string[]).includes(value);

/** The saved rows as a map field → attribute (a row naming no known field is left out). */
export function attributeMap(
  rows: readonly { attribute: string; alternative: string }[],
): DolyameAttributeMap {
  const map: DolyameAttributeMap = {};
  for (const row of rows) if (isDolyameField(row.alternative)) map[row.alternative] = row.attribute;
  return map;
}

/** A price as feeds write it ('2739', '2 739,00', '2739.5'); null when the text is no number. */
export function priceValue(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One product's facts from its params (a product's are the union of its offers'): the lowest
 * number among the `price` attribute's values, and `eligible` when any value of that attribute is
 * one of DOLYAME_YES (a product without the attribute is not eligible). A field the site does not
 * map is null.
 */
export function factsOf(
  params: readonly CatalogParam[],
  map: DolyameAttributeMap,
): DolyameProductFacts {
  const values = (attribute: string) =>
    params.filter((param) => sameName(param.name, attribute)).map((param) => param.value.trim());
  const prices =
    map.price === undefined
      ? []
      : values(map.price)
          .map(priceValue)
          .filter((value): value is number => value !== null);
  return {
    price: prices.length ? Math.min(...prices) : null,
    eligible:
      map.eligible === undefined
        ? null
        : values(map.eligible).some((value) =>
            (DOLYAME_YES as readonly string[]).includes(value.toLowerCase()),
          ),
  };
}

/**
 * The facts of each asked id in the site's live catalog: a product id first, else an offer id (a
 * merchant's page may name the SKU). Null for an id the catalog has not, and for every id while
 * the site has no live catalog.
 */
export async function productFacts(
  db: Db,
  siteId: number,
  ids: readonly string[],
  map: DolyameAttributeMap,
): Promise<Record<string, DolyameProductFacts | null>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, DolyameProductFacts>();
  const [live] = await db
    .select({ importId: catalogs.importId })
    .from(catalogs)
    .where(eq(catalogs.siteId, siteId));
  if (live && wanted.length > 0) {
    const products = await db
      .select({ id: catalogProducts.id, params: catalogProducts.params })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.importId, live.importId), inArray(catalogProducts.id, wanted)));
    for (const product of products) found.set(product.id, factsOf(product.params, map));
    const rest = wanted.filter((id) => !found.has(id));
    if (rest.length > 0) {
      const offers = await db
        .select({ id: catalogOffers.id, params: catalogOffers.params })
        .from(catalogOffers)
        .where(and(eq(catalogOffers.importId, live.importId), inArray(catalogOffers.id, rest)));
      for (const offer of offers) found.set(offer.id, factsOf(offer.params, map));
    }
  }
  // Built from entries: an id such as "__proto__" stays a plain key.
  return Object.fromEntries(wanted.map((id) => [id, found.get(id) ?? null]));
}
