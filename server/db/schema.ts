import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  name: text('name').notNull().default(''),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  isClient: boolean('is_client').notNull().default(true),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  chatToken: text('chat_token').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  apiKey: text('api_key').notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  verticals: text('verticals')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  /** Where the feed-update job downloads the site's YML feed from. */
  feedUrl: text('feed_url'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSites = pgTable(
  'user_sites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_sites_site_idx').on(t.siteId)],
);

export const verticals = pgTable('verticals', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

export const userTabs = pgTable('user_tabs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  pathName: text('path_name').notNull(),
  chartIds: text('chart_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
});

/** Sessions live in the database so any number of server processes can serve them. */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value; the raw token is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Append-only: who did what, when, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);

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
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    payload: jsonb('payload'),
    result: jsonb('result'),
    error: text('error'),
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

/** Ids of recommendation blocks and global components (configId / componentId), unique everywhere. */
export const configKeySeq = pgSequence('config_key_seq');

/**
 * UX configs, append-only: every save of a copy (test = integration, else production) adds a
 * version. `key` is the configId / componentId, 0 for the one-per-site kinds. A delete appends a
 * `deleted` tombstone, so the history stays. `data` holds the parsed config object.
 */
export const configVersions = pgTable(
  'config_versions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: integer('key').notNull().default(0),
    test: boolean('test').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    author: text('author').notNull(),
    createdAt: createdAt(),
    /** Production versions made by generate / deploy: the integration version they copy. */
    sourceVersionId: integer('source_version_id'),
  },
  (t) => [
    // Two saves on one base both try the same next version: the second fails and answers 409.
    uniqueIndex('config_versions_copy_version_idx').on(t.siteId, t.kind, t.key, t.test, t.version),
  ],
);

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

export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  login: text('login').notNull(),
  page: text('page').notNull(),
  siteId: integer('site_id'),
});

// ---------------------------------------------------------------------------------------------
// Catalog (issue #5). Every row of a catalog belongs to one import; `catalogs` points at the
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
    categoryId: text('category_id').notNull(),
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
    categoryId: text('category_id').notNull(),
    /** Root-first category ids (for category filters on a subtree). */
    categoryPath: text('category_path').array().notNull(),
    categoryNames: text('category_names').notNull(),
    /** The union of the offers' params. */
    params: jsonb('params').$type<CatalogParam[]>().notNull(),
    paramsText: text('params_text').notNull(),
    popularity: doublePrecision('popularity').notNull().default(0),
    skuCount: integer('sku_count').notNull(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(vendor, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(category_names, '')), 'C') || setweight(to_tsvector('russian'::regconfig, coalesce(params_text, '')), 'D')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.id] }),
    index('catalog_products_search_idx').using('gin', t.search),
    index('catalog_products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('catalog_products_params_idx').using('gin', sql`${t.params} jsonb_path_ops`),
    index('catalog_products_category_idx').using('gin', t.categoryPath),
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

// ---------------------------------------------------------------------------------------------
// Event store (issue #7). Raw storefront events in one narrow table (kind, platform and block as
// small integers, the kind-specific columns nullable): one insert path, one scan for rebuilds,
// ~110 bytes a row with its indexes. Reports never read it: they read the daily rollups below,
// which ingestion keeps up to date in the same transaction. Every query goes through
// server/events/ (store.ts), so the raw store can move to a columnar engine.

/** One storefront event. `day` is the calendar day of `at` in the site's time zone. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** 1 session start, 2 search, 3 autocomplete click, 4 product view, 5 add to cart, 6 order. */
    kind: smallint('kind').notNull(),
    /** 1 MOBILE, 2 DESKTOP, 3 APP. */
    platform: smallint('platform').notNull(),
    sessionId: text('session_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    /** Search: the normalised query; autocomplete click: what was typed. */
    query: text('query'),
    hits: integer('hits'),
    correctedQuery: text('corrected_query'),
    /** Autocomplete click block: 1 queries, 2 products, 3 categories, 4 history, 5 taps, 6 brands. */
    block: smallint('block'),
    productId: text('product_id'),
    /** Order revenue; add to cart / order: items. */
    revenue: numeric('revenue', { precision: 14, scale: 2 }),
    items: integer('items'),
  },
  (t) => [index('events_site_day_idx').on(t.siteId, t.day)],
);

