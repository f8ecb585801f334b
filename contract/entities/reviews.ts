import * as z from 'zod';

/**
 * Reviews of a product, by its externalId in the site's feed (spec part 2 §3 "Review", §7
 * "Reviews"), and neurocards: a key → value store filled by upload (`/llm-store`).
 */

/** One uploaded row: the product, its average rating (0–5), the number of reviews and texts. */
export const reviewRow = z.object({
  externalId: z.string().trim().min(1).max(200),
  rating: z.coerce.number().min(0).max(5),
  reviewCount: z.coerce.number().int().min(0).max(100_000_000),
  description: z.string().max(2000).optional(),
  longDescription: z.string().max(20_000).optional(),
  /**
   * Table tags: JSON object text of tag → value ("Удобство": "5"), "tag: value; …", or AnyQuery's
   * own list `[{"tagName": …, "tagFocus": "positive"|"negative", "tagCount": n}]`. A value that is
   * a count (`12`, `+12`, `-3`: a negative focus) is what the public read lists as tag data.
   */
  tableTags: z.string().max(20_000).optional(),
});
export type ReviewRow = z.infer<typeof reviewRow>;

export const review = z.object({
  externalId: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  description: z.string().nullable(),
  longDescription: z.string().nullable(),
  tableTags: z.record(z.string(), z.string()).nullable(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewList = z.object({ total: z.number().int(), items: z.array(review) });

/** The public read's body (spec §7: withDescription, withLongDescription, withTableTagsData, externalIds). */
export const microReviewsRequest = z.strictObject({
  externalIds: z.array(z.string().min(1).max(200)).min(1).max(500),
  withDescription: z.boolean().default(false),
  withLongDescription: z.boolean().default(false),
  withTableTagsData: z.boolean().default(false),
});

/** One tag of a product's reviews as AnyQuery answers it: how many reviews praise or fault it. */
export const tableTagData = z.object({
  tagName: z.string(),
  tagFocus: z.enum(['positive', 'negative']),
  tagCount: z.number().int().nonnegative(),
});
export type TableTagData = z.infer<typeof tableTagData>;

/**
 * One product's reviews in the public read, AnyQuery's wire format: every field present (typed
 * clients break on a missing one), the parts not asked for empty. `rating` and `tableTags` (every
 * tag as uploaded, also those that are not counts) are ours beside it.
 */
export const microReview = z.object({
  externalId: z.string(),
  description: z.string(),
  reviewsCount: z.number().int(),
  longDescription: z.string(),
  tableTagsData: z.array(tableTagData),
  rating: z.number(),
  tableTags: z.record(z.string(), z.string()).optional(),
});
export type MicroReview = z.infer<typeof microReview>;

/** A neurocard row of an upload: the key and its value (text, often JSON). */
export const neurocardRow = z.object({
  key: z.string().trim().min(1).max(500),
  value: z.string().min(1).max(100_000),
});

export const neurocard = z.object({ key: z.string(), value: z.string(), updatedAt: z.string() });
export type Neurocard = z.infer<typeof neurocard>;
