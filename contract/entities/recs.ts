import * as z from 'zod';
import { product } from '../public/product.ts';

/** Types of a strategy config entry (spec §3 "Strategy"). */
export const RECS_CONFIG_TYPES = ['BOOL', 'INT', 'FLOAT', 'STR', 'LIST', 'COMPLEX'] as const;
export const recsConfigType = z.enum(RECS_CONFIG_TYPES);
export type RecsConfigType = z.infer<typeof recsConfigType>;

/** A model's config entry: name, required, type, defaultValue, and (on a strategy) its value. */
export const recsConfigEntry = z.object({
  name: z.string(),
  required: z.boolean(),
  type: recsConfigType,
  /** As text: BOOL 'true'/'false', numbers in decimal, LIST comma-joined, COMPLEX JSON. */
  defaultValue: z.string(),
  value: z.string().nullable(),
  /** Bounds of INT and FLOAT entries. */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type RecsConfigEntry = z.infer<typeof recsConfigEntry>;

/** How a model's table is made: from events at build time, from the catalog, or per request. */
export const recsModelSource = z.enum(['events', 'catalog', 'live', 'session']);

export const recsModel = z.object({
  modelName: z.string(),
  /** Needs the page's product (item-to-item); otherwise a list for any page. */
  needsProduct: z.boolean(),
  source: recsModelSource,
  configs: z.array(recsConfigEntry.omit({ value: true })),
});
export type RecsModel = z.infer<typeof recsModel>;

/**
 * Offline quality of a build on held-out sessions of the site's own events: hit rate @10
 * against popularity, and hit rate and MRR @20 (the session-recommendation papers' P@20 and
 * MRR@20; null on revisions built before they were measured).
 */
export const recsQuality = z.object({
  hitRateAt10: z.number().nullable(),
  hitRateAt20: z.number().nullable().default(null),
  mrrAt20: z.number().nullable().default(null),
  popularityHitRateAt10: z.number().nullable(),
  previousHitRateAt10: z.number().nullable(),
  /** Held-out next-item cases the figures were measured on. */
  cases: z.number().int(),
});
export type RecsQuality = z.infer<typeof recsQuality>;

export const recsRevision = z.object({
  revision: z.number().int(),
  configs: z.record(z.string(), z.string()),
  rows: z.number().int(),
  events: z.number().int(),
  quality: recsQuality,
  builtAt: z.string(),
});
export type RecsRevision = z.infer<typeof recsRevision>;

export const recsStrategy = z.object({
  hash: z.string(),
  name: z.string(),
  modelName: z.string(),
  enabled: z.boolean(),
  /** The built revision the storefront is served; 0 before the first build. */
  revision: z.number().int(),
  /** Only values that differ from the model's defaults. */
  configs: z.record(z.string(), z.string()),
  revisions: z.array(recsRevision),
  updatedAt: z.string(),
});
export type RecsStrategy = z.infer<typeof recsStrategy>;

const configValue = z.string().max(4000);

export const recsStrategyInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  modelName: z.string().trim().min(1).max(100),
  /** Values by config name; lists comma-joined; only non-defaults are kept. */
  configs: z.record(z.string().max(100), configValue).default({}),
});
export type RecsStrategyInput = z.input<typeof recsStrategyInput>;

export const RECS_WIDGET_TYPES = [
  'UNDEFINED',
  'PRODUCT',
  'SLIDER',
  'CART_BUTTON',
  'FAVORITE_BUTTON',
] as const;

export const recsWidget = z.object({
  widgetId: z.string(),
  name: z.string(),
  type: z.enum(RECS_WIDGET_TYPES),
  placements: z.array(z.string()),
  strategyHash: z.string().nullable(),
});
export type RecsWidget = z.infer<typeof recsWidget>;

const placementName = z
  .string()
  .trim()
  .min(1)
  .max(300)
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), {
    params: { i18nKey: 'errors.validation.controlCharacters', en: 'one printable line' },
  });

export const recsWidgetInput = z.strictObject({
  widgetId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    // No text of its own: the console's error map words it by i18nKey, the server with `en`.
    .refine((value) => /^[\w-]+$/.test(value), {
      params: { i18nKey: 'errors.validation.widgetId', en: 'letters, digits, _ and - only' },
    }),
  name: z.string().trim().min(1).max(200),
  type: z.enum(RECS_WIDGET_TYPES).default('UNDEFINED'),
  placements: z.array(placementName).max(50).default([]),
  strategyHash: z.string().max(64).nullable().default(null),
});
export type RecsWidgetInput = z.input<typeof recsWidgetInput>;

