import { sql } from 'drizzle-orm';
import type { PAGE_TYPES } from '#contract/entities/config-fields.ts';
import { strategyOf } from '../publishing/bundle/boot-recommendations.ts';
import { DEMO_BRANDS, DEMO_COLOURS } from './feed.ts';
import { run } from '../platform/db/sql.ts';
import { bundleConfigs, latestCopies } from '../publishing/bundle-configs.ts';
import type { Db } from '../platform/db/client.ts';
import {
  BLOCK_CODE,
  CLICK_SOURCE_CODE,
  KIND,
  PLATFORM_CODE,
  normaliseQuery,
} from '../events/codes.ts';
import { addDays, localDay } from '../events/day.ts';
import type { EventRow } from '../events/ingest.ts';
import type { WidgetDailyRow } from '../events/store.ts';

/** mulberry32: a small seeded PRNG, so demo data and tests repeat exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FALLBACK_CATEGORIES = [
  'платье',
  'футболка',
  'джинсы',
  'куртка',
  'свитер',
  'кроссовки',
  'ботинки',
  'сумка',
  'ремень',
  'шапка',
];

/**
 * Query vocabulary of a site: its live catalog's category names, brands and product-name words
 * (catalog_* tables), or the demo feed's words when the catalog is not imported yet.
 */
export async function demoVocabulary(db: Db, siteId: number): Promise<string[]> {
  const { rows } = await run<{ term: string }>(
    db,
    sql`with live as (select import_id from catalogs where site_id = ${siteId})
        select distinct lower(term) as term from (
          select c.name as term from catalog_categories c join live using (import_id)
          union all select p.vendor from catalog_products p join live using (import_id)
            where p.vendor is not null
          union all select w.word from catalog_words w join live using (import_id)
            where length(w.word) > 3 and w.products > 1
        ) t where term is not null
        limit 3000`,
  );
  const base = rows.length >= 20 ? rows.map((row) => row.term) : fallbackTerms();
  // Two-word queries (category + brand / colour) give the long tail.
  const tail: string[] = [];
  const random = prng(7);
  for (let i = 0; i < base.length * 3; i++) {
    const a = base[Math.floor(random() * base.length)]!;
    const b =
      random() < 0.5
        ? DEMO_COLOURS[Math.floor(random() * DEMO_COLOURS.length)]![0]
        : base[Math.floor(random() * base.length)]!;
    if (a !== b) tail.push(`${a} ${b}`);
  }
  return [...new Set([...base, ...tail].map(normaliseQuery))];
}

function fallbackTerms(): string[] {
  const terms = [...FALLBACK_CATEGORIES, ...DEMO_BRANDS.map((b) => b.toLowerCase())];
  for (const category of FALLBACK_CATEGORIES)
    for (const brand of DEMO_BRANDS) terms.push(`${category} ${brand.toLowerCase()}`);
  return terms;
}

/** Misspelt and nonsense queries: the zero-result ones. */
function zeroVocabulary(vocabulary: string[], random: () => number): string[] {
  const out = new Set<string>();
  const letters = 'абвгдежзиклмнопрстуфхцчшщыэюя';
  for (let i = 0; i < 300; i++) {
    const word = vocabulary[Math.floor(random() * Math.min(vocabulary.length, 200))]!;
    if (random() < 0.6 && word.length > 3) {
      const at = 1 + Math.floor(random() * (word.length - 2));
      out.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
    } else {
      let nonsense = '';
      const length = 4 + Math.floor(random() * 6);
      for (let j = 0; j < length; j++) nonsense += letters[Math.floor(random() * letters.length)];
      out.add(nonsense);
    }
  }
  return [...out].filter((word) => !vocabulary.includes(word));
}

/** Sampler of ranks 0..n-1 with Zipf weights 1/(r+1)^s. */
function zipf(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let r = 0; r < n; r++) cumulative[r] = total += 1 / Math.pow(r + 1, s);
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** UTC instant of local midnight of `day` in `timeZone`. */
function localMidnight(day: string, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, format);
  }
  const utc = Date.parse(`${day}T00:00:00Z`);
  const offset = (instant: number) => {
    const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
    const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
  };
  return utc - offset(utc - offset(utc));
}

/** A product of the site's live catalog, as the demo behaviour needs it. */
export interface DemoProduct {
  id: string;
  categoryId: string;
  price: number;
}

