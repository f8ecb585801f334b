import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { catalogImports, type CatalogParam } from './catalog.ts';
import { createdAt } from './columns.ts';

// Feeds and feed configuration (migration 0015): the feed URLs per type and region,
// the per-type settings, rules, attributes and parsing configs applied by the importers, the
// imshop regions, the catalog's per-region prices and availability, the facets and the content
// pages.

const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/**
 * One feed URL per site, feed type and region. `sites.feed_url` mirrors the YML global one (two
 * triggers of migration 0015 keep them equal, so the site edit screen still sets it).
 */
export const feedUrls = pgTable(
  'feed_urls',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    feedType: text('feed_type').notNull(),
    regionId: text('region_id').notNull().default('global'),
    url: text('url').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('feed_urls_site_type_region_idx').on(t.siteId, t.feedType, t.regionId)],
);

/** The settings of one feed type (YML, DELTA, FACETS, CONTENT) as their contract schema holds them. */
export const feedSettings = pgTable(
  'feed_settings',
  {
    siteId: siteRef(),
    feedType: text('feed_type').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.feedType] })],
);

/** Include or exclude entities (CATEGORY, VENDOR, OFFER) at import. */
export const feedRules = pgTable(
  'feed_rules',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feed_rules_site_entity_idx').on(t.siteId, t.entityName, t.entityId, t.type)],
);

/** The params the import keeps (none listed: all). */
export const feedAttributes = pgTable(
  'feed_attributes',
  {
    siteId: siteRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.name] })],
);

export interface TagMappingRow {
  tag: string;
  mapTo: string;
}

/** Tag mappings for a non-standard YML feed. */
export const feedParsingConfigs = pgTable(
  'feed_parsing_configs',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    tags: jsonb('tags').$type<TagMappingRow[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_parsing_configs_site_idx').on(t.siteId)],
);

/** The site's imshop (mobile app) regions, in order. */
export const imshopRegions = pgTable(
  'imshop_regions',
  {
    siteId: siteRef(),
    regionId: text('region_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.regionId] })],
);

const importRef = () =>
  bigint('import_id', { mode: 'number' })
    .notNull()
    .references(() => catalogImports.id, { onDelete: 'cascade' });

/** An offer's price and availability in one region (the offer's own columns are 'global'). */
export const catalogOfferRegions = pgTable(
  'catalog_offer_regions',
  {
    importId: importRef(),
    regionId: text('region_id').notNull(),
    offerId: text('offer_id').notNull(),
    productId: text('product_id').notNull(),
    price: doublePrecision('price'),
    oldPrice: doublePrecision('old_price'),
    available: boolean('available'),
    /** The offer's values of the site's regional attributes in this region (null: none). */
    params: jsonb('params').$type<CatalogParam[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.regionId, t.offerId] }),
    index('catalog_offer_regions_product_idx').on(t.importId, t.regionId, t.productId),
  ],
);

/** A product's price and availability in one region, built from its offers' regional rows. */
export const catalogProductRegions = pgTable(
  'catalog_product_regions',
  {
    importId: importRef(),
    regionId: text('region_id').notNull(),
    productId: text('product_id').notNull(),
    price: doublePrecision('price').notNull(),
    oldPrice: doublePrecision('old_price'),
    available: boolean('available').notNull(),
    /** The union of its offers' regional attribute values (null: none; the global ones count). */
    params: jsonb('params').$type<CatalogParam[]>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.regionId, t.productId] })],
);

/** Offers the feed stopped listing, kept until the stale-product deletion time has passed. */
export const feedStaleOffers = pgTable(
  'feed_stale_offers',
  {
    siteId: siteRef(),
    offerId: text('offer_id').notNull(),
    missingSince: timestamp('missing_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.offerId] })],
);

/** The facets feed: filter attributes per category; `batch` 'live' or the loading job's id. */
export const catalogFacets = pgTable(
  'catalog_facets',
  {
    siteId: siteRef(),
    batch: text('batch').notNull(),
    categoryId: text('category_id').notNull(),
    attribute: text('attribute').notNull(),
    title: text('title'),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.batch, t.categoryId, t.attribute] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The content feed's pages (answered by /public/search withContent); `batch` as for facets. */
export const contentPages = pgTable(
  'content_pages',
  {
    siteId: siteRef(),
    batch: text('batch').notNull(),
    id: text('id').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.batch, t.id] }),
    index('content_pages_search_idx').using('gin', t.search),
  ],
);

/** A delta feed's rows while it downloads (batch: the job id), applied in one transaction at the end. */
export const feedDeltaRows = pgTable(
  'feed_delta_rows',
  {
    batch: text('batch').notNull(),
    line: integer('line').notNull(),
    offerId: text('offer_id').notNull(),
    regionId: text('region_id').notNull(),
    price: doublePrecision('price'),
    available: boolean('available'),
    params: jsonb('params').$type<{ name: string; values: string[] }[]>(),
    /** A regional row's values of the site's regional attributes: they stay in its region. */
    regionParams: jsonb('region_params').$type<{ name: string; values: string[] }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.batch, t.line] }),
    index('feed_delta_rows_offer_idx').on(t.batch, t.offerId),
  ],
);
