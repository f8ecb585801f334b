import * as z from 'zod';
import { apiKeyParam } from './common.ts';
import type { PublicRouteDef } from './route.ts';

/**
 * The Dolyame reads of the catalog host (spec part 2 §7 "Instalment": GET /config/site/dolyame/app
 * and /widget, query apiKey), under /public like the rest of the storefront API. Answers:
 * contract/entities/dolyame.ts `publicDolyameApp` and `publicDolyameWidget`.
 */

/**
 * The Dolyame fields an alternative attribute can stand for (`/dolyame/alternative-attributes`):
 * `price`, the feed attribute holding the price the four payments are computed from (instead of
 * the price on the page); `eligible`, the attribute marking the products instalments apply to
 * (a product shows the widget only when its value is one of DOLYAME_YES). One attribute per field
 * and site.
 */
export const DOLYAME_FIELDS = ['price', 'eligible'] as const;
export type DolyameField = (typeof DOLYAME_FIELDS)[number];

/** The values of an `eligible` attribute that mean "instalments apply" (compared in lower case). */
export const DOLYAME_YES = ['да', 'yes', 'true', '1'] as const;

/** The feed attribute mapped to each field; a field without one is left out. */
export type DolyameAttributeMap = Partial<Record<DolyameField, string>>;

/**
 * What the catalog says of one product for the widget: `price` from the `price` attribute (its
 * lowest value; null when the field is not mapped or the product has no number there), `eligible`
 * from the `eligible` attribute (null when that field is not mapped).
 */
export interface DolyameProductFacts {
  price: number | null;
  eligible: boolean | null;
}

/** The most product ids one widget read looks up. */
export const DOLYAME_MAX_PRODUCTS = 100;

/** `productId`, repeated for several (an id may hold a comma, so it is never split). */
const productIds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string().trim().min(1).max(200))
      .max(DOLYAME_MAX_PRODUCTS, `At most ${DOLYAME_MAX_PRODUCTS} productId values at once`),
  );

export const publicDolyameApp = {
  method: 'GET',
  path: '/public/config/site/dolyame/app',
  query: z.strictObject({ apiKey: apiKeyParam }),
} as const satisfies PublicRouteDef;

/**
 * The widget's settings; with `productId` also `products`: each asked id (a product of the live
 * catalog, or else an offer) → its DolyameProductFacts, or null when the catalog has no such id.
 */
export const publicDolyameWidget = {
  method: 'GET',
  path: '/public/config/site/dolyame/widget',
  query: z.strictObject({ apiKey: apiKeyParam, productId: productIds.optional() }),
} as const satisfies PublicRouteDef;
