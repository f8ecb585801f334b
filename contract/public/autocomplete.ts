import * as z from 'zod';
import { apiKeyParam, queryBool, regionIdParam, unavailableMultiplierParam } from './common.ts';
import { product } from './product.ts';
import { contentPageHit, queryExplain } from './search.ts';

/**
 * GET /public/autocomplete query: the autocomplete preview window's parameters (spec part 1 §7).
 * Unknown parameters are ignored, as for the search.
 */
export const autocompleteParams = z.object({
  st: z.string().max(200).default(''),
  apiKey: apiKeyParam,
  strategy: z.string().max(200).default('advanced_xname,zero_queries'),
  /** How many products to answer: 20, or the configured page size. */
  productsSize: z.coerce.number().int().min(0).max(50).default(20),
  regionId: regionIdParam,
  /** The call comes from an instant-search page (answer as for the search page's input). */
  forIs: queryBool.default(false),
  showUnavailable: queryBool.default(true),
  unavailableMultiplier: unavailableMultiplierParam,
  /** Include the content feed's pages matching the query (`content`). */
  withContent: queryBool.default(false),
  withSku: queryBool.default(false),
  /** AnyQuery's shuffle of the products: accepted; the answer keeps its ranking. */
  shuffle: queryBool.optional(),
  /** Full product objects: accepted; autocomplete always answers them. */
  fullData: queryBool.optional(),
  /** The query pipeline's steps (console users only, as for the search's `explain`). */
  explain: queryBool.optional(),
});
export type AutocompleteParams = z.infer<typeof autocompleteParams>;
export type AutocompleteParamsInput = z.input<typeof autocompleteParams>;

export const querySuggestion = z.object({
  /** The suggested query text. */
  text: z.string(),
  /** Products it finds, when known. */
  count: z.number().int().nonnegative().nullable(),
});
export type QuerySuggestion = z.infer<typeof querySuggestion>;

export const categorySuggestion = z.object({
  id: z.string(),
  name: z.string(),
  /** Root-first names of the parent categories. */
  path: z.array(z.string()),
  count: z.number().int().nonnegative(),
  /** Category page URL from the feed, when known. */
  url: z.string().nullable(),
});
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

export const brandSuggestion = z.object({
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type BrandSuggestion = z.infer<typeof brandSuggestion>;

/** A tap: a one-click refinement of the current query ("кроссовки" → "мужские"). */
export const tapSuggestion = z.object({
  /** The word shown on the chip. */
  tap: z.string(),
  /** The full query a click searches for. */
  query: z.string(),
});
export type TapSuggestion = z.infer<typeof tapSuggestion>;

export const autocompleteResponse = z.object({
  query: z.string(),
  queries: z.array(querySuggestion),
  products: z.array(product),
  categories: z.array(categorySuggestion),
  brands: z.array(brandSuggestion),
  taps: z.array(tapSuggestion),
  /** Content pages matching the query, with `withContent=true`. */
  content: z.array(contentPageHit).optional(),
  /** Only when asked with `explain` by a console user. */
  explain: queryExplain.optional(),
});
export type AutocompleteResponse = z.infer<typeof autocompleteResponse>;
