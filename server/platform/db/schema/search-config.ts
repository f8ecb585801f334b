import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sites } from './accounts.ts';

const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/** One search-configuration setting of a site: the value of one §7 key. */
export const searchSettings = pgTable(
  'search_settings',
  {
    siteId: siteRef(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] })],
);

/** The index settings the site's live catalog was built with (by the feed generation job). */
export const searchIndexState = pgTable('search_index_state', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  applied: jsonb('applied').notNull(),
  importId: bigint('import_id', { mode: 'number' }),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A facet attribute of a category: suggested by the job, applied or disabled by an operator. */
export const facetAttributes = pgTable(
  'facet_attributes',
  {
    siteId: siteRef(),
    categoryId: text('category_id').notNull(),
    attribute: text('attribute').notNull(),
    state: text('state', { enum: ['SUGGESTED', 'APPLY', 'DISABLE'] })
      .notNull()
      .default('SUGGESTED'),
    dataType: text('data_type', {
      enum: ['DISTINCT', 'NUM_DISTINCT', 'RANGES', 'BOOLEAN', 'SLIDER'],
    })
      .notNull()
      .default('DISTINCT'),
    booleanView: text('boolean_view', { enum: ['DEFAULT', 'TRUE_ONLY', 'FALSE_ONLY'] })
      .notNull()
      .default('DEFAULT'),
    sort: text('sort', { enum: ['ASC', 'DESC', 'POPULARITY'] })
      .notNull()
      .default('POPULARITY'),
    position: integer('position').notNull().default(0),
    products: integer('products').notNull().default(0),
    coverage: doublePrecision('coverage').notNull().default(0),
    parentCoverage: doublePrecision('parent_coverage'),
    distinctValues: integer('distinct_values').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
    topValues: jsonb('top_values')
      .$type<{ value: string; count: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.categoryId, t.attribute] })],
);

/** The site's autocomplete suggestion index, built by the autocomplete job. */
export const autocompleteSuggestions = pgTable(
  'autocomplete_suggestions',
  {
    siteId: siteRef(),
    text: text('text').notNull(),
    weight: doublePrecision('weight').notNull(),
    searches: integer('searches').notNull().default(0),
    source: text('source', { enum: ['query', 'category', 'brand'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.text] }),
    index('autocomplete_suggestions_prefix_idx').using(
      'btree',
      t.siteId,
      sql`${t.text} text_pattern_ops`,
    ),
  ],
);

/**
 * The version of a site's search profile (server/search/profile.ts): bumped by triggers (migration
 * 0047) on every change of what the profile holds, by whichever process makes it. No reference
 * to `sites`: a site's deletion cascades to its settings, whose triggers still bump.
 */
export const searchProfileVersions = pgTable('search_profile_versions', {
  siteId: integer('site_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
