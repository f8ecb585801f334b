import * as z from 'zod';

/** Shared query-string pieces of the public GET endpoints (spec part 1 §7 "Preview windows"). */
export const queryBool = z.stringbool();
export const apiKeyParam = z.string().trim().min(1).max(128);
/**
 * Region whose prices and stock apply; `global` is the global feed. Real clients send an empty
 * `regionId=` for it: empty is the global region too.
 */
export const regionIdParam = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((region) => region || 'global');
/** How far unavailable products are pushed down: score × multiplier (spec §9 default 0.2). */
export const unavailableMultiplierParam = z.coerce.number().min(0).max(1).default(0.2);

/** Error body of every public endpoint (400 for garbage parameters, 401 for an unknown apiKey). */
export const publicError = z.object({
  status: z.number().int(),
  message: z.string(),
});
export type PublicError = z.infer<typeof publicError>;

/**
 * Where a public read comes from: the storefront's web pages (DESKTOP, MOBILE) or the shop's mobile
 * app (APP: the imshop app, or the storefront inside its web view). The app's requests sort by
 * the imshop custom sorts and are regionalised by the imshop regions only. Absent: the web.
 */
export const platformParam = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(['DESKTOP', 'MOBILE', 'APP']))
  .optional();
