/**
 * How a site's search configuration shapes the index and the public answers. The index part
 * (search document, SKU grouping, representatives, lowercase values: index-shape.ts) runs when an
 * import's products are built; the answer part (API defaults: site-settings.ts; response and SKU
 * attributes, here; facet attributes per category: facet-rules.ts; custom sorts:
 * custom-sorts.ts; thresholds) runs per query. This module gathers them for their callers.
 */
import { sql } from 'drizzle-orm';
import { toAttributes, type Product, type ProductAttributes } from '#contract/public/product.ts';
import type { SearchSettings } from '#contract/entities/search-config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { prefixPattern } from '../platform/db/like.ts';
import { run } from '../platform/db/sql.ts';

export * from './custom-sorts.ts';
export * from './facet-rules.ts';
export * from './index-shape.ts';
export * from './site-settings.ts';

type QueryDb = Db | Tx;

/**
 * The answer's params: the response attributes when set (else all), carried even in a short
 * answer (fullData=false); SKUs told apart by the SKU attributes when set.
 */
export function shapeAnswer(
  products: Product[],
  settings: SearchSettings,
  rows: { id: string; params: { name: string; value: string }[] }[],
): Product[] {
  const paramsOf = new Map(rows.map((row) => [row.id, row.params]));
  const response = settings.responseAttributes.attributes.map((name) => name.toLowerCase());
  const skuAttributes = settings.skuAttributes.attributes.map((name) => name.toLowerCase());
  if (!response.length && !skuAttributes.length) return products;
  const pick = (attributes: ProductAttributes, names: string[]): ProductAttributes =>
    Object.fromEntries(
      names.flatMap((name) => (attributes[name] ? [[name, attributes[name]] as const] : [])),
    );
  return products.map((product) => ({
    ...product,
    ...(response.length && {
      attributes: pick(
        paramsOf.has(product.id) ? toAttributes(paramsOf.get(product.id)!) : product.attributes,
        response,
      ),
    }),
    ...(skuAttributes.length &&
      product.skus && {
        skus: product.skus.map((sku) => ({
          ...sku,
          attributes: pick(sku.attributes, skuAttributes),
        })),
      }),
  }));
}

/** Suggestions of the autocomplete job's index that start with the query, best first. */
export async function suggestionsFor(
  db: QueryDb,
  siteId: number,
  query: string,
  limit: number,
): Promise<{ st: string; amount: number }[]> {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const { rows } = await run<{ text: string; searches: number | null }>(
    db,
    sql`select text, searches from autocomplete_suggestions where site_id = ${siteId}
        and text like ${prefixPattern(text)} and text <> ${text} order by weight desc, text limit ${limit}`,
  );
  return rows.map((row) => ({ st: row.text, amount: Number(row.searches ?? 0) }));
}
