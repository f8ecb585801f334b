import * as z from 'zod';

/**
 * The product as the public API answers it, in AnyQuery's wire format (what merchants' apps,
 * scripts and Handlebars templates in the field read): search, autocomplete and recommendations
 * answer this one shape, and the storefront's templates read it too. Prices are decimal strings
 * (`"11169.0"`), never JSON numbers: typed clients declare them as strings. Every text comes from
 * the merchant's feed and is untrusted: widgets escape it. Fields past AnyQuery's (currency,
 * vendorCode, skus, rating …) are ours: clients ignore unknown fields.
 */

/** A price as the wire carries it: a decimal with a point and at least one decimal digit. */
export const decimalString = z.string().regex(/^-?\d+\.\d+$/, 'a decimal such as "11169.0"');

export { toAttributes, toDecimalString } from './wire-values.ts';

/**
 * The offer's params: keys are the feed's param names in lower case, values always arrays of
 * strings (`{"размер": ["S", "M"], "цвет": ["синий"]}`).
 */
export const productAttributes = z.record(z.string(), z.array(z.string()));
export type ProductAttributes = z.infer<typeof productAttributes>;

/** A category of the product, root first; `direct` marks the offer's own ones (it may name several). */
export const productCategory = z.object({
  id: z.string(),
  name: z.string(),
  direct: z.boolean(),
  /** The category page from the feed, `""` when the feed gives none. */
  link_url: z.string(),
  /** The category's picture, `""` when there is none. */
  image_url: z.string(),
});
export type ProductCategory = z.infer<typeof productCategory>;

/** A variant of a product (a YML offer sharing the product's `group_id`), with `withSku=true`. */
export const sku = z.object({
  id: z.string(),
  price: decimalString,
  /** Price before the discount; absent when there is none. */
  oldPrice: decimalString.optional(),
  available: z.boolean(),
  link_url: z.string(),
  image_url: z.string(),
  image_urls: z.array(z.string()),
  /** The attributes that tell the variants apart (size, colour …). */
  attributes: productAttributes,
});
export type Sku = z.infer<typeof sku>;

export const product = z.object({
  /** Offer id, or the `group_id` for a product with variants. */
  id: z.string(),
  name: z.string(),
  /** `vendor` of the offer; absent without one. */
  brand: z.string().optional(),
  /** Lowest price among the available SKUs (all SKUs when none is available). */
  price: decimalString,
  /** Price before the discount; absent when there is none. */
  oldPrice: decimalString.optional(),
  /** True when the product or at least one of its SKUs is available. */
  available: z.boolean(),
  link_url: z.string(),
  /** The first picture, `""` without one. */
  image_url: z.string(),
  image_urls: z.array(z.string()),
  categories: z.array(productCategory),
  attributes: productAttributes,
  /** The product's relevance in this answer (higher first); 0 where nothing was matched. */
  score: z.number(),
  /** ISO-like currency id from the feed (`RUR`, `RUB`, `USD` …): the widgets format by it. */
  currency: z.string(),
  /** The offer's `vendorCode`, when the feed gives one. */
  vendorCode: z.string().optional(),
  /** The offer's description (with `fullData`), when the feed gives one. */
  description: z.string().optional(),
  /** The offer's first own category (a `direct` one of `categories`). */
  categoryId: z.string(),
  /** The stock the feed gives (`<quantity>`), summed over the SKUs; absent when it gives none. */
  quantity: z.number().optional(),
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