/** The site's live catalog (id, category, price), in a fixed order; empty before an import. */
export async function demoCatalog(db: Db, siteId: number): Promise<DemoProduct[]> {
  const { rows } = await run<{ id: string; category_id: string; price: number }>(
    db,
    sql`select p.id, p.category_id, p.price from catalogs k
        join catalog_products p on p.import_id = k.import_id
        where k.site_id = ${siteId} and p.available order by p.id limit 20000`,
  );
  return rows.map((r) => ({ id: r.id, categoryId: r.category_id, price: Number(r.price) }));
}

/** A recommendation block of the site's production copy, as its storefront widget reports it. */
export interface DemoBlock {
  /** The block's configId: the widget events' blockId. */
  id: string;
  strategy: string;
  /** What the storefront widget sends as widgetType (the runtime's default). */
  widgetType: string;
  pageType: (typeof PAGE_TYPES)[number];
  desktop: boolean;
  mobile: boolean;
}

/**
 * The site's recommendation blocks as the production bundle mounts them (production copy, in
 * their ordering), with the ids, strategies and widget type their widget events carry.
 */
export async function demoBlocks(db: Db, siteId: number): Promise<DemoBlock[]> {
  const configs = bundleConfigs(await latestCopies(db, siteId, false));
  return configs.recommendationBlocks.map(({ config }, index) => ({
    id: String(config.configId ?? index),
    strategy: strategyOf(config),
    widgetType: 'RECOMMENDATIONS',
    pageType: config.pageType,
    desktop: config.enabledDesktop,
    mobile: config.enabledMobile,
  }));
}

/**
 * Shoppers' taste over a catalog: products grouped by category and sorted by price, a Zipf
 * popularity over them, and for each product the "complements" bought with it (two products of
 * the next category at a similar price position). Sessions browse one category near one price,
 * so co-viewing and co-buying carry category and price affinity.
 */
function catalogBehaviour(catalog: readonly DemoProduct[], random: () => number) {
  const byCategory = new Map<string, DemoProduct[]>();
  for (const product of catalog)
    byCategory.set(product.categoryId, [...(byCategory.get(product.categoryId) ?? []), product]);
  const categories = [...byCategory.keys()].sort();
  for (const list of byCategory.values())
    list.sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
  // Popularity: a shuffled Zipf rank per product.
  const order = [...catalog];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const pickPopular = zipf(order.length, 0.9, random);
  const complements = new Map<string, string[]>();
  categories.forEach((category, index) => {
    const list = byCategory.get(category)!;
    const next = byCategory.get(categories[(index + 1) % categories.length]!)!;
    list.forEach((product, position) => {
      const at = Math.floor((position / list.length) * next.length);
      complements.set(
        product.id,
        [next[at]!, next[(at + 1) % next.length]!]
          .filter((p) => p.id !== product.id)
          .map((p) => p.id),
      );
    });
  });
  return {
    /** A session's first product, by popularity. */
    entry: () => order[pickPopular()]!,
    /** A product near `product` in its category (price affinity): ±3 positions. */
    near(product: DemoProduct): DemoProduct {
      const list = byCategory.get(product.categoryId)!;
      const position = list.indexOf(product);
      const step = Math.round((random() + random() + random() - 1.5) * 4);
      return list[Math.max(0, Math.min(list.length - 1, position + step))]!;
    },
    complement: (product: DemoProduct) => {
      const list = complements.get(product.id) ?? [];
      return list[Math.floor(random() * list.length)];
    },
  };
}

export interface DemoOptions {
  timeZone: string;
  /** The last day (local), inclusive; usually yesterday. */
  endDay: string;
  days: number;
  sessions: number;
  vocabulary: string[];
  seed?: number;
  /** Rows per yielded chunk. */
  chunk?: number;
  /** The site's live catalog: views and carts name its products (else ids 1000–1799). */
  catalog?: readonly DemoProduct[];
  /**
   * The site's recommendation blocks: sessions see them on their page type and click some of
   * their products (PRODUCT_CLICK from RECOMMENDATION, and the block's widget views and clicks).
   */
  blocks?: readonly DemoBlock[];
  /** Receives each day's widget views and clicks per block (the rows of widget_daily). */
  onWidgetDay?: (row: WidgetDailyRow) => void;
}

/** Share of searches with results whose shopper opens a product from the results. */
const SEARCH_CLICK_RATE = 0.3;