/** A page a widget shows on: a recommendation block at one of its placements. */
export const recsWidgetPage = z.object({
  block: z.string(),
  placement: z.string(),
  pageType: z.string(),
});
export type RecsWidgetPage = z.infer<typeof recsWidgetPage>;

/**
 * A placement a widget may claim: each one of the site's recommendation blocks sits at (either
 * copy) and each one a widget names, with the widgets that claim it and the blocks shown there.
 */
export const recsPlacement = z.object({
  placement: z.string(),
  /** The widgets whose placements name it (none: free to claim). */
  widgetIds: z.array(z.string()),
  /** The recommendation blocks at it (none: a placement only the merchant's own calls name). */
  pages: z.array(recsWidgetPage),
});
export type RecsPlacement = z.infer<typeof recsPlacement>;

/**
 * A widget tried before it is saved: the pages its placements show on, those its strategy cannot
 * serve (a strategy that needs the page's product, on a page without one), and what the
 * strategy answers with the site's own products (for a product of the catalogue when it needs one).
 */
export const recsWidgetPreview = z.object({
  pages: z.array(recsWidgetPage),
  refused: z.array(recsWidgetPage),
  needsProduct: z.boolean(),
  /**
   * The product the preview recommends for, when the strategy needs one: one its table covers
   * most, else the site's most popular; null otherwise.
   */
  forProduct: z.object({ id: z.string(), name: z.string() }).nullable(),
  products: z.array(product),
});
export type RecsWidgetPreview = z.infer<typeof recsWidgetPreview>;

/**
 * The public search ranking's coefficients, each -9.99 to 9.99 (spec §5 "Ranking and classifier
 * vector thresholds"). The score of a product for a query is
 *   textScore × (text relevance) + popularity × ln(1 + catalog popularity) / 10
 *   + availability × (1 when available) + engagement × ln(1 + shopper engagement) / 5,
 * engagement being the product's score in the site's first enabled `popular_window` strategy
 * (views and carts of recent sessions, built by the RECS job). The defaults keep part 1's order.
 */
export const RANKING_COEFFICIENTS = [
  'textScore',
  'popularity',
  'availability',
  'engagement',
] as const;
export type RankingCoefficientName = (typeof RANKING_COEFFICIENTS)[number];
export const RANKING_DEFAULTS: Record<RankingCoefficientName, number> = {
  textScore: 1,
  popularity: 0,
  availability: 0,
  engagement: 0,
};
export const RANKING_MIN = -9.99;
export const RANKING_MAX = 9.99;
const coefficient = z.number().min(RANKING_MIN).max(RANKING_MAX);
export const rankingCoefficients = z.strictObject({
  textScore: coefficient,
  popularity: coefficient,
  availability: coefficient,
  engagement: coefficient,
});
export type RankingCoefficients = z.infer<typeof rankingCoefficients>;

export const MODEL_JOB_NAMES = ['XGBVECTORS', 'RECS'] as const;
export const modelJobName = z.enum(MODEL_JOB_NAMES);
export type ModelJobName = z.infer<typeof modelJobName>;

/** Offline quality of a learned ranking: NDCG@10 on held-out search sessions. */
export const rankingQuality = z.object({
  ndcgAt10: z.number().nullable(),
  /** The coefficients shoppers get now. */
  currentNdcgAt10: z.number().nullable(),
  previousNdcgAt10: z.number().nullable(),
  popularityNdcgAt10: z.number().nullable(),
  /** Held-out searches (a session's query with a click, cart or order) measured on. */
  cases: z.number().int(),
});

/** An XGBVECTORS model: learned ranking coefficients, off until switched on. */
export const rankingModel = z.object({
  version: z.number().int(),
  weights: rankingCoefficients,
  quality: rankingQuality,
  queries: z.number().int(),
  groups: z.number().int(),
  builtAt: z.string(),
  activatedAt: z.string().nullable(),
  activatedBy: z.string().nullable(),
});
export type RankingModel = z.infer<typeof rankingModel>;

/** CTR per recommendation block (widget tracking) and of the search answers, over a period. */
export const widgetCtrReport = z.object({
  blocks: z.array(
    z.object({
      block: z.string(),
      blockName: z.string().nullable(),
      strategy: z.string(),
      strategyName: z.string().nullable(),
      widgetType: z.string(),
      views: z.number().int(),
      clicks: z.number().int(),
      /** clicks / views; null without views. */
      ctr: z.number().nullable(),
    }),
  ),
  search: z.object({
    searches: z.number().int(),
    clicks: z.number().int(),
    ctr: z.number().nullable(),
  }),
  recsClicks: z.number().int(),
});
export type WidgetCtrReport = z.infer<typeof widgetCtrReport>;
