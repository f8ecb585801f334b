import type { EventPlatform } from '#contract/entities/metric.ts';
import type {
  AutocompleteBlock,
  ClickSource,
  StorefrontEventType,
} from '#contract/public/events.ts';

/** Small-integer codes of the raw `events` table (keeps 10 M rows compact). */
export const KIND = {
  SESSION_START: 1,
  SEARCH: 2,
  AUTOCOMPLETE_CLICK: 3,
  PRODUCT_VIEW: 4,
  ADD_TO_CART: 5,
  ORDER: 6,
  /** A product clicked in search results, autocomplete or a recommendation block. */
  PRODUCT_CLICK: 7,
} as const satisfies Record<StorefrontEventType, number>;

export const PLATFORM_CODE = { MOBILE: 1, DESKTOP: 2, APP: 3 } as const satisfies Record<
  EventPlatform,
  number
>;
export const PLATFORM_OF_CODE: Record<number, EventPlatform> = {
  1: 'MOBILE',
  2: 'DESKTOP',
  3: 'APP',
};

export const BLOCK_CODE = {
  QUERIES: 1,
  PRODUCTS: 2,
  CATEGORIES: 3,
  HISTORY: 4,
  TAPS: 5,
  BRANDS: 6,
} as const satisfies Record<AutocompleteBlock, number>;

/**
 * A PRODUCT_CLICK's source, kept in the `block` column (a product click has no autocomplete
 * block); its position is kept in `hits` (a click has no hit count).
 */
export const CLICK_SOURCE_CODE = {
  SEARCH: 1,
  AUTOCOMPLETE: 2,
  RECOMMENDATION: 3,
} as const satisfies Record<ClickSource, number>;

/** The event_daily column counting each autocomplete block's clicks. */
export const BLOCK_COLUMN = {
  1: 'ac_queries',
  2: 'ac_products',
  3: 'ac_categories',
  4: 'ac_history',
  5: 'ac_taps',
  6: 'ac_brands',
} as const;

/** Queries are counted case- and space-insensitively. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');
}
