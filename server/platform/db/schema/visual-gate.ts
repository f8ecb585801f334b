import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

/** PNG bytes (PGlite returns Uint8Array, pg a Buffer: both are read as Buffer). */
const png = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Visual regression gate (server/publishing/visual-gate/README.md): one run compares the
 * candidate bundle of a config version with production, view by view. Generate and deploy of that
 * version need a run that `passed` (nothing changed) or was `accepted`.
 */
export const visualGateRuns = pgTable(
  'visual_gate_runs',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** configId / componentId; 0 for the one-per-site kinds. */
    key: integer('key').notNull(),
    /** The integration version the candidate promotes. */
    sourceVersionId: integer('source_version_id').notNull(),
    /**
     * What the candidate was built from besides that version: the production copies' version ids
     * and the production artifact compared against (a later production change needs a new run).
     */
    fingerprint: text('fingerprint').notNull(),
    productionArtifactId: integer('production_artifact_id'),
    candidateHash: text('candidate_hash'),
    jobId: uuid('job_id'),
    state: text('state', {
      enum: ['running', 'passed', 'changed', 'accepted', 'failed', 'unavailable'],
    }).notNull(),
    /** Why the run failed or could not run (Chromium missing …). */
    reason: text('reason'),
    durationMs: integer('duration_ms'),
    acceptedBy: text('accepted_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('visual_gate_runs_lookup_idx').on(t.siteId, t.kind, t.key, t.sourceVersionId)],
);

/** One rendered view of a run: the two screenshots, the highlighted difference and the share. */
export const visualGateViews = pgTable(
  'visual_gate_views',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => visualGateRuns.id, { onDelete: 'cascade' }),
    /** `instant-search@1280`, `autocomplete@768`, `block:12@1280`, `component:5@768` … */
    view: text('view').notNull(),
    widget: text('widget').notNull(),
    width: integer('width').notNull(),
    /** Labels of the view (block / component name). */
    meta: jsonb('meta').notNull().default({}),
    production: png('production').notNull(),
    candidate: png('candidate').notNull(),
    diff: png('diff').notNull(),
    changedPixels: integer('changed_pixels').notNull(),
    totalPixels: integer('total_pixels').notNull(),
    /** changedPixels / totalPixels (0–1). */
    share: real('share').notNull(),
  },
  (t) => [index('visual_gate_views_run_idx').on(t.runId)],
);
