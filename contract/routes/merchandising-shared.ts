/** What the merchandising calls share: the site query, ids, paging, the roles of each rule family. */
import * as z from 'zod';
import type { Role } from '../roles.ts';

export const siteId = z.coerce.number().int().positive();
export const siteQuery = z.strictObject({ siteId });
export const id = z.coerce.number().int().positive();
export const paging = (size: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(size),
});

/** Search rules: viewers read, the boosting and redirect roles write (spec part 2 §6). */
export const VIEW: readonly Role[] = [
  'ROLE_MERCHANDISING_VIEW',
  'ROLE_MERCHANDISING_BOOSTING_CONFIG',
  'ROLE_MERCHANDISING_REDIRECT_CONFIG',
];
export const BOOSTING: readonly Role[] = ['ROLE_MERCHANDISING_BOOSTING_CONFIG'];
export const REDIRECT: readonly Role[] = ['ROLE_MERCHANDISING_REDIRECT_CONFIG'];
export const RECS: readonly Role[] = ['ROLE_RECS_MERCH_RULES_CONFIG'];
export const MODELS: readonly Role[] = ['ROLE_AUTOCOMPLETE_JOB_START'];

export const call = { auth: true, site: 'query' } as const;
