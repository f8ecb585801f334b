import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';

/**
 * Recommendation strategies (server/recs): an instance of a catalogue model per site,
 * identified by hash; `revision` is the built revision the storefront is served (0: none yet).
 */
export const recsStrategies = pgTable(
  'recs_strategies',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    model: text('model').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    revision: integer('revision').notNull().default(0),
    /** Only the values that differ from the model's defaults (spec §3 "Strategy"). */
    configs: jsonb('configs').$type<Record<string, string>>().notNull().default({}),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hash] })],
);

/** One build of a strategy: the configs it was built with, its size and offline quality. */
export const recsRevisions = pgTable(
  'recs_revisions',
  {
    siteId: integer('site_id').notNull(),
    hash: text('hash').notNull(),
    revision: integer('revision').notNull(),
    configs: jsonb('configs').$type<Record<string, string>>().notNull(),
    rows: integer('rows').notNull(),
    events: integer('events').notNull(),
    quality: jsonb('quality').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hash, t.revision] }),
    foreignKey({
      name: 'recs_revisions_strategy_fk',
      columns: [t.siteId, t.hash],
      foreignColumns: [recsStrategies.siteId, recsStrategies.hash],
    }).onDelete('cascade'),
  ],
);

/**
 * The item-to-item (or, with product_id '', global) table of a strategy's revision. Its primary
 * key is its only index: every read is by (site, hash, revision[, product]), a product's rows
 * are at most a few hundred, and a build writes a million rows, each entry of a second index
 * costing that much more (the score index it had made DIGINETICA's co_viewed build half again
 * as long). No foreign key either, for the same reason: it was checked row by row. Triggers
 * keep its two guarantees a statement at a time (migration 0048): a strategy's rows go with it,
 * and a statement writing rows for a strategy that does not exist fails.
 */
export const recsItemScores = pgTable(
  'recs_item_scores',
  {
    siteId: integer('site_id').notNull(),
    hash: text('hash').notNull(),
    revision: integer('revision').notNull(),
    productId: text('product_id').notNull(),
    otherId: text('other_id').notNull(),
    score: real('score').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'recs_item_scores_pk',
      columns: [t.siteId, t.hash, t.revision, t.productId, t.otherId],
    }),
  ],
);

/** Recommendation widgets (spec §3 "Widget"): an id, its placements and the strategy it shows. */
export const recsWidgets = pgTable(
  'recs_widgets',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    widgetId: text('widget_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('UNDEFINED'),
    placements: text('placements').array().notNull().default([]),
    strategyHash: text('strategy_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.widgetId] })],
);

/** The public search ranking's coefficients per site (/models-builder/coefficients). */
export const rankingCoefficients = pgTable('ranking_coefficients', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  coefficients: jsonb('coefficients').$type<Record<string, number>>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ids of the storefront events a site has taken: a retried batch is counted once.
 * Kept a little longer than the oldest event the store accepts (EVENT_MAX_AGE_HOURS).
 */
export const eventIds = pgTable(
  'event_ids',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.eventId] }),
    index('event_ids_received_idx').on(t.receivedAt),
  ],
);

/**
 * XGBVECTORS models (server/recs/ltr.ts): the ranking's weights learned from search →
 * click / cart / order labels, with their offline quality; switching one on copies its weights
 * into the ranking coefficients.
 */
export const rankingModels = pgTable(
  'ranking_models',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    weights: jsonb('weights').$type<Record<string, number>>().notNull(),
    quality: jsonb('quality').$type<Record<string, unknown>>().notNull(),
    queries: integer('queries').notNull(),
    groups: integer('groups').notNull(),
    jobId: uuid('job_id'),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    activatedBy: text('activated_by'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.version] })],
);
