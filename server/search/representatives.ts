/**
 * Group representative attributes (search setting groupRepresentativeAttributes): which SKU of a
 * group shows for it in a search answer. A product's own picture, price, old price, availability
 * and URL are its representative offer's, picked when its products are built (index-shape.ts,
 * `representativeOrder`). When the shopper filtered by values of these attributes — or typed one
 * in the query (`платье красное`) — the SKU with those values represents the group instead: the
 * card shows the red dress and opens it. Words never override a filter: they choose among the
 * SKUs the filters allow.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ParsedSearchFilter } from '#contract/public/search.ts';
import type { SearchSettings } from '#contract/entities/search-config.ts';
import { anyOf, arrayParam } from '../platform/db/any.ts';
import { catalogOffers } from '../platform/db/schema.ts';
import { groupBy, type ProductRow, type QueryDb } from './common.ts';
import { inRegion, regionalOffers } from './regions.ts';

/** The values wanted of one group representative attribute (lower-cased). */
interface Wish {
  name: string;
  values: ReadonlySet<string>;
}

export interface Representation {
  /** The group representative attributes (lower-cased). */
  names: string[];
  /** From the filters: a representative must have one of these values of each. */
  required: Wish[];
  /** The query's words: a representative with a value of these in any word form is preferred. */
  words: string[];
}

/** What the answer's filters and words ask of the group representatives (null: nothing). */
export function representationOf(
  settings: SearchSettings,
  filters: readonly ParsedSearchFilter[],
  words: readonly string[],
): Representation | null {
  const names = settings.groupRepresentativeAttributes.attributes.map((n) => n.toLowerCase());
  if (names.length === 0) return null;
  const required = names.flatMap((name) => {
    const values = filters.flatMap((f) =>
      f.kind === 'value' && f.facet.toLowerCase() === name ? [f.value.toLowerCase()] : [],
    );
    return values.length ? [{ name, values: new Set(values) }] : [];
  });
  return required.length || words.length ? { names, required, words: [...words] } : null;
}

type Offer = typeof catalogOffers.$inferSelect & { liked: boolean };

const has = (offer: Offer, wish: Wish) =>
  offer.params.some(
    (p) => p.name.toLowerCase() === wish.name && wish.values.has(p.value.toLowerCase()),
  );

/** The representative order of the site's SKU representative strategy, over offers. */
function compareOffers(strategy: string): (a: Offer, b: Offer) => number {
  const byId = (a: Offer, b: Offer) => a.id.localeCompare(b.id);
  if (strategy === 'FIRST') return byId;
  return (a, b) =>
    Number(b.available) - Number(a.available) ||
    (strategy === 'MOST_POPULAR' ? b.popularity - a.popularity : 0) ||
    a.price - b.price ||
    byId(a, b);
}

/**
 * The rows with each group's representative chosen by `wanted`: its URL, pictures, price, old
 * price and availability (the region's where the feeds gave them) become the row's. Groups with
 * no offer answering the filters keep the representative they have.
 */
export async function represent(
  db: QueryDb,
  importId: number,
  rows: ProductRow[],
  wanted: Representation | null,
  options: { settings: SearchSettings; regionId?: string | undefined },
): Promise<ProductRow[]> {
  if (!wanted || rows.length === 0) return rows;
  const ids = rows.map((row) => row.id);
  const regional = await regionalOffers(db, importId, options.regionId, ids);
  // An offer is liked when a value of one of the attributes is a word of the query, in any of
  // its forms (красное → красный): the search's own Russian stemming decides.
  const liked = wanted.words.length
    ? sql<boolean>`exists (select 1 from jsonb_array_elements(${catalogOffers.params}) e
        where lower(e->>'name') = any(${arrayParam(wanted.names, 'text')})
          and to_tsvector('russian', e->>'value')
              @@ websearch_to_tsquery('russian', ${wanted.words.join(' or ')}))`
    : sql<boolean>`false`;
  const offers = (
    await db
      .select({ ...getTableColumns(catalogOffers), liked })
      .from(catalogOffers)
      .where(and(eq(catalogOffers.importId, importId), anyOf(catalogOffers.productId, ids)))
  ).map((offer) => {
    const region = regional.get(offer.id);
    return {
      ...offer,
      price: region?.price ?? offer.price,
      oldPrice: region?.oldPrice ?? offer.oldPrice,
      available: region?.available ?? offer.available,
      params: inRegion(offer.params, region?.params ?? null),
    };
  });
  const byProduct = groupBy(offers, (offer) => offer.productId);
  const order = compareOffers(options.settings.skuRepresentativeConfig.strategy);
  return rows.map((row) => {
    const group = byProduct.get(row.id) ?? [];
    if (group.length < 2) return row;
    const fits = group.filter((offer) => wanted.required.every((wish) => has(offer, wish)));
    if (fits.length === 0) return row;
    const liked = fits.filter((offer) => offer.liked);
    // Only a choice the shopper asked for replaces the group's own representative.
    if (wanted.required.length === 0 && liked.length === 0) return row;
    const chosen = (liked.length ? liked : fits).sort(order)[0]!;
    return {
      ...row,
      url: chosen.url,
      pictures: chosen.pictures,
      price: chosen.price,
      old_price: chosen.oldPrice,
      available: chosen.available,
    };
  });
}
