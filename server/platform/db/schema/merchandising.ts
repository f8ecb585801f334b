import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/**
 * Search boost rules (spec part 2 §3 "Boost rule"): for their queries (`query_keys`, normalised),
 * they boost, pin, include or exclude products, brands, attribute values or categories (`items`).
 */
export const merchBoostRules = pgTable(
  'merch_boost_rules',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    name: text('name').notNull(),
    boostType: text('boost_type').notNull(),
    queries: text('queries').array().notNull().default([]),
    queryKeys: text('query_keys').array().notNull().default([]),
    fullMatch: boolean('full_match').notNull().default(false),
    weight: real('weight').notNull().default(1),
    socket: integer('socket'),
    multiplier: real('multiplier').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    ranking: boolean('ranking').notNull().default(true),
    autocomplete: boolean('autocomplete').notNull().default(false),
    attribute: text('attribute'),
    items: text('items').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merch_boost_rules_site_idx').on(t.siteId, t.id),
    // The search lookup's index (migration 0031): the query keys prefixed with the site
    // (`1:платье`) in one GIN, without a pending list (the embedded database runs no vacuum).
    index('merch_boost_rules_site_keys_idx')
      .using('gin', sql`merch_site_keys(${t.siteId}, ${t.queryKeys})`)
      .with({ fastupdate: false }),
  ],
);

/** Redirect rules (spec part 2 §3 "Redirect rule"): one per normalised query and site. */
export const merchRedirects = pgTable(
  'merch_redirects',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    name: text('name'),
    query: text('query').notNull(),
    queryKey: text('query_key').notNull(),
    url: text('url').notNull(),
    mobileUrl: text('mobile_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('merch_redirects_site_query_idx').on(t.siteId, t.queryKey)],
);

/** Recommendation rules (spec part 2 §3 "Recommendation rule"). */
export const merchRecsRules = pgTable(
  'merch_recs_rules',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(0),
    boostType: text('boost_type').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
    regionIds: text('region_ids').array().notNull().default([]),
    productIds: text('product_ids').array().notNull().default([]),
    categoryIds: text('category_ids').array().notNull().default([]),
    placements: text('placements').array().notNull().default([]),
    strategies: text('strategies').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('merch_recs_rules_site_idx').on(t.siteId, t.startAt)],
);

/** Custom models (spec part 2 §3 "Custom model"): per query, a product list that overrides ranking. */
export const customModels = pgTable(
  'custom_models',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_models_site_name_idx').on(t.siteId, t.name)],
);

export const customModelEntries = pgTable(
  'custom_model_entries',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => customModels.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    queryKey: text('query_key').notNull(),
    productId: text('product_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.queryKey, t.productId] }),
    index('custom_model_entries_key_idx').on(t.queryKey),
  ],
);
