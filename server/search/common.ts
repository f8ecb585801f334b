/**
 * What the public catalog queries share: the product row, the match and score of a query's words,
 * the filter condition, the live import and the turning of rows into contract products.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { toAttributes, toDecimalString, type Product, type Sku } from '#contract/public/product.ts';
import type { CatalogParam as ProductParam } from '../platform/db/schema.ts';
import type { ParsedSearchFilter } from '#contract/public/search.ts';
import { compareSizes } from '#storefront/runtime/size-order.ts';
import { anyOf } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { catalogCategories, catalogOffers, catalogs } from '../platform/db/schema.ts';
import { run } from '../platform/db/sql.ts';
import { ratingOf, ratingsFor, type ProductRating, type ReviewRow } from './reviews.ts';
import { inRegion, regionalOffers } from './regions.ts';
import { nameSimilarity, rankExpression, SEARCH_DOC, type RankWeights } from './search-config.ts';
import { expandSynonyms, termsQuery, type Understanding } from './understanding.ts';
import type { NameLookup } from './name-index.ts';
import type { CatalogMemory } from './catalog-memory.ts';
import { fuzzyName, measuredNames } from './fuzzy-name.ts';

/** The database a query runs on: the app's, or a bounded transaction (Database.bounded). */
export type QueryDb = Db | Tx;

export interface ProductRow {
  id: string;
  name: string;
  url: string;
  vendor: string | null;
  vendor_code: string | null;
  description: string | null;
  price: number;
  old_price: number | null;
  currency_id: string;
  available: boolean;
  pictures: string[];
  category_id: string;
  /** The product's own categories; empty (or absent) where category_id alone is its own. */
  category_ids?: string[];
  category_path: string[];
  params: ProductParam[];
  popularity: number;
  /** The offers' stock in sum; null (or absent) when no offer gives one. */
  quantity?: number | null;
  /** The match's relevance, where the statement computes one. */
  score?: number;
  /** The product's review, where the statement read it (REVIEW_COLUMN; null: none). */
  review?: ReviewRow | null;
}

export const PRODUCT_COLUMNS = sql.raw(
  'p.id, p.name, p.url, p.vendor, p.vendor_code, p.description, p.price, p.old_price, p.currency_id, p.available, p.pictures, p.category_id, p.category_ids, p.category_path, p.params, p.popularity, p.quantity',
);

export const FIXED_FACETS = new Set(['brand', 'categoryId', 'price', 'available']);
export const PRICE_EDGES = [
  0, 500, 1000, 2000, 3000, 5000, 7000, 10_000, 15_000, 20_000, 30_000, 50_000, 100_000,
];

/** The words of a query as a prefix tsquery (`крос:* & найк:*`); words are [0-9a-zа-я] only. */
export function prefixQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

export interface Matching {
  importId: number;
  /** The products relation (a region's prices and availability: query/regions.ts). */
  products?: SQL;
  st: string;
  words: string[];
  showUnavailable: boolean;
  multiplier: number;
  /** ts_rank weights of the site's configured search document; none: the default. */
  rank?: RankWeights | null;
  /** What the operators' query lists make of the words (understanding.ts); absent: plain words. */
  understanding?: Understanding;
  /**
   * The §5 thresholds of the site (api-params, docs/search-thresholds.md): `typo` the least
   * word similarity of a fuzzy name match (1 − the vectors threshold; absent: pg_trgm's 0.6),
   * `score` the ranking score a product must reach (absent: none dropped).
   */
  cut?: { typo?: number; score?: (m: Matching) => SQL };
  /** The call's view of the live catalog's name index (name-index.ts), when the path reads it. */
  names?: NameLookup;
  /** What the process keeps of the live catalog (catalog-memory.ts), when the path reads it. */
  memory?: CatalogMemory;
}

/** The ranking threshold's condition, when the site has one. */
function scoreCut(m: Matching): SQL {
  return m.cut?.score && m.words.length ? sql` and ${m.cut.score(m)}` : sql``;
}

/** The tsquery of the words: prefix stems, or the understood terms (synonyms, exact words). */
function tsqueryOf(m: Matching): { tsquery: string; exact: string[] } {
  if (!m.understanding) return { tsquery: prefixQuery(m.words), exact: [] };
  const u = m.understanding;
  return termsQuery(expandSynonyms(m.words, u.synonyms, u.maxPhrase), u.stemExclusions);
}

/**
 * The understood query's own conditions: the detected brand, the words matched exactly. An
 * excluded word must stand in the product's own name or brand: its category's name is shared by
 * every product filed there ("Шапки" over every "Шапка …"), so letting it count would make the
 * exclusion find every form the stemmer would have.
 */
