import * as z from 'zod';
import {
  apiKeyParam,
  platformParam,
  queryBool,
  regionIdParam,
  unavailableMultiplierParam,
} from './common.ts';
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
  platform: platformParam,
  /** The call comes from an instant-search page (answer as for the search page's input). */
  forIs: queryBool.default(false),
  showUnavailable: queryBool.default(true),
  unavailableMultiplier: unavailableMultiplierParam,
  /** Include the content feed's pages matching the query (`contents`). */
  withContent: queryBool.default(false),
  /** How many content pages to answer with `withContent` (the config's contentsSize). */
  contentsSize: z.coerce.number().int().min(1).max(50).default(10),
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

/**
 * A full query starting like the typed one (`sts`): shoppers' searches (the autocomplete job's
 * index) first, with how often they search it; then the catalog's words completing the last one,
 * with the products the word finds (0 when a longer query's count is not known).
 */
export const querySuggestion = z.object({
  st: z.string(),
  amount: z.number().int().nonnegative(),
});
export type QuerySuggestion = z.infer<typeof querySuggestion>;

export const categorySuggestion = z.object({
  id: z.string(),
  name: z.string(),
  /** Always false here: a suggested category is no one offer's own. */
  direct: z.boolean(),
  /** The category page from the feed, `""` when the feed gives none. */
  link_url: z.string(),
  image_url: z.string(),
  /** Root-first names of the parent categories (ours). */
  path: z.array(z.string()),
  /** Matching products in it (ours). */
  count: z.number().int().nonnegative(),
});
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

export const brandSuggestion = z.object({
  /** The brand's id: its name as the feed writes it (a feed's `vendor` has no id). */
  id: z.string(),
  name: z.string(),
  /** The brand's page, `""` when the site has none. */
  url: z.string(),
  /** Matching products of the brand (ours). */
  count: z.number().int().nonnegative(),
});
export type BrandSuggestion = z.infer<typeof brandSuggestion>;

/** A tap: a one-click refinement of the current query ("кроссовки" → "мужские"). */
export const tapSuggestion = z.object({
  /** The word shown on the chip. */
  tap: z.string(),
  /** The full query a click searches for. */
  relatedSearch: z.string(),
});
export type TapSuggestion = z.infer<typeof tapSuggestion>;

export const autocompleteResponse = z.object({
  query: z.string(),
  sts: z.array(querySuggestion),
  taps: z.array(tapSuggestion),
  products: z.array(product),
  categories: z.array(categorySuggestion),
  brands: z.array(brandSuggestion),
  /** Content pages matching the query, with `withContent=true`; else empty. */
  contents: z.array(contentPageHit),
  /** Only when asked with `explain` by a console user. */
  explain: queryExplain.optional(),
});
export type AutocompleteResponse = z.infer<typeof autocompleteResponse>;