/**
 * How many times a session sees a block of `pageType`: once per product page, per search with
 * results, on the cart or order pages it reached, or on one landing page.
 */
function blockShowings(
  pageType: DemoBlock['pageType'],
  session: { views: number; searches: number; carted: boolean; ordered: boolean },
  random: () => number,
): number {
  switch (pageType) {
    case 'PRODUCT':
      return session.views;
    case 'SEARCH_PAGE':
      return session.searches;
    case 'CART_PAGE':
      return session.carted ? 1 : 0;
    case 'ORDER_PAGE':
    case 'ORDER_SUCCESS_PAGE':
      return session.ordered ? 1 : 0;
    case 'HOME_PAGE':
      return random() < 0.55 ? 1 : 0;
    case 'COMMON_PAGE':
      return 1 + session.views;
    default:
      return random() < 0.3 ? 1 : 0;
  }
}

/**
 * Realistic storefront traffic: weekly seasonality (weekends busier) and a slow upward trend,
 * more mobile than desktop and some app, Zipf-distributed queries with 5–10 % zero-result
 * ones, ~3 % conversion (search sessions convert about twice as well). About 30 % of searches
 * with results end in a product click (PRODUCT_CLICK from SEARCH), as do the autocomplete's
 * product suggestions; recommendation blocks are seen on their page type and clicked 3–8 % of
 * the time (each block its own rate). Yields raw rows.
 */
