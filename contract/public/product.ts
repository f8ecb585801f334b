import * as z from 'zod';

/**
 * Product shapes the public storefront API answers with. They mirror a YML offer
 * (spec part 2 §3, feed type YML): one product per `group_id` group, its offers as SKUs.
 * Every text here comes from the merchant's feed and is untrusted: widgets escape it.
 */

/** One `<param>` of an offer: `<param name="Размер" unit="RU">48</param>`. */
export const productParam = z.object({
  name: z.string(),
  value: z.string(),
  /** The param's `unit` attribute, when the feed gives one. */
  unit: z.string().nullable(),
});
export type ProductParam = z.infer<typeof productParam>;

/** A variant of a product (a YML offer sharing the product's `group_id`). */
export const sku = z.object({
  id: z.string(),
  /** Current price in the site's currency (roubles for the demo site). */
  price: z.number().nonnegative(),
  /** Price before the discount, or null when there is none. */
  oldPrice: z.number().nonnegative().nullable(),
  available: z.boolean(),
  url: z.string(),
  pictures: z.array(z.string()),
  /** The params that tell variants apart (size, colour …). */
  params: z.array(productParam),
});
export type Sku = z.infer<typeof sku>;

/** A category on the path from the root to the product's category. */
export const categoryRef = z.object({
  id: z.string(),
  name: z.string(),
});
export type CategoryRef = z.infer<typeof categoryRef>;

export const product = z.object({
  /** Offer id, or the `group_id` for a product with variants. */
  id: z.string(),
  name: z.string(),
  url: z.string(),
  /** `vendor` of the offer. */
  brand: z.string().nullable(),
  vendorCode: z.string().nullable(),
  description: z.string().nullable(),
  /** Lowest price among the available SKUs (all SKUs when none is available). */
  price: z.number().nonnegative(),
  oldPrice: z.number().nonnegative().nullable(),
  /** ISO-like currency id from the feed (`RUR`, `RUB`, `USD` …). */
  currency: z.string(),
  /** True when the product or at least one of its SKUs is available. */
  available: z.boolean(),
  /** Picture URLs; the first is the main picture. May be empty. */
  pictures: z.array(z.string()),
  categoryId: z.string(),
  /** Root-first path to `categoryId`. */
  categories: z.array(categoryRef),
  params: z.array(productParam),
  /** Variants; present (possibly empty) only when the request asked `withSku=true`. */
  skus: z.array(sku).optional(),
  /**
   * The uploaded reviews' average (0–5), count and a short snippet of their description (at most
   * 140 characters, cut at a word; null without one); null or absent without reviews.
   */
  rating: z
    .object({
      value: z.number(),
      count: z.number().int(),
      snippet: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type Product = z.infer<typeof product>;
