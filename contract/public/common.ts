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
