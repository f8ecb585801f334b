import * as z from 'zod';
import {
  apiKeyParam,
  platformParam,
  queryBool,
  regionIdParam,
  unavailableMultiplierParam,
} from './common.ts';
import { product } from './product.ts';

/** Sort orders of the search endpoint. */
export const searchSort = z.enum(['DEFAULT', 'PRICE_ASC', 'PRICE_DESC', 'POPULARITY']);
export type SearchSort = z.infer<typeof searchSort>;

/**
 * One selected filter, written as AnyQuery's clients write it, `name:v1;v2` (several values of one
 * facet, OR-ed; `price:min;max` the price range, either bound may be empty; `categories:<id>;<id>`
 * the category facet, sub-categories included), or as the widgets do, `facet:value` (DISTINCT,
 * NUM_DISTINCT, BOOLEAN `true|false`, TREE and CATEGORY by category id) or `facet:min..max`
 * (RANGES, SLIDER; either bound may be empty). The facet name ends at the first colon, so values
 * may contain colons; a value holding `;` still matches whole (it is also tried as its parts).
 * A range matches min ≤ x ≤ max, except on a RANGES facet, where the storefront sends one of the
 * facet's ranges (`from..to`) and it matches that range as counted: from ≤ x < to.
 * Several values of one facet are OR-ed, different facets are AND-ed. Facet counts are
 * disjunctive: a facet's counts apply every filter but its own.
 * Examples: `brand:Nike;Adidas`, `Размер:M`, `price:1000;5000`, `price:..999`, `categories:12`.
 */
export const searchFilter = z
  .string()
  .max(300)
  .regex(/^[^:]+:.+$/, { message: 'filter.format' });

/**
 * GET /public/search query: every parameter of the instant-search preview window
 * (spec part 1 §7) plus `filter`. Query-string booleans are `true`/`false` (also 1/0, yes/no).
 * A single `filter` arrives as a string, several as an array: both are accepted. A parameter the
 * server does not know is ignored (clients in the field send extras); a known one with a bad
 * value is a 400 that names it.
 */
export const searchParams = z.object({
  /** The search text. May be empty when only filters are given. */
  st: z.string().max(500).default(''),
  apiKey: apiKeyParam,
  /** Search strategy (spec §9 default 'advanced_xname,zero_queries'). */
  strategy: z.string().max(200).default('advanced_xname,zero_queries'),
  /** Answer full product objects (true) or ids and names only (false). */
  fullData: queryBool.default(true),
  /** Try a spelling correction when the query finds little. */
  withCorrection: queryBool.default(true),
  withFacets: queryBool.default(true),
  /** Answer the category facet as a tree (type TREE) rather than a flat list (CATEGORY). */
  treeFacets: queryBool.default(false),
  regionId: regionIdParam,
  platform: platformParam,
  useCategoryPrediction: queryBool.default(false),
  /** Page size: the configured page size (spec §9 default 20); 0 answers the count only. */
  size: z.coerce.number().int().min(0).max(500).default(20),
  /** (page − 1) × size. */
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** false: unavailable products are hidden; true: ranked by unavailableMultiplier. */
  showUnavailable: queryBool.default(true),
  unavailableMultiplier: unavailableMultiplierParam,
  /** Preview mode: answered but not counted in reports. */
  preview: queryBool.default(false),
  /** Include each product's SKUs. */
  withSku: queryBool.default(false),
  /** A built-in sort, or a site's custom sort `ASC:attribute` / `DESC:attribute`. */
  sort: z.union([searchSort, z.string().regex(/^(ASC|DESC):.{1,100}$/)]).default('DEFAULT'),
  filter: z.union([searchFilter, z.array(searchFilter).max(50)]).optional(),
  /** Also answer the site's content pages (the content feed) matching the query. */
  withContent: queryBool.optional(),
  /** AnyQuery's completion of the last word: accepted; the search always completes it. */
  useCompletion: queryBool.optional(),
  /** AnyQuery's named search configuration: accepted; a site has one. */
  searchConfiguration: z.string().max(200).optional(),
  /** The client's language: accepted; the catalog answers in its feed's language. */
  lang: z.string().max(16).optional(),
  /**
   * Answer each step of the query pipeline (`explain`): for a console session with ROLE_AQ_VIEW
   * or ROLE_AUTOCOMPLETE_VIEW on the site only; an apiKey alone gets 403.
   */
  explain: queryBool.optional(),
});
export type SearchParams = z.infer<typeof searchParams>;
export type SearchParamsInput = z.input<typeof searchParams>;

