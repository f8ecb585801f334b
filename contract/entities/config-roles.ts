/**
 * The config kinds and who may do what on each (spec §6), without zod: the console's route
 * table reads them on the sign-in route, which stays light (DESIGN.md budgets).
 */
import type { Role } from '../roles.ts';

/**
 * UX configs (spec part 1 §3, §4, §9; DESIGN.md "Config lifecycle"). Each exists as an integration
 * copy (test=true) and a production copy (test=false); every save appends a version.
 */
export const CONFIG_KINDS = [
  'instant-search',
  'autocomplete',
  'search',
  'tracking',
  'mvt',
  'recommendations-block',
  'global-component',
  'global-config',
] as const;
/** One of CONFIG_KINDS (config.ts's `configKind` is the zod enum of the same list). */
export type ConfigKind = (typeof CONFIG_KINDS)[number];
/** Kinds promoted by deploy (the rest by generate). */
export const DEPLOY_KINDS = ['recommendations-block', 'global-component'] as const;

export interface ConfigRoles {
  /** Save the integration copy (anyone who may preview, generate or save to production). */
  save: readonly Role[];
  preview: readonly Role[];
  /** Generate, or deploy for blocks and components. */
  generate: readonly Role[];
  /** Save straight into the production copy. */
  saveToProd: readonly Role[];
}

const configRoles = (preview: Role[], generate: Role[], saveToProd: Role[]): ConfigRoles => ({
  save: [...preview, ...generate, ...saveToProd],
  preview,
  generate,
  saveToProd,
});

/** Spec §6: which role allows what on each config (shared by the server's checks and the buttons). */
export const CONFIG_ROLES: Readonly<Record<ConfigKind, ConfigRoles>> = {
  'instant-search': configRoles(
    ['ROLE_CONFIG_INSTANT_SEARCH_PREVIEW'],
    ['ROLE_CONFIG_INSTANT_SEARCH_GENERATE'],
    ['ROLE_CONFIG_INSTANT_SEARCH_SAVE_TO_PROD'],
  ),
  autocomplete: configRoles(
    ['ROLE_CONFIG_AUTOCOMPLETE_PREVIEW'],
    ['ROLE_CONFIG_AUTOCOMPLETE_GENERATE'],
    ['ROLE_CONFIG_AUTOCOMPLETE_SAVE_TO_PROD'],
  ),
  search: configRoles(
    ['ROLE_CONFIG_SEARCH_PREVIEW'],
    ['ROLE_CONFIG_SEARCH_GENERATE'],
    ['ROLE_CONFIG_SEARCH_SAVE_TO_PROD'],
  ),
  tracking: configRoles(
    ['ROLE_CONFIG_TRACKING_PREVIEW'],
    ['ROLE_CONFIG_TRACKING_GENERATE'],
    ['ROLE_CONFIG_TRACKING_SAVE_TO_PROD'],
  ),
  mvt: configRoles(
    ['ROLE_CONFIG_MVT_PREVIEW'],
    ['ROLE_CONFIG_MVT_GENERATE'],
    ['ROLE_CONFIG_MVT_SAVE_TO_PROD'],
  ),
  'recommendations-block': configRoles(
    ['ROLE_RECS_UX_PREVIEW'],
    ['ROLE_RECS_UX_GENERATE'],
    ['ROLE_RECS_UX_SAVE_TO_PROD'],
  ),
  // Components are the storefront's cards and buttons, edited by whoever edits search UX.
  'global-component': configRoles(
    ['ROLE_CONFIG_INSTANT_SEARCH_PREVIEW', 'ROLE_CONFIG_AUTOCOMPLETE_PREVIEW'],
    ['ROLE_CONFIG_INSTANT_SEARCH_GENERATE', 'ROLE_CONFIG_AUTOCOMPLETE_GENERATE'],
    ['ROLE_CONFIG_INSTANT_SEARCH_SAVE_TO_PROD', 'ROLE_CONFIG_AUTOCOMPLETE_SAVE_TO_PROD'],
  ),
  // The global config: one role edits, previews, generates and saves it (spec §6).
  'global-config': configRoles(
    ['ROLE_CONFIG_GLOBAL_CONFIG'],
    ['ROLE_CONFIG_GLOBAL_CONFIG'],
    ['ROLE_CONFIG_GLOBAL_CONFIG'],
  ),
};

/** Every role that lets a user touch some config (the union, for route-level guards). */
export const ANY_CONFIG_ROLE: readonly Role[] = [
  ...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.save)),
];