export function* demoEvents(options: DemoOptions): Generator<EventRow[]> {
  const random = prng(options.seed ?? 42);
  const { vocabulary } = options;
  const zeros = zeroVocabulary(vocabulary, random);
  const pickQuery = zipf(vocabulary.length, 1.05, random);
  const pickZero = zipf(zeros.length, 0.9, random);
  const chunkSize = options.chunk ?? 20_000;
  const shop = options.catalog?.length ? catalogBehaviour(options.catalog, random) : null;
  const firstDay = addDays(options.endDay, -(options.days - 1));
  const blocks = (options.blocks ?? []).map((block) => ({
    block,
    /** The block's own click rate per showing. */
    rate: 0.03 + random() * 0.05,
  }));
  const clickedProduct = (): string =>
    shop ? shop.entry().id : String(1000 + Math.floor(random() * 800));

  // Sessions per day: weekday weight × trend × noise, scaled to the total.
  const weights: number[] = [];
  for (let i = 0; i < options.days; i++) {
    const weekday = new Date(`${addDays(firstDay, i)}T12:00:00Z`).getUTCDay();
    const week = weekday === 0 || weekday === 6 ? 1.25 : weekday === 1 ? 0.95 : 1;
    weights.push(week * (0.85 + (0.3 * i) / options.days) * (0.92 + random() * 0.16));
  }
  const weightSum = weights.reduce((a, b) => a + b, 0);

  let rows: EventRow[] = [];
  let serial = 0;
  const prefix = (options.seed ?? 42).toString(36);
  for (let i = 0; i < options.days; i++) {
    const day = addDays(firstDay, i);
    const midnight = localMidnight(day, options.timeZone);
    const count = Math.round((options.sessions * weights[i]!) / weightSum);
    const widgetDay = blocks.map(() => ({ views: 0, clicks: 0 }));
    for (let s = 0; s < count; s++) {
      const sessionId = `${prefix}-${(serial++).toString(36)}`;
      const p = random();
      const platform =
        p < 0.55 ? PLATFORM_CODE.MOBILE : p < 0.9 ? PLATFORM_CODE.DESKTOP : PLATFORM_CODE.APP;
      // Busier in the evening: the hour is the max of two uniform draws, skewed later.
      const hour = Math.min(22, Math.floor(Math.max(random(), random()) * 23));
      let at = midnight + (hour * 3600 + Math.floor(random() * 3600)) * 1000;
      const event = (kind: number, extra: Partial<EventRow> = {}): void => {
        at += Math.floor(5_000 + random() * 60_000);
        const when = new Date(at);
        rows.push({
          kind,
          platform,
          sessionId,
          at: when,
          day: localDay(when, options.timeZone),
          query: null,
          hits: null,
          correctedQuery: null,
          block: null,
          productId: null,
          revenue: null,
          items: null,
          ...extra,
        });
      };
      /** A product opened from the results of `query`, mostly near the top. */
      const searchClick = (query: string): void => {
        event(KIND.PRODUCT_CLICK, {
          block: CLICK_SOURCE_CODE.SEARCH,
          hits: Math.floor(random() * random() * 24),
          productId: clickedProduct(),
          query,
        });
      };
      /** Searches that showed results (the pages a SEARCH_PAGE block is on). */
      let found = 0;
      event(KIND.SESSION_START);
      const searches = random() < 0.42 ? 1 + Math.floor(random() * random() * 5) : 0;
      for (let q = 0; q < searches; q++) {
        const zero = random() < 0.075;
        if (zero) {
          const query = zeros[pickZero()]!;
          const corrected = random() < 0.3 ? vocabulary[pickQuery()]! : null;
          event(KIND.SEARCH, {
            query,
            hits: corrected ? 1 + Math.floor(random() * 40) : 0,
            correctedQuery: corrected,
          });
          if (corrected) found++;
          if (corrected && random() < SEARCH_CLICK_RATE) searchClick(corrected);
        } else {
          const query = vocabulary[pickQuery()]!;
          event(KIND.SEARCH, { query, hits: 1 + Math.floor(random() * random() * 500) });
          found++;
          if (random() < SEARCH_CLICK_RATE) searchClick(query);
        }
      }
      if (random() < 0.28) {
        const b = random();
        const block =
          b < 0.4
            ? BLOCK_CODE.QUERIES
            : b < 0.7
              ? BLOCK_CODE.PRODUCTS
              : b < 0.82
                ? BLOCK_CODE.CATEGORIES
                : b < 0.9
                  ? BLOCK_CODE.HISTORY
                  : b < 0.95
                    ? BLOCK_CODE.TAPS
                    : BLOCK_CODE.BRANDS;
        const query = vocabulary[pickQuery()]!.slice(0, 4);
        event(KIND.AUTOCOMPLETE_CLICK, { block, query });
        // A product suggestion opens the product: the storefront sends a product click too.
        if (block === BLOCK_CODE.PRODUCTS)
          event(KIND.PRODUCT_CLICK, {
            block: CLICK_SOURCE_CODE.AUTOCOMPLETE,
            hits: Math.floor(random() * 4),
            productId: clickedProduct(),
            query,
          });
      }
      const searched = searches > 0;
      const views = Math.floor(random() * (searched ? 4 : 3));
      const ordering = random() < (searched ? 0.045 : 0.02);
      let pages = 0;
      let carted = false;
      if (shop) {
        // One category near one price: the products viewed, the one carted and its complement.
        let product = shop.entry();
        const viewed: DemoProduct[] = [];
        for (let v = 0; v < views + (ordering ? 1 : 0); v++) {
          if (v > 0) product = shop.near(product);
          viewed.push(product);
          event(KIND.PRODUCT_VIEW, { productId: product.id });
        }
        pages = viewed.length;
        if (viewed.length && (ordering || random() < 0.15)) {
          const chosen = viewed[Math.floor(random() * viewed.length)]!;
          carted = true;
          event(KIND.ADD_TO_CART, { productId: chosen.id, items: 1 });
          const complement = random() < 0.6 ? shop.complement(chosen) : undefined;
          if (complement) {
            pages++;
            event(KIND.PRODUCT_VIEW, { productId: complement });
            event(KIND.ADD_TO_CART, { productId: complement, items: 1 });
          }
        }
      } else {
        for (let v = 0; v < views; v++)
          event(KIND.PRODUCT_VIEW, { productId: String(1000 + Math.floor(random() * 800)) });
        pages = views;
        if (views && random() < 0.15) {
          carted = true;
          event(KIND.ADD_TO_CART, {
            productId: String(1000 + Math.floor(random() * 800)),
            items: 1,
          });
        }
      }
      // The recommendation blocks on the pages the session saw (those of its platform).
      const mobileSide = platform !== PLATFORM_CODE.DESKTOP;
      blocks.forEach(({ block, rate }, index) => {
        if (!(mobileSide ? block.mobile : block.desktop)) return;
        const showings = blockShowings(
          block.pageType,
          { views: pages, searches: found, carted, ordered: ordering },
          random,
        );
        const tally = widgetDay[index]!;
        for (let v = 0; v < showings; v++) {
          tally.views++;
          if (random() >= rate) continue;
          tally.clicks++;
          event(KIND.PRODUCT_CLICK, {
            block: CLICK_SOURCE_CODE.RECOMMENDATION,
            hits: Math.floor(random() * 8),
            productId: clickedProduct(),
          });
        }
      });
      if (ordering) {
        // Log-normal order value around 4 000 ₽.
        const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
        const revenue = Math.round(Math.exp(8.3 + 0.6 * normal) * 100) / 100;
        event(KIND.ORDER, { revenue, items: 1 + Math.floor(random() * 3) });
      }
      if (rows.length >= chunkSize) {
        yield rows;
        rows = [];
      }
    }
    blocks.forEach(({ block }, index) => {
      const { views, clicks } = widgetDay[index]!;
      if (views > 0)
        options.onWidgetDay?.({
          day,
          block: block.id,
          strategy: block.strategy,
          widgetType: block.widgetType,
          views,
          clicks,
        });
    });
  }
  if (rows.length) yield rows;
}

