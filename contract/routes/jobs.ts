import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { CONFIG_ROLES, type ConfigKind } from '../entities/config.ts';
import { job } from '../entities/job.ts';
import type { Role } from '../roles.ts';

const allConfigRoles = (action: 'preview' | 'generate') => [
  ...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles[action])),
];

/** Who may start (and so cancel) a job of each kind. */
export const JOB_START_ROLES: Readonly<Record<string, readonly Role[]>> = {
  'feed-update': ['ROLE_ADMIN', 'ROLE_CONFIG_FEED_LOADER_JOB_START'],
  'delta-feed': ['ROLE_ADMIN', 'ROLE_CONFIG_FEED_LOADER_JOB_START'],
  'facets-feed': ['ROLE_ADMIN', 'ROLE_CONFIG_FEED_LOADER_JOB_START'],
  'content-feed': ['ROLE_ADMIN', 'ROLE_CONFIG_FEED_LOADER_JOB_START'],
  'feed-check': ['ROLE_ADMIN', 'ROLE_CONFIG_FEED_LOADER_JOB_START', 'ROLE_CONFIG_FEED_CONFIG'],
  'config-preview': allConfigRoles('preview'),
  'config-generate': allConfigRoles('generate'),
  'search-index-rebuild': ['ROLE_AUTOCOMPLETE_JOB_START'],
  'autocomplete-suggestions': ['ROLE_AUTOCOMPLETE_JOB_START'],
  'facet-suggestions': ['ROLE_AUTOCOMPLETE_FACET_ATTRIBUTES_CONFIG'],
  'recs-build': [
    'ROLE_RECS_STRATEGIES_CONFIG',
    'ROLE_RANKING_JOB_START',
    'ROLE_AUTOCOMPLETE_JOB_START',
  ],
  // XGBVECTORS (learned ranking): the model training screen's starters (MODELS_START_ROLES).
  'ranking-build': ['ROLE_RANKING_JOB_START', 'ROLE_AUTOCOMPLETE_JOB_START'],
  // The visual regression gate runs before a generate or deploy: its starters are theirs.
  'visual-gate': allConfigRoles('generate'),
};

/** The roles that start a job of this kind, narrowed by its payload where the start was. */
export function jobStartRoles(kind: string, payload: unknown): readonly Role[] {
  const configKind = (payload as { kind?: unknown } | null)?.kind;
  if (
    (kind === 'config-generate' || kind === 'visual-gate') &&
    typeof configKind === 'string' &&
    configKind in CONFIG_ROLES
  )
    return CONFIG_ROLES[configKind as ConfigKind].generate;
  return JOB_START_ROLES[kind] ?? ['ROLE_ADMIN'];
}

export const cancelJobRoute = defineRoute({
  method: 'DELETE',
  path: '/site/:id/jobs/:jobId',
  summary:
    'Cancel a queued or running job of the site (the roles that start its kind); 409 when it has finished',
  auth: true,
  roles: [...new Set(Object.values(JOB_START_ROLES).flat())],
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive(), jobId: z.uuid() }),
  response: job,
});
