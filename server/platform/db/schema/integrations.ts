import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A site's Dolyame app config (spec part 2 §3), stored as the operator saved it (empty: null). */
export const dolyameAppConfigs = pgTable('dolyame_app_configs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').notNull(),
});

/** A site's Dolyame widget config: the JSON text as written, and whether the storefront loads it. */
export const dolyameWidgetConfigs = pgTable('dolyame_widget_configs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  configText: text('config_text').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').notNull(),
});

/**
 * A feed attribute standing for a Dolyame field (`alternative`: one of contract/public/dolyame.ts
 * DOLYAME_FIELDS, checked at the edge): one per field and one per attribute on a site.
 */
export const dolyameAlternativeAttributes = pgTable(
  'dolyame_alternative_attributes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    attribute: text('attribute').notNull(),
    alternative: text('alternative').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dolyame_alt_attr_site_attribute_idx').on(t.siteId, t.attribute),
    uniqueIndex('dolyame_alt_attr_site_alternative_idx').on(t.siteId, t.alternative),
  ],
);

/** Reviews of a product, by the product's externalId in the site's feed (spec part 2 §3 "Review"). */
export const productReviews = pgTable(
  'product_reviews',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    reviewCount: integer('review_count').notNull(),
    description: text('description'),
    longDescription: text('long_description'),
    tableTags: jsonb('table_tags'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.externalId] })],
);

/** Neurocards: a key → value store per site (`/llm-store`). */
export const llmStore = pgTable(
  'llm_store',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.key] }),
    index('llm_store_updated_idx').on(t.siteId, t.updatedAt),
  ],
);
