/**
 * What the config calls share: the site in the path or the query, the `test` copy flag, the role
 * unions the routes allow (the handler checks the finer CONFIG_ROLES: which kind, which copy), and
 * the config shapes by kind.
 */
import * as z from 'zod';
import {
  ANY_CONFIG_ROLE,
  CONFIG_ROLES,
  mvtConfig,
  searchConfig,
  trackingConfig,
  globalConfig,
} from '../entities/config.ts';
import type { Role } from '../roles.ts';

export const siteParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const siteQuery = { siteId: z.coerce.number().int().positive() };
export const testFlag = z.stringbool().default(true);
export const viewRoles: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_AUTOCOMPLETE_VIEW',
  ...ANY_CONFIG_ROLE,
];
export const previewRoles = [
  ...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.preview)),
];
export const generateRoles = [
  ...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.generate)),
];

/** The config shapes of the single-config kinds, by kind (instant search, autocomplete and search share one). */
export const singleConfigSchemas = {
  'instant-search': searchConfig,
  autocomplete: searchConfig,
  search: searchConfig,
  tracking: trackingConfig,
  mvt: mvtConfig,
  'global-config': globalConfig,
} as const;

export const anySingleConfig = z.union([searchConfig, trackingConfig, mvtConfig, globalConfig]);
