import * as z from 'zod';
import { apiKeyParam, queryBool, regionIdParam } from './common.ts';
import { product } from './product.ts';

/**
 * The strategy of a call: one of the fixed three (`popular`, `same_category`, `similar_price`),
 * a model of the catalogue (GET /api/recs/models: the site's first enabled strategy of it), or
 * the hash of one of the site's strategies.
 */
export const recommendationStrategy = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, 'a strategy hash or model name');
export type RecommendationStrategy = z.infer<typeof recommendationStrategy>;

/**
 * GET /public/recommendations query. `same_category` and `similar_price` need `productId`
 * (the product the page shows); without it the server answers 400.
 */
export const recommendationsParams = z.strictObject({
  apiKey: apiKeyParam,
  strategy: recommendationStrategy.default('popular'),
  /** The recommendation block's configId, when the call comes from a configured block. */
  blockId: z.string().max(64).optional(),
  productId: z.string().max(200).optional(),
  /** A recommendation widget by id, or by one of its placements: the widget's strategy answers. */
  widgetId: z.string().max(64).optional(),
  placement: z.string().max(300).optional(),
  /** The shopper's tracking session (recently viewed, personal strategies). */
  sessionId: z.string().max(64).optional(),
  /**
   * The session's recently viewed products, oldest first, comma-separated (the storefront sends
   * its own record of them): session-aware strategies read these instead of the tracked session.
   * At most the last 50 are kept.
   */
  viewed: z
    .string()
    .max(12_000)
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .slice(-50),
    )
    .optional(),
  /** Restrict `popular` to a category (a category page's block). */
  categoryId: z.string().max(200).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  regionId: regionIdParam,
  showUnavailable: queryBool.default(false),
  withSku: queryBool.default(false),
});
export type RecommendationsParams = z.infer<typeof recommendationsParams>;
export type RecommendationsParamsInput = z.input<typeof recommendationsParams>;

export const recommendationsResponse = z.object({
  strategy: recommendationStrategy,
  blockId: z.string().nullable(),
  /** How many products the strategy has in total (for infinite lists): search's name for it. */
  totalHits: z.number().int().nonnegative(),
  products: z.array(product),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;
