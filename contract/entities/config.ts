import * as z from 'zod';
import { CONFIG_KINDS, DEPLOY_KINDS } from './config-roles.ts';

/** The kinds and their roles live in ./config-roles.ts (no zod: the sign-in route reads them). */
export { CONFIG_KINDS, CONFIG_ROLES, ANY_CONFIG_ROLE, type ConfigRoles } from './config-roles.ts';

export const configKind = z.enum(CONFIG_KINDS);
export type ConfigKind = z.infer<typeof configKind>;

/** Kinds with one config per site (the others are keyed by configId / componentId). */
export const SINGLE_CONFIG_KINDS = [
  'instant-search',
  'autocomplete',
  'search',
  'tracking',
  'mvt',
  'global-config',
] as const;
export const singleConfigKind = z.enum(SINGLE_CONFIG_KINDS);
export type SingleConfigKind = z.infer<typeof singleConfigKind>;

/** Kinds promoted by generate (the rest — blocks and components — by deploy). */
export const GENERATE_KINDS = SINGLE_CONFIG_KINDS;
export { DEPLOY_KINDS };
export const deployKind = z.enum(DEPLOY_KINDS);
export type DeployKind = z.infer<typeof deployKind>;

// The shapes live in one module per kind of config; this module is their one import path.
export {
  isCssSelector,
  cssSelector,
  AC_BLOCKS,
  acBlock,
  WIDTH_MODES,
  CARD_TYPES,
  POSITIONS,
  TEMPLATE_NAMES,
  TEMPLATE_VERSIONS,
  CONTENT_LANGUAGES,
  TOKENS_API_TYPES,
  PAGE_TYPES,
  TRIGGER_TYPES,
  MVT_ACTIONS,
  COMPONENT_TYPES,
  COMPONENT_VIEWS,
  WIDGET_TYPES,
  parseJsonObject,
} from './config-fields.ts';
export * from './config-search.ts';
export * from './config-tracking.ts';
export * from './config-global.ts';
export * from './config-recommendations.ts';
export * from './config-components.ts';
export * from './config-versions.ts';