/** Per session (sessionId on one day) the facts the rollups depend on, for incremental updates. */
export const eventSessions = pgTable(
  'event_sessions',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sessionId: text('session_id').notNull(),
    /** The platform of the session's first event received. */
    platform: text('platform', { enum: ['MOBILE', 'DESKTOP', 'APP'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Made at least one search or autocomplete click. */
    searched: boolean('searched').notNull().default(false),
    orders: integer('orders').notNull().default(0),
    // 20 digits: sums of per-event revenue (≤ 1e8 each) cannot overflow.
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.sessionId] })],
);

const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** Sums of per-event revenue (each ≤ MAX_ORDER_REVENUE = 1e8): 20 digits never overflow. */
const money = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default('0');

/** Stamps every write of an event_daily row, so a cached TOP list can tell it is still true. */
export const eventRollupVersion = pgSequence('event_rollup_version');

/** Daily rollup per (site, day, platform): what every numeric metric is computed from. */
export const eventDaily = pgTable(
  'event_daily',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    platform: text('platform', { enum: ['MOBILE', 'DESKTOP', 'APP'] }).notNull(),
    sessions: counter('sessions'),
    searchSessions: counter('search_sessions'),
    orderedSessions: counter('ordered_sessions'),
    searchOrderedSessions: counter('search_ordered_sessions'),
    orders: counter('orders'),
    searchOrders: counter('search_orders'),
    revenue: money('revenue'),
    searchRevenue: money('search_revenue'),
    searches: counter('searches'),
    zeroSearches: counter('zero_searches'),
    corrections: counter('corrections'),
    acQueries: counter('ac_queries'),
    acProducts: counter('ac_products'),
    acCategories: counter('ac_categories'),
    acHistory: counter('ac_history'),
    acTaps: counter('ac_taps'),
    acBrands: counter('ac_brands'),
    views: counter('views'),
    carts: counter('carts'),
    /** Set from event_rollup_version on every insert and update of the row. */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('event_rollup_version')`),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.platform] })],
);

/** The distinct search queries of a site: the query rollup groups small integers, not text. */
export const eventQueries = pgTable(
  'event_queries',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
  },
  (t) => [uniqueIndex('event_queries_site_query_idx').on(t.siteId, t.query)],
);

/**
 * Daily rollup per (site, day, query) for the TOP lists: searches and zero-result searches per
 * platform in columns, so a query has one row a day whatever the platform filter.
 */
export const eventDailyQueries = pgTable(
  'event_daily_queries',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** event_queries.id (no foreign key: only the event store writes both tables). */
    queryId: integer('query_id').notNull(),
    mobile: integer('mobile').notNull().default(0),
    desktop: integer('desktop').notNull().default(0),
    app: integer('app').notNull().default(0),
    zeroMobile: integer('zero_mobile').notNull().default(0),
    zeroDesktop: integer('zero_desktop').notNull().default(0),
    zeroApp: integer('zero_app').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.queryId] })],
);

/** Server-wide generated secrets (the chart-token key), shared by every server process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Storefront widget tracking (WIDGET_VIEW, WIDGET_CLICK). */
export const widgetEvents = pgTable(
  'widget_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    eventType: text('event_type').notNull(),
    widgetType: text('widget_type').notNull(),
    viewGuid: text('view_guid').notNull(),
    sessionId: text('session_id').notNull(),
    userGuid: text('user_guid').notNull(),
    strategy: text('strategy').notNull(),
    productId: text('product_id'),
    position: integer('position'),
    pageNumber: integer('page_number').notNull(),
    pageProducts: text('page_products').array().notNull(),
    mvtGroups: text('mvt_groups').array().notNull(),
    referer: text('referer').notNull(),
    location: text('location').notNull(),
  },
  (t) => [index('widget_events_site_idx').on(t.siteId, t.at)],
);

/** Built storefront bundles, content-addressed: the same build twice is one row. */
export const artifacts = pgTable(
  'artifacts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** sha256 of js + css. */
    hash: text('hash').notNull(),
    js: text('js').notNull(),
    css: text('css').notNull(),
    /** Which config versions went in (server/artifacts/types.ts BundleManifest). */
    manifest: jsonb('manifest').notNull(),
    /** The slot it was built for (its boot config says so): rollback only to production builds. */
    builtFor: text('built_for', { enum: ['production', 'preview'] })
      .notNull()
      .default('production'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artifacts_site_hash_idx').on(t.siteId, t.hash),
    index('artifacts_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/** What each slot of a site serves under /cdn: production (generate, deploy, rollback) or preview. */
export const artifactPointers = pgTable(
  'artifact_pointers',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: ['production', 'preview'] }).notNull(),
    artifactId: integer('artifact_id')
      .notNull()
      .references(() => artifacts.id, { onDelete: 'cascade' }),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.slot] })],
);