/** Yesterday in a time zone. */
export function yesterday(timeZone: string, now = new Date()): string {
  return addDays(localDay(now, timeZone), -1);
}

export interface SqlDemoOptions {
  siteId: number;
  timeZone: string;
  endDay: string;
  days: number;
  /** Session numbers [first, last] to generate (so a big load goes in steps). */
  first: number;
  last: number;
  vocabulary: string[];
}

/**
 * The same traffic shape as demoEvents, generated inside the database (INSERT … SELECT over
 * generate_series): no rows cross the wire, so tens of millions of events load in minutes.
 * Queries follow a power law over the vocabulary, ~7.5 % are misspelt or nonsense, and one in
 * ten carries an article number (the long tail of distinct queries). Not repeatable run to run.
 */
export async function generateEventsInDatabase(db: Db, options: SqlDemoOptions): Promise<number> {
  const zeros = zeroVocabulary(options.vocabulary, prng(options.siteId));
  const vocab = sql`${`{${options.vocabulary.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
  const zero = sql`${`{${zeros.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
  const result = await run(
    db,
    sql`insert into events (site_id, kind, platform, session_id, at, day, query, hits,
          corrected_query, block, product_id, revenue, items)
        with s as (
          select n,
            ${options.endDay}::date - (n % ${options.days})::int as day,
            case when r1 < 0.55 then 1 when r1 < 0.9 then 2 else 3 end as platform,
            case when r2 < 0.42 then 1 + floor(random() * random() * 5)::int else 0 end as searches,
            random() < 0.28 as ac,
            floor(random() * 3)::int as views,
            random() as r3,
            floor(random() * 82800)::int as second
          from (select n, random() as r1, random() as r2
                from generate_series(${options.first}::int, ${options.last}::int) as n) x
        ), e as (
          select s.*, ev.kind, ev.i from s cross join lateral (
            select 1 as kind, 0 as i
            union all select 2, g from generate_series(1, s.searches) g
            union all select 3, 0 where s.ac
            union all select 4, g from generate_series(1, s.views) g
            union all select 5, 0 where s.views > 0 and s.r3 < 0.15
            union all select 6, 0 where s.r3 < (case when s.searches > 0 then 0.045 else 0.02 end)
          ) ev
        ), t as (
          select e.*, ((e.day::timestamp + make_interval(secs => e.second + e.kind * 40 + e.i * 30))
                        at time zone ${options.timeZone}) as at,
            random() < 0.075 as zero
          from e
        )
        select ${options.siteId}, kind, platform, 'b' || n::text, at,
          (at at time zone ${options.timeZone})::date,
          case kind
            when 2 then case
              when zero then (${zero})[1 + floor(power(random(), 2) * ${zeros.length})::int]
              when random() < 0.1 then (${vocab})[1 + floor(power(random(), 3) * ${options.vocabulary.length})::int] || ' ' || (100 + floor(random() * 5000)::int)::text
              else (${vocab})[1 + floor(power(random(), 3) * ${options.vocabulary.length})::int] end
            when 3 then 'пла' end,
          case kind when 2 then case when zero then 0 else 1 + floor(random() * 300)::int end end,
          null,
          case kind when 3 then 1 + floor(random() * 6)::int end,
          case when kind in (4, 5) then (1000 + floor(random() * 800)::int)::text end,
          case kind when 6 then round((exp(8.3 + 0.6 * (random() + random() + random() - 1.5) * 2))::numeric, 2) end,
          case when kind in (5, 6) then 1 end
        from t`,
  );
  return result.count;
}
