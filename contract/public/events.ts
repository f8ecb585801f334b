import * as z from 'zod';
import { eventPlatform } from '../entities/metric.ts';
import { apiKeyParam } from './common.ts';

/** PostgreSQL text cannot hold NUL: refused here with a 400, not a 500 from the database. */
const noNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * Storefront events for the reports, POSTed as JSON to /public/events (one) or
 * /public/events/bulk (up to 1000, all or nothing). `at` defaults to the time of arrival; the
 * event's day is taken in the site's time zone. A session is one sessionId on one day.
 */
const base = {
  /**
   * The event's id (the storefront runtime sets one): an id the site's store has already taken
   * is dropped, so a retried batch counts once.
   */
  id: z.string().trim().min(1).max(64).refine(noNul, NUL_MESSAGE).optional(),
  /** Tracking session id (cookie, 30 minutes). */
  sessionId: z.string().trim().min(1).max(64).refine(noNul, NUL_MESSAGE),
  platform: eventPlatform,
  /** When it happened (ISO 8601 with an offset); not more than a day ahead of the server. */
  at: z.iso
    .datetime({ offset: true })
    .refine((at) => Date.parse(at) <= Date.now() + 86_400_000, {
      message: 'at must not be in the future',
    })
    .refine((at) => Date.parse(at) >= Date.parse('2000-01-01T00:00:00Z'), {
      message: 'at is too old',
    })
    .optional(),
};

const query = z.string().trim().min(1).max(256).refine(noNul, NUL_MESSAGE);
const productId = z.string().trim().min(1).max(200).refine(noNul, NUL_MESSAGE);

export const AUTOCOMPLETE_BLOCKS = [
  'QUERIES',
  'PRODUCTS',
  'CATEGORIES',
  'HISTORY',
  'TAPS',
  'BRANDS',
] as const;
export const autocompleteBlock = z.enum(AUTOCOMPLETE_BLOCKS);
export type AutocompleteBlock = z.infer<typeof autocompleteBlock>;

export const sessionStartEvent = z.strictObject({ type: z.literal('SESSION_START'), ...base });

export const searchEvent = z.strictObject({
  type: z.literal('SEARCH'),
  ...base,
  query,
  /** How many products the search found (0: a zero query). */
  hits: z.number().int().nonnegative(),
  /** The query the engine searched instead, when it corrected the visitor's. */
  correctedQuery: query.nullable().default(null),
});

export const autocompleteClickEvent = z.strictObject({
  type: z.literal('AUTOCOMPLETE_CLICK'),
  ...base,
  block: autocompleteBlock,
  /** What the visitor had typed. */
  query: query.optional(),
});

export const productViewEvent = z.strictObject({
  type: z.literal('PRODUCT_VIEW'),
  ...base,
  productId,
});

export const addToCartEvent = z.strictObject({
  type: z.literal('ADD_TO_CART'),
  ...base,
  productId,
  quantity: z.number().int().min(1).max(10_000).default(1),
});

/** Where a shopper clicked a product: a list of search results, autocomplete, a block. */
export const CLICK_SOURCES = ['SEARCH', 'AUTOCOMPLETE', 'RECOMMENDATION'] as const;
export const clickSource = z.enum(CLICK_SOURCES);
export type ClickSource = z.infer<typeof clickSource>;

/**
 * A click on a product of a search answer, of the autocomplete's products or of a recommendation
 * block: the labels of the learned ranking (XGBVECTORS) and the click counters of the reports.
 */
export const productClickEvent = z.strictObject({
  type: z.literal('PRODUCT_CLICK'),
  ...base,
  productId,
  source: clickSource,
  /** The query whose answer was clicked (search and autocomplete). */
  query: query.optional(),
  /** 0-based position of the product in the list clicked. */
  position: z.number().int().min(0).max(100_000).default(0),
});

export const MAX_ORDER_REVENUE = 1e8;

export const orderEvent = z.strictObject({
  type: z.literal('ORDER'),
  ...base,
  /** Order total in the site's currency, at most 100 000 000 (sums are stored in numeric(20,2)). */
  revenue: z.number().nonnegative().max(MAX_ORDER_REVENUE),
  items: z.number().int().min(1).max(100_000).default(1),
});

export const storefrontEvent = z.discriminatedUnion('type', [
  sessionStartEvent,
  searchEvent,
  autocompleteClickEvent,
  productViewEvent,
  addToCartEvent,
  orderEvent,
  productClickEvent,
]);
export type StorefrontEvent = z.infer<typeof storefrontEvent>;
export type StorefrontEventInput = z.input<typeof storefrontEvent>;
export type StorefrontEventType = StorefrontEvent['type'];

export const MAX_BULK_EVENTS = 1000;

const withKey = { apiKey: apiKeyParam.refine(noNul, NUL_MESSAGE) };
/** One event: the event's fields plus the site's apiKey. */
export const singleEventBody = z.discriminatedUnion('type', [
  sessionStartEvent.extend(withKey),
  searchEvent.extend(withKey),
  autocompleteClickEvent.extend(withKey),
  productViewEvent.extend(withKey),
  addToCartEvent.extend(withKey),
  orderEvent.extend(withKey),
  productClickEvent.extend(withKey),
]);

export const bulkEventsBody = z.strictObject({
  apiKey: withKey.apiKey,
  events: z.array(storefrontEvent).min(1).max(MAX_BULK_EVENTS),
});

/**
 * `accepted`: events taken; `quarantined`: of those, orders kept out of the reports as
 * implausible (above the site's order cap, or 10× its 28-day p99), listed in the console.
 * Events older than EVENT_MAX_AGE_HOURS (72 by default) or more than EVENT_CLOCK_SKEW_SECONDS
 * (300) ahead of the server are refused with a 400, and more than EVENT_RATE_LIMIT (600)
 * requests a minute per apiKey and client address with a 429.
 */
export const ingestAnswer = z.object({
  accepted: z.number().int(),
  quarantined: z.number().int(),
});
