import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { ANY_CONFIG_ROLE, CONFIG_ROLES } from '../entities/config.ts';
import {
  rolloutSettings,
  rolloutWatch,
  schedulePromotionInput,
  scheduledPromotion,
} from '../entities/rollout.ts';
import type { Role } from '../roles.ts';

/* Scheduled promotion and the automatic rollback after a promotion. */

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });
const viewRoles: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_AUTOCOMPLETE_VIEW',
  ...ANY_CONFIG_ROLE,
];
const generateRoles = [...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.generate))];

export const listScheduledPromotionsRoute = defineRoute({
  method: 'GET',
  path: '/config/scheduled-promotions',
  summary: "The site's scheduled generate / deploy runs, upcoming first, then the latest done",
  auth: true,
  roles: viewRoles,
  site: 'query',
  query: siteQuery,
  response: z.array(scheduledPromotion),
});

export const schedulePromotionRoute = defineRoute({
  method: 'POST',
  path: '/config/scheduled-promotions',
  summary:
    'Schedule generate (or deploy, for a block or component) of the newest integration version at a time; it survives restarts',
  auth: true,
  roles: generateRoles,
  site: 'query',
  query: siteQuery,
  body: schedulePromotionInput,
  response: scheduledPromotion,
});

export const cancelScheduledPromotionRoute = defineRoute({
  method: 'DELETE',
  path: '/config/scheduled-promotions/:promotionId',
  summary: 'Cancel a scheduled promotion that has not fired (409 once it has)',
  auth: true,
  roles: generateRoles,
  site: 'query',
  params: z.strictObject({ promotionId: z.coerce.number().int().positive() }),
  query: siteQuery,
  response: scheduledPromotion,
});

export const getRolloutSettingsRoute = defineRoute({
  method: 'GET',
  path: '/rollout/settings',
  summary: "The automatic rollback's thresholds of the site (defaults when never saved)",
  auth: true,
  roles: viewRoles,
  site: 'query',
  query: siteQuery,
  response: rolloutSettings,
});

export const saveRolloutSettingsRoute = defineRoute({
  method: 'PUT',
  path: '/rollout/settings',
  summary: "Save the automatic rollback's thresholds of the site (audited)",
  auth: true,
  roles: generateRoles,
  site: 'query',
  query: siteQuery,
  body: rolloutSettings,
  response: rolloutSettings,
});

export const listRolloutWatchesRoute = defineRoute({
  method: 'GET',
  path: '/rollout/watches',
  summary: 'The latest promotions watched for the automatic rollback, newest first',
  auth: true,
  roles: viewRoles,
  site: 'query',
  query: siteQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.array(rolloutWatch),
});
