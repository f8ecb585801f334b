/** What the merchandising calls share: the site query, ids, paging, the roles of each rule family. */
import * as z from 'zod';
import {
  MERCH_BOOSTING_ROLES,
  MERCH_MODELS_ROLES,
  MERCH_RECS_ROLES,
  MERCH_REDIRECT_ROLES,
  MERCH_SEARCH_VIEW_ROLES,
} from '../call-roles.ts';

export const siteId = z.coerce.number().int().positive();
export const siteQuery = z.strictObject({ siteId });
export const id = z.coerce.number().int().positive();
export const paging = (size: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(size),
});

/** The roles of each rule family (contract/call-roles.ts), by the short names the call files use. */
export const VIEW = MERCH_SEARCH_VIEW_ROLES;
export const BOOSTING = MERCH_BOOSTING_ROLES;
export const REDIRECT = MERCH_REDIRECT_ROLES;
export const RECS = MERCH_RECS_ROLES;
export const MODELS = MERCH_MODELS_ROLES;

export const call = { auth: true, site: 'query' } as const;
