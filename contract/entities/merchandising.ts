import * as z from 'zod';
import { product } from '../public/product.ts';

/** Boost item types (spec part 2 §3 "Boost rule"). */
export const BOOST_TYPES = [
  'PRODUCTS',
  'PRODUCTS_EXCLUDE',
  'BRANDS',
  'ATTRIBUTES',
  'CATEGORIES_BOOST',
  'CATEGORIES_INCLUDE',
  'CATEGORIES_EXCLUDE',
] as const;
export const boostType = z.enum(BOOST_TYPES);
export type BoostType = z.infer<typeof boostType>;

/** Rule types (spec part 2 §3). */
export const ruleType = z.enum(['BOOSTING', 'REDIRECT']);

/** Recs boost types: HARD (boost), PIN, FILTER (spec part 2 §3 "Recommendation rule"). */
export const RECS_BOOST_TYPES = ['HARD', 'PIN', 'FILTER'] as const;
export const recsBoostType = z.enum(RECS_BOOST_TYPES);
export type RecsBoostType = z.infer<typeof recsBoostType>;

/** The multiplier above which search quality may suffer (spec part 2 §5, §9: advice only). */
export const MULTIPLIER_ADVICE_CEILING = 5;
/** Recommendation rule list page (spec part 2 §9). */
export const RECS_RULES_PAGE_SIZE = 100;

/**
 * A wall-clock date and time in the site's time zone, `YYYY-MM-DDTHH:mm` (what a date-time
 * input gives); the server turns it into an instant with the site's zone, DST included.
 */
export const localDateTime = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), {
    params: { i18nKey: 'errors.validation.localDateTime', en: 'Use YYYY-MM-DDTHH:mm' },
  });

/**
 * A refinement's issue without a text of its own: the console's error map words it by `i18nKey`
 * in the reader's language, the server answers with `en`.
 */
const issueOf = (path: string, i18nKey: string, en: string) => ({
  code: 'custom' as const,
  path: [path],
  params: { i18nKey: `errors.validation.${i18nKey}`, en },
});

const itemText = z.string().trim().min(1).max(300);
const queryText = z.string().trim().min(1).max(300);

/** The editable fields of a boost rule. */
export const boostRuleInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    boostType,
    /** The queries the rule answers; compared after normalisation (lower case, ё → е, words). */
    queries: z.array(queryText).min(1).max(200),
    /** Whole query only (true), or the rule's query anywhere in the search text (false). */
    fullMatch: z.boolean().default(false),
    /** Rank tier added to matching products: boosted products rank above the others. */
    weight: z.number().min(-100).max(100).default(1),
    /** PRODUCTS: the 1-based position the first listed product is pinned to (null: boost only). */
    socket: z.number().int().min(1).max(200).nullable().default(null),
    /** Multiplies the weight; above 5 may reduce search quality (advice only). */
    multiplier: z.number().min(0).max(100).default(1),
    /** On (true) or off. */
    status: z.boolean().default(true),
    startDate: localDateTime.nullable().default(null),
    /** null: the rule stays on. */
    endDate: localDateTime.nullable().default(null),
    /** Applies in search. */
    ranking: z.boolean().default(true),
    /** Applies in the autocomplete's products. */
    autocomplete: z.boolean().default(false),
    /** ATTRIBUTES: the attribute (feed param) name. */
    attributeName: z.string().trim().min(1).max(200).nullable().default(null),
    /**
     * Product ids (PRODUCTS, in pin order; PRODUCTS_EXCLUDE), brand names (BRANDS), values of the
     * attribute (ATTRIBUTES) or category ids (CATEGORIES_*).
     */
    filters: z.array(itemText).min(1).max(500),
  })
  .superRefine((rule, ctx) => {
    if (rule.boostType === 'ATTRIBUTES' && !rule.attributeName)
      ctx.addIssue(issueOf('attributeName', 'required', 'Name the attribute'));
    if (rule.startDate && rule.endDate && rule.endDate <= rule.startDate)
      ctx.addIssue(issueOf('endDate', 'endBeforeStart', 'The end is before the start'));
  });
export type BoostRuleInput = z.input<typeof boostRuleInput>;

/**
 * Why a rule does not act, or acts other than its author may expect (the rule lists' status):
 * DISABLED, NOT_STARTED and ENDED its switch and period; NO_SURFACE a boost acting in neither
 * search nor autocomplete; MISSING items the live catalog lacks; UNAVAILABLE_SHOWN out-of-stock
 * products a search rule still puts forward; UNAVAILABLE_HIDDEN out-of-stock products the
 * storefront never shows (recommendations, or a search whose API defaults hide them), so a pin
 * or boost of them does nothing.
 */
export const RULE_ISSUE_CODES = [
  'DISABLED',
  'NOT_STARTED',
  'ENDED',
  'NO_SURFACE',
  'MISSING',
  'UNAVAILABLE_SHOWN',
  'UNAVAILABLE_HIDDEN',
] as const;
export const ruleIssue = z.object({
  code: z.enum(RULE_ISSUE_CODES),
  /** The items concerned (product ids, brands, categories, values), the first few. */
  items: z.array(z.string()),
  /** The rule does not act at all because of it; otherwise it acts, with this caveat. */
  blocking: z.boolean(),
});
export type RuleIssue = z.infer<typeof ruleIssue>;

