/** The demo storefront traffic: sessions of searches, views, carts, orders and block clicks. */
import { BLOCK_CODE, CLICK_SOURCE_CODE, KIND, PLATFORM_CODE } from '../events/codes.ts';
import { addDays, localDay } from '../events/day.ts';
import type { EventRow } from '../events/ingest.ts';
import type { WidgetDailyRow } from '../events/store.ts';
import { prng, zipf } from './random.ts';
import { blockShowings, catalogBehaviour, type DemoBlock, type DemoProduct } from './shop.ts';
import { zeroVocabulary } from './vocabulary.ts';

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