function understoodCondition(m: Matching, exact: string[]): SQL {
  const parts: SQL[] = [];
  const brand = m.understanding?.brand;
  if (brand) parts.push(sql`lower(p.vendor) = ${brand}`);
  for (const word of exact)
    parts.push(
      sql`translate(lower(p.name || ' ' || coalesce(p.vendor, '')), 'ё', 'е') ~ ${`\\m${word}\\M`}`,
    );
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export function matchCondition(m: Matching): SQL {
  if (m.understanding) {
    if (!m.words.length) return understoodCondition(m, []);
    const { tsquery, exact } = tsqueryOf(m);
    const text = m.words.join(' ');
    const tsMatch = sql`${SEARCH_DOC} @@ to_tsquery('russian', ${tsquery})`;
    // Fuzzy name matching would bring back the forms an excluded word must not match.
    const match = exact.length ? tsMatch : sql`(${tsMatch} or ${fuzzyName(m, text)})`;
    return sql`(${match} and ${understoodCondition(m, exact)}${scoreCut(m)})`;
  }
  if (!m.words.length) return sql`true`;
  const text = m.words.join(' ');
  return sql`((${SEARCH_DOC} @@ to_tsquery('russian', ${prefixQuery(m.words)}) or ${fuzzyName(m, text)})${scoreCut(m)})`;
}

export function scoreExpression(m: Matching): SQL {
  const availability = sql`(case when p.available then 1 else ${m.multiplier}::float8 end)`;
  if (!m.words.length) return sql`${availability} * (1 + ln(1 + p.popularity) / 100)`;
  const text = m.words.join(' ');
  return sql`${availability} * (${rankExpression(m.rank, sql`to_tsquery('russian', ${tsqueryOf(m).tsquery})`)} + ${nameSimilarity(m.rank, text, measuredNames(m, text))} + ln(1 + p.popularity) / 100)`;
}

export function filterCondition(filters: ParsedSearchFilter[]): SQL {
  const byFacet = new Map<string, ParsedSearchFilter[]>();
  for (const filter of filters)
    byFacet.set(filter.facet, [...(byFacet.get(filter.facet) ?? []), filter]);
  const parts: SQL[] = [];
  for (const [facet, list] of byFacet) {
    const ors = list.map((filter): SQL => {
      if (filter.kind === 'range') {
        const value = facet === 'price' ? sql`p.price` : sql`(e->>'value')::float8`;
        const bounds = and(
          filter.min !== null ? sql`${value} >= ${filter.min}` : undefined,
          filter.max !== null ? sql`${value} <= ${filter.max}` : undefined,
        )!;
        if (facet === 'price') return bounds;
        return sql`exists (select 1 from jsonb_array_elements(p.params) e where e->>'name' = ${facet} and (e->>'value') ~ '^-?[0-9]+([.][0-9]+)?$' and ${bounds})`;
      }
      const value = filter.value;
      if (facet === 'brand') return sql`p.vendor = ${value}`;
      if (facet === 'categoryId') return sql`${value} = any(p.category_path)`;
      if (facet === 'available') return sql`p.available = ${value === 'true'}`;
      if (facet === 'price') return sql`p.price = ${Number(value) || -1}`;
      return sql`p.params @> ${JSON.stringify([{ name: facet, value }])}::jsonb`;
    });
    parts.push(sql`(${sql.join(ors, sql` or `)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export async function liveImport(db: QueryDb, siteId: number): Promise<number | null> {
  const [row] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  return row?.importId ?? null;
}

/** Categories by id: what a product's `categories` are made of. */
export type CategoryMap = Map<
  string,
  { name: string; pathIds: string[]; pathNames: string[]; url: string | null }
>;

export async function categoryMap(
  db: QueryDb,
  importId: number,
  ids: string[],
  /** The live catalog's memory, when the call reads it: the categories are read from it. */
  memory?: CatalogMemory,
): Promise<CategoryMap> {
  if (!ids.length) return new Map();
  if (memory?.importId !== importId) return readCategories(db, importId, [...new Set(ids)]);
  const map: CategoryMap = new Map();
  for (const id of ids) {
    const category = memory.categories.get(id);
    if (category) map.set(id, category);
  }
  return map;
}

/** An import's categories by id: those of `ids`, or all of them (the catalog memory). */
export async function readCategories(
  db: QueryDb,
  importId: number,
  ids?: string[],
): Promise<CategoryMap> {
  const rows = await db
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.importId, importId), ids && anyOf(catalogCategories.id, ids)));
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, pathIds: row.pathIds, pathNames: row.pathNames, url: row.url },
    ]),
  );
}

/**
 * Turns rows into contract products (with their SKUs when asked). With a `regionId` other than
 * 'global', each SKU's price, old price, availability and regional attributes are the region's
 * where the feeds gave the offer regional values (`catalog_offer_regions`), as the product's own
 * are (regions.ts).
 */
export async function toProducts(
  db: QueryDb,
  importId: number,
  rows: ProductRow[],
  options: {
    withSku: boolean;
    fullData?: boolean;
    regionId?: string | undefined;
    /** The rows' categories and ratings when the caller read them with the rows. */
    read?: { categories: CategoryMap; ratings: Map<string, ProductRating> };
    /** The live catalog's memory, when the call reads it (`categoryMap`). */
    memory?: CatalogMemory;
  },
): Promise<Product[]> {
  const categories =
    options.read?.categories ??
    (await categoryMap(
      db,
      importId,
      rows.flatMap((row) => row.category_path),
      options.memory,
    ));
  const skus = new Map<string, Sku[]>();
  if (options.withSku && rows.length) {
    const offers = await db
      .select()
      .from(catalogOffers)
      .where(
        and(
          eq(catalogOffers.importId, importId),
          anyOf(
            catalogOffers.productId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(catalogOffers.productId), asc(catalogOffers.id));
    const regional = await regionalOffers(
      db,
      importId,
      options.regionId,
      rows.map((row) => row.id),
    );
    const groups = groupBy(offers, (offer) => offer.productId);
    for (const [productId, offersOfProduct] of groups) {
      const group = offersOfProduct.map((offer) => ({
        ...offer,
        params: inRegion(offer.params, regional.get(offer.id)?.params ?? null),
      }));
      // The params that tell the variants apart: those with more than one value in the group.
      const distinct = new Map<string, Set<string>>();
      for (const offer of group)
        for (const param of offer.params)
          distinct.set(param.name, (distinct.get(param.name) ?? new Set()).add(param.value));
      const varying = new Set(
        [...distinct].filter(([, set]) => set.size > 1).map(([name]) => name),
      );
      const list = group.map((offer) => {
        const region = regional.get(offer.id);
        const oldPrice = region?.oldPrice ?? offer.oldPrice;
        return {
          sku: {
            id: offer.id,
            price: toDecimalString(region?.price ?? offer.price),
            ...(oldPrice !== null && { oldPrice: toDecimalString(oldPrice) }),
            available: region?.available ?? offer.available,
            link_url: offer.url,
            image_url: offer.pictures[0] ?? '',
            image_urls: offer.pictures,
            attributes: toAttributes(offer.params.filter((param) => varying.has(param.name))),
          } satisfies Sku,
          size: offer.params.find((param) => param.name === 'Размер')?.value,
        };
      });
      list.sort((a, b) =>
        a.size !== undefined && b.size !== undefined
          ? compareSizes(a.size, b.size)
          : a.sku.id.localeCompare(b.sku.id),
      );
      skus.set(
        productId,
        list.map((entry) => entry.sku),
      );
    }
  }
  const full = options.fullData !== false;
  // uploaded reviews: the card's rating part, read for the rows whose statement did not read it
  const ratings =
    options.read?.ratings ??
    (await ratingsFor(
      db,
      importId,
      rows.filter((row) => row.review === undefined).map((row) => row.id),
    ));
  return rows.map((row) => {
    const pictures = full ? row.pictures : row.pictures.slice(0, 1);
    return {
      id: row.id,
      name: row.name,
      ...(row.vendor !== null && { brand: row.vendor }),
      price: toDecimalString(row.price),
      ...(row.old_price !== null && { oldPrice: toDecimalString(row.old_price) }),
      available: row.available,
      link_url: row.url,
      image_url: pictures[0] ?? '',
      image_urls: pictures,
      categories: row.category_path.map((id) => {
        const category = categories.get(id);
        const own = row.category_ids?.length ? row.category_ids : [row.category_id];
        return {
          id,
          name: category?.name ?? id,
          direct: own.includes(id),
          link_url: category?.url ?? '',
          image_url: '',
        };
      }),
      attributes: full ? toAttributes(row.params) : {},
      score: row.score ?? 0,
      currency: row.currency_id,
      ...(row.vendor_code !== null && { vendorCode: row.vendor_code }),
      ...(full && row.description !== null && { description: row.description }),
      categoryId: row.category_id,
      ...(row.quantity != null && { quantity: row.quantity }),
      ...(options.withSku && { skus: skus.get(row.id) ?? [] }),
      rating: row.review === undefined ? (ratings.get(row.id) ?? null) : ratingOf(row.review),
    } satisfies Product;
  });
}

export async function count(db: QueryDb, m: Matching, where: SQL): Promise<number> {
  const { rows } = await run<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${m.products ?? sql.raw('catalog_products')} p where p.import_id = ${m.importId} and ${matchCondition(m)} and ${where}`,
  );
  return rows[0]?.n ?? 0;
}

/** A per-word spelling correction from the catalog's words, or null. */
export async function correct(
  db: QueryDb,
  importId: number,
  words: string[],
): Promise<string[] | null> {
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    const { rows } = await run<{ word: string; exact: boolean }>(
      db,
      sql`select word, (word like ${`${word}%`}) as exact from catalog_words
          where import_id = ${importId} and (word like ${`${word}%`} or word % ${word})
          order by (word like ${`${word}%`}) desc, similarity(word, ${word}) desc, products desc limit 1`,
    );
    const best = rows[0];
    if (!best || best.exact || word.length < 3) out.push(word);
    else {
      out.push(best.word);
      changed = true;
    }
  }
  return changed ? out : null;
}
