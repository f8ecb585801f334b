import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { job } from '../entities/job.ts';
import { jobSchedule, jobScheduleInput } from '../entities/schedule.ts';
import type { Role } from '../roles.ts';
import { ok } from './auth.ts';

/** Spec part 2 §6 "Config: feed config, feed loader job start and config". */
const FEED_SCHEDULE_ROLES: readonly Role[] = [
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
  'ROLE_CONFIG_FEED_CONFIG',
];

/** The model building jobs (RECS, XGBVECTORS) of /anyquery/search/model-training. */
export const MODEL_JOB_KINDS = ['recs-build', 'ranking-build'] as const;
/** Ranking job start (spec part 2 §6), as the model training screen's start button. */
const MODEL_SCHEDULE_ROLES: readonly Role[] = [
  'ROLE_RANKING_JOB_START',
  'ROLE_AUTOCOMPLETE_JOB_START',
];

/** Who may set or delete the schedule of a job kind (administrators always may). */
export function scheduleRoles(kind: string): readonly Role[] {
  // Every feed job (the YML/OZON load, delta, facets, content, check) is a feed loader job.
  if (kind.startsWith('feed') || kind.endsWith('-feed')) return FEED_SCHEDULE_ROLES;
  if ((MODEL_JOB_KINDS as readonly string[]).includes(kind)) return MODEL_SCHEDULE_ROLES;
  return ['ROLE_ADMIN'];
}

/** Who sees a site's schedules and recent jobs. */
export const SCHEDULE_VIEW_ROLES: readonly Role[] = [
  ...FEED_SCHEDULE_ROLES,
  'ROLE_CONFIG_FEED_LOADER_JOB_START',
  ...MODEL_SCHEDULE_ROLES,
  'ROLE_RANKING_JOB_CONFIG',
  'ROLE_RANKING_VIEW',
];

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });

export const listSchedulesRoute = defineRoute({
  method: 'GET',
  path: '/jobs/schedules',
  summary: "The site's recurring jobs (cron, zone, next and last run)",
  auth: true,
  roles: SCHEDULE_VIEW_ROLES,
  site: 'query',
  query: siteQuery,
  response: z.array(jobSchedule),
});

export const setScheduleRoute = defineRoute({
  method: 'PUT',
  path: '/jobs/schedules',
  summary:
    'Create or replace the schedule of a job kind (400 for an invalid cron or zone, 403 without the kind’s roles); audited',
  auth: true,
  roles: [...new Set([...FEED_SCHEDULE_ROLES, ...MODEL_SCHEDULE_ROLES, 'ROLE_ADMIN' as const])],
  site: 'query',
  query: siteQuery,
  body: jobScheduleInput,
  response: jobSchedule,
});

export const deleteScheduleRoute = defineRoute({
  method: 'DELETE',
  path: '/jobs/schedules',
  summary: 'Delete the schedule of a job kind (404 when there is none); audited',
  auth: true,
  roles: [...new Set([...FEED_SCHEDULE_ROLES, ...MODEL_SCHEDULE_ROLES, 'ROLE_ADMIN' as const])],
  site: 'query',
  query: siteQuery.extend({ kind: z.string().trim().min(1).max(64) }),
  response: ok,
});

export const recentJobsRoute = defineRoute({
  method: 'GET',
  path: '/jobs/recent',
  summary: "The site's latest jobs of one kind (or of all kinds), newest first, with progress",
  auth: true,
  roles: [...SCHEDULE_VIEW_ROLES, 'ROLE_SITE_VIEW', 'ROLE_SITE_CONFIG'],
  site: 'query',
  query: siteQuery.extend({
    kind: z.string().trim().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
  response: z.array(job),
});
