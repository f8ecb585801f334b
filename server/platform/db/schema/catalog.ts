import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

export const feedHistory = pgTable(
  'feed_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    feedType: text('feed_type').notNull(),
    regionId: text('region_id').notNull().default('global'),
    lastUpload: timestamp('last_upload', { withTimezone: true }).notNull().defaultNow(),
    offers: integer('offers'),
  },
  (t) => [index('feed_history_site_idx').on(t.siteId, t.feedType, t.regionId)],
);

// ---------------------------------------------------------------------------------------------
// Catalog. Every row of a catalog belongs to one import; `catalogs` points at the
// site's live import. An import fills its rows while invisible and goes live by moving the
// pointer in one transaction, so a failed or held feed never touches the live catalog.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One load of a site's feed: staging while it fills, held when it waits for a confirmation. */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id'),
    state: text('state', { enum: ['staging', 'held', 'live', 'discarded'] })
      .notNull()
      .default('staging'),
    /** `<shop>`: name, company, url, platform … as the feed gives them. */
    shop: jsonb('shop').$type<Record<string, string>>(),
    /** `<currencies>`: [{id, rate}]. */
    currencies: jsonb('currencies').$type<{ id: string; rate: string | null }[]>(),
    offers: integer('offers').notNull().default(0),
    products: integer('products').notNull().default(0),
    /** The import's job result, kept for the confirmation of a held import. */
    summary: jsonb('summary'),
    createdAt: createdAt(),
  },
  (t) => [
    index('catalog_imports_site_idx').on(t.siteId),
    index('catalog_imports_job_idx').on(t.jobId),
  ],
);

/** The site's live catalog. */
export const catalogs = pgTable('catalogs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  importId: bigint('import_id', { mode: 'number' })
    .notNull()
    .references(() => catalogImports.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const importRef = () =>
  bigint('import_id', { mode: 'number' })
    .notNull()
    .references(() => catalogImports.id, { onDelete: 'cascade' });

export const catalogCategories = pgTable(
  'catalog_categories',
  {
    importId: importRef(),
    id: text('id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    url: text('url'),
    /** Root-first ids, ending with this category's. */
    pathIds: text('path_ids').array().notNull(),
    /** Root-first names, ending with this category's. */
    pathNames: text('path_names').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.id] })],
);

export interface CatalogParam {
  name: string;
  value: string;
  unit: string | null;
}

/** One `<offer>`: a product's SKU when it has a group_id, else the product itself. */
export const catalogOffers = pgTable(
  'catalog_offers',
  {
    importId: importRef(),
    id: text('id').notNull(),
    groupId: text('group_id'),
    /** group_id, or the offer id for an offer without one: the product it belongs to. */
    productId: text('product_id').notNull(),
    available: boolean('available').notNull(),
    url: text('url').notNull(),
    price: doublePrecision('price').notNull(),
    oldPrice: doublePrecision('old_price'),
    currencyId: text('currency_id').notNull(),
    /** The first of the offer's categories the feed has (or the "no category" node). */
    categoryId: text('category_id').notNull(),
    /**
     * Every `<categoryId>` of the offer that the feed has, category_id first; empty for an offer
     * written by an importer that knows one category only (then category_id alone counts).
     */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The offer's stock (`<quantity>`, `<count>` or ICML's `quantity` attribute); null: not given. */
    quantity: doublePrecision('quantity'),
    pictures: text('pictures').array().notNull(),
    name: text('name').notNull(),
    vendor: text('vendor'),
    vendorCode: text('vendor_code'),
    description: text('description'),
    params: jsonb('params').$type<CatalogParam[]>().notNull(),
    popularity: doublePrecision('popularity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.id] }),
    index('catalog_offers_product_idx').on(t.importId, t.productId),
  ],
);

/** One product per group_id (or per lone offer), built from its offers at the end of an import. */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    importId: importRef(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    vendor: text('vendor'),
    vendorCode: text('vendor_code'),
    description: text('description'),
    /** Lowest price among the available offers (all offers when none is available). */
    price: doublePrecision('price').notNull(),
    oldPrice: doublePrecision('old_price'),
    currencyId: text('currency_id').notNull(),
    available: boolean('available').notNull(),
    pictures: text('pictures').array().notNull(),
    /** The first of category_ids: the representative offer's first known category. */
    categoryId: text('category_id').notNull(),
    /**
     * The own categories of every offer of the product (the `direct` ones), the representative's
     * first; "no category" only when no offer has a known one. Empty: category_id alone.
     */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Root-first category ids of every own category, each id once (for category filters on a
     * subtree and the category facet): an offer under two categories is found under both.
     */
    categoryPath: text('category_path').array().notNull(),
    categoryNames: text('category_names').notNull(),
    /** The union of the offers' params. */
    params: jsonb('params').$type<CatalogParam[]>().notNull(),
    paramsText: text('params_text').notNull(),
    /**
     * The product's distinct (name, value) pairs, each `name ␟ value` and `␟ unit` when one of
     * the pair's params gives a unit (the greatest), ␟ being chr(31), which XML text cannot hold:
     * what the params facet counts (server/search/facet-counts.ts) without expanding the JSON.
     */
    paramPairs: text('param_pairs')
      .array()
      .generatedAlwaysAs(sql`catalog_param_pairs(params)`),
    popularity: doublePrecision('popularity').notNull().default(0),
    skuCount: integer('sku_count').notNull(),
    /** The sum of the offers' stock quantities; null when no offer gives one. */
    quantity: doublePrecision('quantity'),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(vendor, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(category_names, '')), 'C') || setweight(to_tsvector('russian'::regconfig, coalesce(params_text, '')), 'D')`,
    ),
    /** The search document of the site's configured attributes and weights; null: `search`. */
    doc: tsvector('doc'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.id] }),
    index('catalog_products_search_idx').using('gin', t.search),
    index('catalog_products_doc_idx').using('gin', sql`(coalesce(${t.doc}, ${t.search}))`),
    index('catalog_products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('catalog_products_params_idx').using('gin', sql`${t.params} jsonb_path_ops`),
    index('catalog_products_category_idx').using('gin', t.categoryPath),
    // Autocomplete looks a typed article up by vendorCode, whatever its case.
    index('catalog_products_vendor_code_idx').on(t.importId, sql`lower(${t.vendorCode})`),
    index('catalog_products_popularity_idx').on(t.importId, t.popularity),
    index('catalog_products_price_idx').on(t.importId, t.price),
  ],
);

/** Words of the catalog (names, brands, categories) for spelling corrections and suggestions. */
export const catalogWords = pgTable(
  'catalog_words',
  {
    importId: importRef(),
    word: text('word').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.word] }),
    index('catalog_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  ],
);
