/**
 * Who may call the feed routes: the role lists of contract/call-roles.ts (spec part 2 §7 "Feed and
 * feed config", §6 and part 1 §6), re-exported for the feed calls and screens. Every call is
 * under /api with `?siteId=`.
 */
import * as z from 'zod';
import {
  FEED_CONFIG_ROLES,
  FEED_SETTINGS_ROLES,
  FEED_START_ROLES,
  FEED_VIEW_ROLES,
} from '../call-roles.ts';

export {
  FEED_CONFIG_ROLES,
  FEED_SETTINGS_ROLES,
  FEED_START_ROLES,
  FEED_VIEW_ROLES,
  REGION_ROLES,
  REGION_VIEW_ROLES,
} from '../call-roles.ts';

const siteId = z.coerce.number().int().positive();
export const siteQuery = z.strictObject({ siteId });
export const site = { auth: true, site: 'query' } as const;
export const view = { ...site, roles: FEED_VIEW_ROLES } as const;
export const settings = { ...site, roles: FEED_SETTINGS_ROLES } as const;
export const start = { ...site, roles: FEED_START_ROLES } as const;
export const config = { ...site, roles: FEED_CONFIG_ROLES } as const;
