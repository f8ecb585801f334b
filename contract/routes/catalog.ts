import * as z from 'zod';
import { defineRoute } from '../route.ts';

/** Applies a held feed import (one that would remove more than half of the catalog). */
export const confirmFeedRoute = defineRoute({
  method: 'POST',
  path: '/site/:id/feeds/confirm',
  summary:
    'Apply a feed import held because it would remove more than half of the catalog (jobId of the feed-update job)',
  auth: true,
  roles: ['ROLE_CONFIG_FEED_LOADER_JOB_START'],
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  query: z.strictObject({ jobId: z.uuid() }),
  response: z.object({ ok: z.literal(true), offers: z.number().int().nonnegative() }),
});