/** The facet kinds of the instant search (spec part 2 §3 data types, plus tree and category). */
export const facetType = z.enum([
  'DISTINCT',
  'NUM_DISTINCT',
  'RANGES',
  'BOOLEAN',
  'SLIDER',
  'TREE',
  'CATEGORY',
]);
export type FacetType = z.infer<typeof facetType>;

/**
 * One value of a facet, in AnyQuery's shape. `id` is what a `filter` sends back (`name:id`);
 * `value` is the count of products with it — except on a SLIDER facet, whose two values have the
 * ids `min` and `max` and carry the bounds in `value` (apps draw their price slider from them).
 * DISTINCT and NUM_DISTINCT: id = name = the attribute's value. RANGES: id = name = `from..to`
 * (from inclusive, to exclusive, either side empty when open). BOOLEAN: ids `true` and `false`.
 * TREE and CATEGORY: id = the category id, name its name; a TREE's nodes have `children` and are
 * `open` when a selected category is below them.
 */
export interface FacetValue {
  id: string;
  name: string;
  value: number;
  selected: boolean;
  children?: FacetValue[];
  open?: boolean;
}
export const facetValue: z.ZodType<FacetValue> = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number(),
  selected: z.boolean(),
  get children() {
    return z.array(facetValue).optional();
  },
  open: z.boolean().optional(),
});

export const facet = z.object({
  /** The filter name (`brand`, `price`, `categoryId`, `available` or a param name). */
  name: z.string(),
  dataType: facetType,
  values: z.array(facetValue),
  /** Human title to show (ours). */
  title: z.string(),
  /** Unit of the values, from the feed's param unit (ours). */
  unit: z.string().nullable(),
  /** A SLIDER's selected bounds, null when not filtered on that side (ours). */
  selectedMin: z.number().nullable().optional(),
  selectedMax: z.number().nullable().optional(),
});
export type Facet = z.infer<typeof facet>;

/** The filters the answer applied, by facet name, as the request gave their values. */
export const selectedFacet = z.object({
  name: z.string(),
  values: z.array(z.string()),
});
export type SelectedFacet = z.infer<typeof selectedFacet>;

export const categoryPrediction = z.object({
  id: z.string(),
  name: z.string(),
  /** Root-first names. */
  path: z.array(z.string()),
  /** 0..1 */
  confidence: z.number().min(0).max(1),
});
export type CategoryPrediction = z.infer<typeof categoryPrediction>;

/** A page of the site's content feed found by a query (`withContent`). */
export const contentPageHit = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  /** The start of the page's text. */
  snippet: z.string(),
});
export type ContentPageHit = z.infer<typeof contentPageHit>;

/** What the query pipeline made of the query (the `explain` flag, console users only). */
export const queryExplain = z.object({
  rewritten: z.string(),
  blocked: z.boolean(),
  steps: z.array(z.object({ step: z.string(), output: z.string(), note: z.string().nullable() })),
});
export type QueryExplain = z.infer<typeof queryExplain>;

