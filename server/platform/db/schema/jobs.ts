import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

/** What the console shows of a background job; pg-boss carries the queue itself. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    payload: jsonb('payload'),
    result: jsonb('result'),
    error: text('error'),
    /** The translation key of the error (`errors:fetch.idle-timeout`, `errors:feed.doctype` …). */
    errorCode: text('error_code'),
    /** The process running the job (`host:pid:boot`); its heartbeat shows it is alive. */
    owner: text('owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One job of a kind at a time per site: the second start fails the insert and answers 409.
    uniqueIndex('jobs_one_active_idx')
      .on(t.siteId, t.kind)
      .where(sql`state in ('queued', 'running')`),
    index('jobs_site_idx').on(t.siteId, t.createdAt),
  ],
);

/** Per-site recurring jobs (server/platform/jobs/schedules.ts): one schedule per site and kind. */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A cron expression (five fields, minute precision). */
    cron: text('cron').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    payload: jsonb('payload'),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastJobId: uuid('last_job_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_schedules_site_kind_idx').on(t.siteId, t.kind),
    index('job_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`enabled`),
  ],
);
