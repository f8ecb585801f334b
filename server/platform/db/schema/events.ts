import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';

export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  login: text('login').notNull(),
  page: text('page').notNull(),
  siteId: integer('site_id'),
});

// ---------------------------------------------------------------------------------------------
// Event store. Raw storefront events in one narrow table (kind, platform and block as
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
  (t) => [
    index('events_site_day_idx').on(t.siteId, t.day),
    // The orders of a site by time, for the 28-day p99 of the order quarantine.
    index('events_site_orders_idx')
      .on(t.siteId, t.at)
      .where(sql`${t.kind} = 6`),
  ],
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
    /** Product clicks from search results and autocomplete (PRODUCT_CLICK). */
    searchClicks: counter('search_clicks'),
    /** Product clicks from recommendation blocks (PRODUCT_CLICK source RECOMMENDATION). */
    recsClicks: counter('recs_clicks'),
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

interface PlatformCounts {
  mobile: AnyPgColumn;
  desktop: AnyPgColumn;
  app: AnyPgColumn;
  zeroMobile: AnyPgColumn;
  zeroDesktop: AnyPgColumn;
  zeroApp: AnyPgColumn;
}

/**
 * Per platform filter but ALL, the index of a piece's leaders by searches and by zero-result
 * searches, partial on a count above zero (a head never holds a zero): 'mobile' (mobile + app),
 * 'desktop', 'app', and their zero_ twins. The expressions are the ones server/events/metrics.ts
 * writes (listCount), so its ORDER BY … LIMIT reads the index.
 */
function platformLeaderIndexes(
  table: string,
  t: PlatformCounts,
  piece: [AnyPgColumn, ...AnyPgColumn[]],
) {
  const sets = {
    mobile: [
      [t.mobile, t.app],
      [t.zeroMobile, t.zeroApp],
    ],
    desktop: [[t.desktop], [t.zeroDesktop]],
    app: [[t.app], [t.zeroApp]],
  } as const;
  return Object.entries(sets).flatMap(([name, lists]) =>
    lists.map((columns, zero) => {
      const sum = sql.join(
        columns.map((column) => sql`${column}`),
        sql` + `,
      );
      return index(`${table}_${zero ? 'zero_' : ''}${name}_idx`)
        .on(...piece, sql`(${sum}) desc`)
        .where(sql`(${sum}) > 0`);
    }),
  );
}

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
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.queryId] }),
    // A day's leaders by all-platform searches and zero-result searches: the TOP lists read the
    // head of each day, week and month of a period (server/events/metrics.ts, readLeaders).
    index('event_daily_queries_searches_idx').on(
      t.siteId,
      t.day,
      sql`(${t.mobile} + ${t.desktop} + ${t.app}) desc`,
    ),
    index('event_daily_queries_zero_idx').on(
      t.siteId,
      t.day,
      sql`(${t.zeroMobile} + ${t.zeroDesktop} + ${t.zeroApp}) desc`,
    ),
    // The same leaders per platform filter (MOBILE = mobile + app, DESKTOP, MOBILE APP), only of
    // the rows that count there: a platform's list reads its own heads, as ALL does.
    ...platformLeaderIndexes('event_daily_queries', t, [t.siteId, t.day]),
  ],
);

/**
 * event_daily_queries summed per ISO week (Monday) and per calendar month, kept by ingestion in
 * the same transaction: a long period's TOP lists read its whole months and weeks
 * here and only the days at its edges from the daily table, with exactly the same sums.
 */
export const eventPeriodQueries = pgTable(
  'event_period_queries',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['week', 'month'] }).notNull(),
    /** First day of the week (Monday) or month. */
    start: date('start').notNull(),
    queryId: integer('query_id').notNull(),
    mobile: integer('mobile').notNull().default(0),
    desktop: integer('desktop').notNull().default(0),
    app: integer('app').notNull().default(0),
    zeroMobile: integer('zero_mobile').notNull().default(0),
    zeroDesktop: integer('zero_desktop').notNull().default(0),
    zeroApp: integer('zero_app').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.period, t.start, t.queryId] }),
    index('event_period_queries_searches_idx').on(
      t.siteId,
      t.period,
      t.start,
      sql`(${t.mobile} + ${t.desktop} + ${t.app}) desc`,
    ),
    index('event_period_queries_zero_idx').on(
      t.siteId,
      t.period,
      t.start,
      sql`(${t.zeroMobile} + ${t.zeroDesktop} + ${t.zeroApp}) desc`,
    ),
    ...platformLeaderIndexes('event_period_queries', t, [t.siteId, t.period, t.start]),
  ],
);

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

/**
 * Widget views and clicks per day (site time zone), strategy and widget type: the CTR
 * per recommendation block of /reporting, kept up to date with each /public/tracking/widget call.
 */
export const widgetDaily = pgTable(
  'widget_daily',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** The recommendation block's configId ('' when the widget named none). */
    block: text('block').notNull().default(''),
    strategy: text('strategy').notNull(),
    widgetType: text('widget_type').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.block, t.strategy, t.widgetType] })],
);

/** A site's highest plausible order: a larger order is quarantined, not summed. */
export const eventOrderCaps = pgTable('event_order_caps', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  cap: numeric('cap', { precision: 20, scale: 2 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/**
 * The outlier bound of a site's orders for one UTC day, fixed by the first order of that day:
 * 10× the p99 of the orders of the 28 days before it (from 100 orders), or on a
 * newer site 50× its catalog's highest price. Orders arriving that day never move it.
 */
export const eventOrderBaselines = pgTable(
  'event_order_baselines',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    bound: numeric('bound', { precision: 20, scale: 2 }).notNull(),
    /** 'orders' (the 28-day p99) or 'catalog' (the highest price). */
    source: text('source').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/**
 * Orders kept out of the reports: above the site's cap, or above 10× the p99 of the
 * site's orders of the last 28 days once it has 100. They never reach `events`, so rollups and
 * rebuilds agree; an operator reads them through GET /api/site/:id/events/quarantine.
 */
export const eventOrderQuarantine = pgTable(
  'event_order_quarantine',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: text('session_id').notNull(),
    platform: smallint('platform').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
    items: integer('items'),
    /** 'cap' (the site's order cap) or 'outlier' (above 10× the 28-day p99). */
    reason: text('reason', { enum: ['cap', 'outlier'] }).notNull(),
    /** The bound the order exceeded. */
    threshold: numeric('threshold', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index('event_order_quarantine_site_idx').on(t.siteId, t.id)],
);