export const searchResponse = z.object({
  /** The query as understood (after trimming). */
  query: z.string(),
  /** The query searched: the corrected one, or the normalised query when nothing was corrected. */
  correction: z.string(),
  /** Matching products in total (all pages). */
  totalHits: z.number().int().nonnegative(),
  /**
   * True when nothing matched the query as typed: the products (if any) are a fallback — the
   * corrected or relaxed query's.
   */
  zeroQueries: z.boolean(),
  offset: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  products: z.array(product),
  /** Facets with counts over the matching products; empty when withFacets=false. */
  facets: z.array(facet),
  selectedFacets: z.array(selectedFacet),
  /** The predicted category, or null (always null unless useCategoryPrediction=true). */
  categoryPrediction: categoryPrediction.nullable(),
  /** The site's custom sort options (`sort` values and titles), when it has any. */
  sorts: z.array(z.object({ value: z.string(), title: z.string() })).optional(),
  /** Only when asked with `explain` by a console user. */
  explain: queryExplain.optional(),
  /**
   * A redirect rule's target for this query, or null: the storefront goes to `url` (or to
   * `mobileUrl` on a phone, when set) instead of listing results.
   */
  redirect: z.object({ url: z.string(), mobileUrl: z.string().nullable() }).nullable(),
  /** Content pages matching the query, with `withContent=true` (autocomplete's name for them). */
  contents: z.array(contentPageHit).optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** A parsed `filter` parameter. */
export type ParsedSearchFilter =
  | { facet: string; kind: 'value'; value: string }
  | { facet: string; kind: 'range'; min: number | null; max: number | null };

const rangePattern = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;
const boundPattern = /^(-?\d+(?:[.,]\d+)?)?$/;
/** AnyQuery's name of the category facet. */
const FACET_ALIASES: Readonly<Record<string, string>> = { categories: 'categoryId' };

const bound = (text: string | undefined) =>
  text === undefined || text === '' ? null : Number(text.replace(',', '.'));

/**
 * Reads one `filter` parameter (see `searchFilter`) into the conditions it stands for. A value
 * shaped `min..max` (numbers, either side may be empty, not both) is a range, as is the price
 * facet's `min;max`; a value list `v1;v2` is each value (and the whole text, which a feed's value
 * may be); anything else is one value. Null for a malformed filter.
 */
export function parseSearchFilter(filter: string): ParsedSearchFilter[] | null {
  const colon = filter.indexOf(':');
  if (colon <= 0 || colon === filter.length - 1) return null;
  const name = filter.slice(0, colon);
  const facet = FACET_ALIASES[name] ?? name;
  const rest = filter.slice(colon + 1);
  const range = rangePattern.exec(rest);
  if (range && (range[1] !== undefined || range[2] !== undefined))
    return [{ facet, kind: 'range', min: bound(range[1]), max: bound(range[2]) }];
  const parts = rest.split(';');
  if (facet === 'price' && parts.length === 2 && parts.every((part) => boundPattern.test(part))) {
    const [min, max] = parts.map((part) => bound(part));
    if (min === null && max === null) return null;
    return [{ facet, kind: 'range', min: min ?? null, max: max ?? null }];
  }
  const values = new Set([rest, ...parts.filter((part) => part !== '')]);
  return [...values].map((value) => ({ facet, kind: 'value', value }));
}

/** The `filter` parameter as a list, whether it came as one string, several or none. */
export function filterList(filter: SearchParams['filter']): string[] {
  if (filter === undefined) return [];
  return typeof filter === 'string' ? [filter] : filter;
}

/**
 * The answer's `selectedFacets`: the request's filters grouped by facet name, in the order given;
 * a value list `v1;v2` is its values, a range (`min..max`, price `min;max`) one value.
 */
export function selectedFacetsOf(filter: SearchParams['filter']): SelectedFacet[] {
  const byName = new Map<string, string[]>();
  for (const text of filterList(filter)) {
    const colon = text.indexOf(':');
    const name = text.slice(0, colon);
    const rest = text.slice(colon + 1);
    const parsed = parseSearchFilter(text);
    const values =
      parsed?.[0]?.kind === 'range' ? [rest] : rest.split(';').filter((part) => part !== '');
    byName.set(name, [...(byName.get(name) ?? []), ...values]);
  }
  return [...byName].map(([name, values]) => ({ name, values }));
}
