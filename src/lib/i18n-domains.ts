import type ruResources from '../locales/ru/index.ts';

/**
 * A key domain: the first part of every key (`ui.*`, `recsUx.*`…), one JSON file per language
 * (src/locales/<lang>/<file>.json, `recs-ux.json` → `recsUx`; studio/locales/<lang>/<file>.json
 * together make `studio`). The console loads a domain per language and only when a route that
 * needs it opens (DESIGN.md budgets: translations load per language and per route namespace).
 */
export type LocaleDomain = keyof typeof ruResources;

/** What every screen may show, the sign-in page, the 404 page and the error screens included. */
export const CORE_LOCALES = [
  'actions',
  'errors',
  'fields',
  'ui',
  'routes',
  'auth',
  'shell',
] as const satisfies readonly LocaleDomain[];
