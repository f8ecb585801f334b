import type * as z from 'zod';

/**
 * One call of the storefront API under `/public`: no session, the site found by its apiKey, CORS
 * open. The server registers it from this entry (`registerPublicRoute`), so it cannot serve a
 * public call the contract does not declare. `params`, `query` and `body` are checked when the
 * call arrives (400 with the error envelope's `issues`); `answer`, when given, is the shape of a
 * 200 answer, checked and encoded on its way out (unknown fields stripped).
 */
export interface PublicRouteDef {
  method: 'GET' | 'POST';
  /** The full path, `/public/…`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
}