export const boostRule = z.object({
  id: z.number().int(),
  name: z.string(),
  boostType,
  queries: z.array(z.string()),
  fullMatch: z.boolean(),
  weight: z.number(),
  socket: z.number().int().nullable(),
  multiplier: z.number(),
  status: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  ranking: z.boolean(),
  autocomplete: z.boolean(),
  attributeName: z.string().nullable(),
  filters: z.array(z.string()),
  /**
   * Acting on the storefront now: on, inside its period, in search or autocomplete, with
   * something of the live catalog to act on (no blocking issue).
   */
  live: z.boolean(),
  /** What the live catalog lacks (unknown products, brands, categories), or null. */
  error: z.string().nullable(),
  /** Why it does not act, or what to know about how it acts; empty when all is well. */
  issues: z.array(ruleIssue),
  updatedAt: z.string(),
});
export type BoostRule = z.infer<typeof boostRule>;

/** Body of the criteria search (spec part 2 §7). */
export const boostCriteria = z.strictObject({
  filters: z
    .strictObject({
      boostType: boostType.optional(),
      status: z.boolean().optional(),
      name: z.string().trim().max(200).optional(),
    })
    .default({}),
  productExternalId: z.string().trim().max(200).optional(),
  /** Rules whose period overlaps [startDateFrom, startDateTo] (site-local dates). */
  startDateFrom: localDateTime.optional(),
  startDateTo: localDateTime.optional(),
});
export type BoostCriteria = z.input<typeof boostCriteria>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int().nonnegative(), items: z.array(item) });

/** Where a redirect sends the shopper: an http(s) address, or a path of the site (`/delivery`). */
export const redirectUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^(https?:\/\/[^\s/]+\S*|\/\S*)$/.test(value), {
    params: {
      i18nKey: 'errors.validation.redirectUrl',
      en: 'Give an address starting with http://, https:// or /',
    },
  });

export const redirectRuleInput = z.object({
  query: queryText,
  url: redirectUrl,
  mobileUrl: redirectUrl.nullable().default(null),
  name: z.string().trim().max(200).nullable().default(null),
});
export type RedirectRuleInput = z.input<typeof redirectRuleInput>;

export const redirectRule = z.object({
  id: z.number().int(),
  query: z.string(),
  url: z.string(),
  mobileUrl: z.string().nullable(),
  name: z.string().nullable(),
  updatedAt: z.string(),
});
export type RedirectRule = z.infer<typeof redirectRule>;

export const recsRuleInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    /** Higher acts last and wins (spec: min to max, max highest). */
    priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    startDate: localDateTime,
    endDate: localDateTime.nullable().default(null),
    boostType: recsBoostType,
    regionIds: z.array(itemText).max(500).default([]),
    productIds: z.array(itemText).max(500).default([]),
    categories: z.array(itemText).max(500).default([]),
    placements: z.array(itemText).max(100).default([]),
    strategies: z.array(itemText).max(100).default([]),
  })
  .superRefine((rule, ctx) => {
    if (rule.endDate && rule.endDate <= rule.startDate)
      ctx.addIssue(issueOf('endDate', 'endBeforeStart', 'The end is before the start'));
    if (!rule.productIds.length && !rule.categories.length)
      ctx.addIssue(issueOf('productIds', 'productsOrCategories', 'Name products or categories'));
    if (rule.boostType === 'PIN' && !rule.productIds.length)
      ctx.addIssue(issueOf('productIds', 'pinNeedsProducts', 'A pin names products'));
  });
export type RecsRuleInput = z.input<typeof recsRuleInput>;

export const recsRule = z.object({
  id: z.number().int(),
  name: z.string(),
  priority: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  boostType: recsBoostType,
  regionIds: z.array(z.string()),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
  placements: z.array(z.string()),
  strategies: z.array(z.string()),
  /** Acting now: inside its period, with products or categories it can act on. */
  live: z.boolean(),
  /** Why it does not act, or what to know about how it acts; empty when all is well. */
  issues: z.array(ruleIssue),
});
export type RecsRule = z.infer<typeof recsRule>;

export const recsRuleFilter = z.strictObject({
  productIds: z.array(itemText).max(500).default([]),
  regionIds: z.array(itemText).max(500).default([]),
  categories: z.array(itemText).max(500).default([]),
  placements: z.array(itemText).max(100).default([]),
  text: z.string().trim().max(200).default(''),
});
export type RecsRuleFilter = z.input<typeof recsRuleFilter>;

/** The choices of the recommendation rule form. */
export const recsRuleContext = z.object({
  boostTypes: z.array(recsBoostType),
  regions: z.array(z.string()),
  placements: z.array(z.object({ id: z.string(), name: z.string() })),
  strategies: z.array(z.string()),
});
export type RecsRuleContext = z.infer<typeof recsRuleContext>;

export const customModelInput = z.object({
  name: z.string().trim().min(1).max(200),
  enabled: z.boolean().default(true),
});
export const customModel = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** Per query, the products in order. */
  queries: z.array(z.object({ query: z.string(), productIds: z.array(z.string()) })),
  updatedAt: z.string(),
});
export type CustomModel = z.infer<typeof customModel>;

/** One rule that acted on a query (the preview and explain name them). */
export const firedRule = z.object({
  kind: z.enum(['BOOSTING', 'REDIRECT', 'CUSTOM_MODEL', 'RECS']),
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
});
export type FiredRule = z.infer<typeof firedRule>;

/** The storefront's answer with the rules and without them, side by side. */
export const searchPreview = z.object({
  query: z.string(),
  with: z.array(product),
  without: z.array(product),
  totalWith: z.number().int(),
  totalWithout: z.number().int(),
  fired: z.array(firedRule),
  redirect: z.object({ url: z.string(), mobileUrl: z.string().nullable() }).nullable(),
});
export type SearchPreview = z.infer<typeof searchPreview>;

export const recsPreview = z.object({
  with: z.array(product),
  without: z.array(product),
  fired: z.array(firedRule),
});
export type RecsPreview = z.infer<typeof recsPreview>;
