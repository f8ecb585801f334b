/**
 * The counts behind a search's facets (facets.ts shapes them): the categories, brands, price
 * bounds, availability and params of the matching products, each facet counted without its own
 * filter. The match is computed once into a materialized set (`hits`) and every count reads it in
 * the same statement: a facet's count used to be a statement of its own that ran the full-text
 * and trigram match again (about 35 ms each at 100 000 offers), and the price bounds' min/max let
 * the planner walk the price index filtering every row by the match (150 ms).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ParsedSearchFilter } from '#contract/public/search.ts';
import { noneOf } from '../platform/db/any.ts';
import { run } from '../platform/db/sql.ts';
import { filterCondition, FIXED_FACETS, type QueryDb } from './common.ts';

export interface ParamCount {
  name: string;
  value: string;
  unit: string | null;
  n: number;
}

export interface FacetCounts {
  categories: { id: string; n: number }[];
  brands: { v: string; n: number }[];
  price: { min: number | null; max: number | null } | undefined;
  /** Counted only when unavailable products are shown. */
  availability: { t: number; f: number } | undefined;
  /** The unfiltered params first, then each filtered one without its own filter. */
  params: ParamCount[];
}

export interface FacetQuery {
  /** The products relation (a region's: regions.ts). */
  from: SQL;
  /** The matching products: import, text match (and pins), availability, merchandising. */
  base: SQL;
  filters: ParsedSearchFilter[];
  showUnavailable: boolean;
}

/** The params with a filter of their own (each is counted without it). */
export function filteredParamNames(filters: ParsedSearchFilter[]): string[] {
  return [...new Set(filters.map((f) => f.facet).filter((f) => !FIXED_FACETS.has(f)))];
}

export const except = (filters: ParsedSearchFilter[], facet: string) =>
  filterCondition(filters.filter((f) => f.facet !== facet));

// The arrays are unnested in the select list (a ProjectSet), not by a lateral join: that one
// starts a function scan and its tuple store per product, which took twice as long (26 108 pairs
// of «куртка»'s 2 642 products at 100 000 offers: 5.0 → 3.2 ms; categories 2.2 → 1.2 ms).

/** `[]` or the rows of `rows` as JSON objects in `order`. */
const agg = (rows: SQL, order: SQL) =>
  sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${rows}) x)`;

/** A pair's name (catalog_param_pairs, migration 0049: `name ␟ value [␟ unit]`). */
const PAIR_NAME = sql`split_part(pair, chr(31), 1)`;

/**
 * A param's values: each product's distinct (name, value) pairs (kept with the product, the
 * greatest unit of the pair's params in them) counted over the products; pairs that differ only in
 * their unit are one value, with the greatest unit.
 */
const paramValues = (q: number, where: SQL, names: SQL) =>
  sql`select ${q}::int as q, split_part(pair, chr(31), 1) as name,
        split_part(pair, chr(31), 2) as value, max((string_to_array(pair, chr(31)))[3]) as unit,
        sum(n)::int as n
      from (select pair, count(*) as n
            from (select unnest(p.param_pairs) as pair from hits p where ${where}) u
            where ${names} group by pair) d
      group by 2, 3`;

/** The columns of `hits` the facet counts read. */
export const HIT_COLUMNS = sql.raw(
  'p.id, p.vendor, p.category_path, p.price, p.available, p.params, p.param_pairs',
);

/** The price bounds, availability and (merged) the products' count of facetCountColumns. */
interface Summary {
  total?: number;
  price: NonNullable<FacetCounts['price']>;
  availability: FacetCounts['availability'] | null;
}

export interface FacetCountRow {
  categories: FacetCounts['categories'];
  brands: FacetCounts['brands'];
  summary: Summary;
  params: (ParamCount & { q: number })[];
}

/**
 * Whether the price bounds, the availability and the count of the filtered products read the
 * same products (no price or availability filter): then one scan of the set counts all three.
 */
export const countsWithTotal = (filters: ParsedSearchFilter[]) =>
  !filters.some((filter) => filter.facet === 'price' || filter.facet === 'available');

const PRICE_BOUNDS = sql`json_build_object('min', floor(min(p.price))::float8, 'max', ceil(max(p.price))::float8)`;
const AVAILABILITY = sql`json_build_object('t', (count(*) filter (where p.available))::int,
  'f', (count(*) filter (where not p.available))::int)`;

/** The `summary` column: each part without its own filter, in one scan when countsWithTotal. */
function summaryColumns(filters: ParsedSearchFilter[], showUnavailable: boolean): SQL {
  if (countsWithTotal(filters))
    return sql`(select json_build_object('total', count(*)::int, 'price', ${PRICE_BOUNDS},
          'availability', ${showUnavailable ? AVAILABILITY : sql`null::json`})
        from hits p where ${filterCondition(filters)}) as summary`;
  return sql`json_build_object(
      'price', (select ${PRICE_BOUNDS} from hits p where ${except(filters, 'price')}),
      'availability', ${
        showUnavailable
          ? sql`(select ${AVAILABILITY} from hits p where ${except(filters, 'available')})`
          : sql`null::json`
      }) as summary`;
}

/**
 * The select list that counts every facet of the products in `hits` (a relation the statement
 * defines): the facet columns of a statement that may select more (first-pass.ts).
 */
export function facetCountColumns(filters: ParsedSearchFilter[], showUnavailable: boolean): SQL {
  const filteredParams = filteredParamNames(filters);
  const params = [
    paramValues(
      0,
      filterCondition(filters),
      filteredParams.length ? noneOf(PAIR_NAME, filteredParams) : sql`true`,
    ),
    ...filteredParams.map((name, index) =>
      paramValues(index + 1, except(filters, name), sql`${PAIR_NAME} = ${name}`),
    ),
  ];
  // The products are counted per category path first (a search's hits share a few paths), and
  // each path's count then goes to its categories: «куртка» at a million offers, 26 295 products
  // in 3 paths, 11.7 → 7.5 ms against unnesting every product's path.
  return sql`${agg(
    sql`select c as id, sum(n)::int as n
        from (select unnest(path) as c, n
              from (select p.category_path as path, count(*) as n from hits p
                    where ${except(filters, 'categoryId')} group by p.category_path) g) u
        group by c`,
    sql`x.id`,
  )} as categories,
  ${agg(
    sql`select p.vendor as v, count(*)::int as n from hits p
        where ${except(filters, 'brand')} and p.vendor is not null
        group by p.vendor order by n desc, p.vendor limit 50`,
    sql`x.n desc, x.v`,
  )} as brands,
  ${summaryColumns(filters, showUnavailable)},
  ${agg(sql.join(params, sql` union all `), sql`x.q, x.name, x.value`)} as params`;
}

/** The facet counts of a row that selected facetCountColumns(). */
export function facetCountsOf(row: FacetCountRow): FacetCounts {
  return {
    categories: row.categories,
    brands: row.brands,
    price: row.summary.price,
    availability: row.summary.availability ?? undefined,
    params: row.params.map(({ name, value, unit, n }) => ({ name, value, unit, n })),
  };
}

export async function facetCountsOnePass(db: QueryDb, query: FacetQuery): Promise<FacetCounts> {
  const { rows } = await run<FacetCountRow>(
    db,
    sql`with hits as materialized (select ${HIT_COLUMNS} from ${query.from} p where ${query.base})
        select ${facetCountColumns(query.filters, query.showUnavailable)}`,
  );
  return facetCountsOf(rows[0]!);
}
