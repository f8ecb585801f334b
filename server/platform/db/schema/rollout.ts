import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/**
 * Generate / deploy scheduled for a time: a pg-boss timer (`timer_id`) fires it;
 * the row says what it promotes (the integration version seen when it was scheduled) and how it
 * ended: scheduled → fired (job_id) | failed (error) | cancelled.
 */
export const scheduledPromotions = pgTable(
  'scheduled_promotions',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    kind: text('kind').notNull(),
    key: integer('key').notNull().default(0),
    action: text('action', { enum: ['generate', 'deploy'] }).notNull(),
    sourceVersionId: integer('source_version_id').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['scheduled', 'fired', 'failed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    timerId: text('timer_id'),
    jobId: uuid('job_id'),
    error: text('error'),
    /** Why it failed, for the console's own words: `gate-missing`, `gate-changed` … (contract). */
    errorCode: text('error_code'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
  },
  (t) => [index('scheduled_promotions_site_idx').on(t.siteId, t.runAt)],
);

/** The automatic rollback's thresholds per site (absent: the defaults of the contract). */
export const rolloutSettings = pgTable('rollout_settings', {
  siteId: siteRef().primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  windowMinutes: integer('window_minutes').notNull().default(60),
  maxWidgetErrors: integer('max_widget_errors').notNull().default(20),
  searchDropPercent: integer('search_drop_percent').notNull().default(50),
  ctrDropPercent: integer('ctr_drop_percent').notNull().default(50),
  minBaselineSearches: integer('min_baseline_searches').notNull().default(30),
  maxErrorRatePercent: integer('max_error_rate_percent').notNull().default(5),
  minViews: integer('min_views').notNull().default(200),
  minErrorSources: integer('min_error_sources').notNull().default(10),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One promotion under watch: watching → passed | rolled_back. */
export const rolloutWatches = pgTable(
  'rollout_watches',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    artifactId: integer('artifact_id').notNull(),
    previousArtifactId: integer('previous_artifact_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['watching', 'passed', 'rolled_back'] })
      .notNull()
      .default('watching'),
    reason: text('reason'),
    figures: jsonb('figures'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('rollout_watches_site_idx').on(t.siteId, t.id),
    index('rollout_watches_open_idx')
      .on(t.state)
      .where(sql`${t.state} = 'watching'`),
  ],
);

/** Widget render errors the storefront runtime reports, counted per site, minute and widget. */
export const storefrontErrors = pgTable(
  'storefront_errors',
  {
    siteId: siteRef(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    widget: text('widget').notNull(),
    count: integer('count').notNull().default(0),
    /** The latest message (truncated). */
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ name: 'storefront_errors_pk', columns: [t.siteId, t.minute, t.widget] })],
);

/**
 * Page views of a bundle as the storefront runtime announced them (`POST /public/errors/views`,
 * which hands the page a signed view token): one row per site, bundle and minute.
 */
export const bundleViews = pgTable(
  'bundle_views',
  {
    siteId: siteRef(),
    bundle: text('bundle').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'bundle_views_pk', columns: [t.siteId, t.bundle, t.minute] })],
);

/**
 * The page views of a bundle that reported a widget error, each once (the view token's id), with
 * the client network it came from: the automatic rollback's error signal.
 */
export const bundleErrorViews = pgTable(
  'bundle_error_views',
  {
    siteId: siteRef(),
    view: text('view').notNull(),
    bundle: text('bundle').notNull(),
    network: text('network').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'bundle_error_views_pk', columns: [t.siteId, t.view] }),
    index('bundle_error_views_bundle_idx').on(t.siteId, t.bundle, t.at),
  ],
);
