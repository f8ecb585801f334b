/**
 * Who may call the feed routes (spec part 2 §7 "Feed and feed config", §6 and part 1 §6): reading
 * the feed pages takes any feed role or ROLE_CONFIG_VIEW; settings and URLs ROLE_CONFIG_FEED_CONFIG
 * or ROLE_CONFIG_FEED_LOADER_JOB_CONFIG; starting and cancelling loads
 * ROLE_CONFIG_FEED_LOADER_JOB_START; rules, attributes, parsing config ROLE_CONFIG_FEED_CONFIG;
 * imshop regions ROLE_CONFIG_REGIONS (or ROLE_CONFIG_FEED_CONFIG). Every call is under /api with
 * `?siteId=`.
 */
import * as z from 'zod';
import type { Role } from '../roles.ts';

export const FEED_VIEW_ROLES: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_START',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_SETTINGS_ROLES: readonly Role[] = [
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_START_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_LOADER_JOB_START'];
export const FEED_CONFIG_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_CONFIG'];
export const REGION_ROLES: readonly Role[] = ['ROLE_CONFIG_REGIONS', 'ROLE_CONFIG_FEED_CONFIG'];

const siteId = z.coerce.number().int().positive();
export const siteQuery = z.strictObject({ siteId });
export const site = { auth: true, site: 'query' } as const;
export const view = { ...site, roles: FEED_VIEW_ROLES } as const;
export const settings = { ...site, roles: FEED_SETTINGS_ROLES } as const;
export const start = { ...site, roles: FEED_START_ROLES } as const;
export const config = { ...site, roles: FEED_CONFIG_ROLES } as const;
