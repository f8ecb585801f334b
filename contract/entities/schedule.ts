import * as z from 'zod';

/** A site's recurring job (server/platform/jobs/schedules.ts): one per site and job kind. */
export const jobSchedule = z.object({
  kind: z.string(),
  /** A cron expression of five fields (minute precision). */
  cron: z.string(),
  /** The zone the cron is read in (the site's time zone unless set). */
  timeZone: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastJobId: z.string().nullable(),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type JobSchedule = z.infer<typeof jobSchedule>;

/** What the console sets; the server checks the cron and the zone (400 with the reason). */
export const jobScheduleInput = z.strictObject({
  kind: z.string().trim().min(1).max(64),
  cron: z.string().trim().min(9).max(120),
  timeZone: z.string().trim().min(1).max(64).optional(),
  enabled: z.boolean().default(true),
});
export type JobScheduleInput = z.input<typeof jobScheduleInput>;
