import * as z from 'zod';
import { apiKeyParam } from './common.ts';

/**
 * The Dolyame reads of the catalog host (spec part 2 §7 "Instalment": GET /config/site/dolyame/app
 * and /widget, query apiKey), under /public like the rest of the storefront API. Answers:
 * contract/entities/dolyame.ts `publicDolyameApp` and `publicDolyameWidget`.
 */
export const publicDolyameApp = {
  method: 'GET',
  path: '/public/config/site/dolyame/app',
  query: z.strictObject({ apiKey: apiKeyParam }),
} as const;

export const publicDolyameWidget = {
  method: 'GET',
  path: '/public/config/site/dolyame/widget',
  query: z.strictObject({ apiKey: apiKeyParam }),
} as const;
