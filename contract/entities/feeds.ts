import * as z from 'zod';
import { feedStatus, feedType, siteUrl, type FeedStatus, type FeedType } from './site.ts';

// Feeds and feed configuration (spec part 2 §3 "Feed settings", "Feed rule, attribute and parsing
// config", §5, §7 "Feed and feed config"). Shared by the server (server/routes/api/feeds.ts) and
// the console's feed loader, feed checker and feed configurator.

export { feedStatus, feedType, type FeedStatus, type FeedType };

/** The feed types of spec §3. YML and OZON are full catalogs; DELTA a partial update. */
export const FEED_TYPES = feedType.options;

/** A region id: 'global' is the global region (spec §2). */
export const regionId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // The console's error map words it by i18nKey, the server with `en`.
  .refine((value) => /^[\p{L}\p{N}_.:-]+$/u.test(value), {
    params: {
      i18nKey: 'feeds.errors.regionId',
      en: 'A region id holds letters, digits, _ . : - only',
    },
  });
export const GLOBAL_REGION = 'global';

// ---------------------------------------------------------------------------------------------
// Feed URL resource: one URL per site, feed type and region (GET, POST, PUT, DELETE /feed-url).

export const feedUrl = z.object({
  id: z.number().int().positive(),
  feedType,
  regionId: z.string(),
  url: z.string(),
  updatedAt: z.string(),
});
export type FeedUrl = z.infer<typeof feedUrl>;

export const feedUrlInput = z.strictObject({
  feedType,
  regionId: regionId.default(GLOBAL_REGION),
  url: siteUrl,
});
export type FeedUrlInput = z.input<typeof feedUrlInput>;

/**
 * An update changes only the fields it names: no defaults here (a `.partial()` of the input would
 * keep `regionId`'s default and move a regional URL to the global region).
 */
export const feedUrlUpdate = z.strictObject({
  id: z.number().int().positive(),
  feedType: feedType.optional(),
  regionId: regionId.optional(),
  url: siteUrl.optional(),
});
export type FeedUrlUpdate = z.input<typeof feedUrlUpdate>;

// ---------------------------------------------------------------------------------------------
// Per-type settings. Defaults (spec §5: "Defaults stated in section 3 are applied when a field is
// empty") are the zod defaults below.

/** Feed update interval, hours (§5: integration 24, production 2 to 4 recommended). */
export const UPDATE_INTERVAL_HOURS = { min: 1, max: 168, default: 24, integration: 24 } as const;
/** Delta feed interval, minutes (§5: under 15 discouraged, under 10 needs operations). */
export const DELTA_INTERVAL_MINUTES = {
  min: 1,
  max: 1440,
  default: 60,
  discouragedBelow: 15,
  agreementBelow: 10,
} as const;

/** The hint for a delta interval (§5), for the console's form. */
export function deltaIntervalAdvice(minutes: number): 'ok' | 'discouraged' | 'needs-agreement' {
  if (minutes < DELTA_INTERVAL_MINUTES.agreementBelow) return 'needs-agreement';
  if (minutes < DELTA_INTERVAL_MINUTES.discouragedBelow) return 'discouraged';
  return 'ok';
}

const oneChar = z.string().min(1).max(1);

/**
 * The full-catalog feeds (YML and OZON): how often the feed job runs, and how long an offer the
 * feed no longer lists stays in the catalog (null: it goes at the next import).
 */
export const ymlFeedSettings = z.strictObject({
  /** Which full-catalog format the feed URL serves. */
  format: z.enum(['YML', 'OZON']).default('YML'),
  /** Run the feed job on a schedule every `updateIntervalHours`. */
  scheduled: z.boolean().default(false),
  updateIntervalHours: z
    .number()
    .int()
    .min(UPDATE_INTERVAL_HOURS.min)
    .max(UPDATE_INTERVAL_HOURS.max)
    .default(UPDATE_INTERVAL_HOURS.default),
  /**
   * Stale-product deletion time, hours: an offer missing from the feed is kept (as it was) until
   * it has been missing this long. null: removed at the next import.
   */
  staleProductDeletionHours: z.number().int().min(1).max(8760).nullable().default(null),
});
export type YmlFeedSettings = z.output<typeof ymlFeedSettings>;
export type YmlFeedSettingsInput = z.input<typeof ymlFeedSettings>;

/** Delta feed (spec §3): a CSV partially updating price, availability and attributes. */
export const deltaFeedSettings = z.strictObject({
  delimiter: oneChar.default(';'),
  externalIdColumn: z.string().trim().min(1).max(100).default('id'),
  priceColumn: z.string().trim().min(1).max(100).default('price'),
  availabilityColumn: z.string().trim().min(1).max(100).default('available'),
  /** The column naming the region a row applies to; empty cells are the global region. */
  regionExternalIdColumn: z.string().trim().max(100).default('regionId'),
  /** The availability cell meaning "available" (compared case-insensitively); anything else is not. */
  availabilityTrueFormat: z.string().trim().min(1).max(20).default('true'),
  /** Splits an attribute cell into several values. Other columns are attributes (param name = header). */
  attributeDelimiter: oneChar.default('|'),
  scheduled: z.boolean().default(false),
  updateIntervalMinutes: z
    .number()
    .int()
    .min(DELTA_INTERVAL_MINUTES.min)
    .max(DELTA_INTERVAL_MINUTES.max)
    .default(DELTA_INTERVAL_MINUTES.default),
});
export type DeltaFeedSettings = z.output<typeof deltaFeedSettings>;
export type DeltaFeedSettingsInput = z.input<typeof deltaFeedSettings>;

/** Facets feed (spec §3): a CSV of categoryId;attribute[;title] rows, the filters per category. */
export const facetsFeedSettings = z.strictObject({
  delimiter: oneChar.default(';'),
  escapeChar: oneChar.default('"'),
  quoteChar: oneChar.default('"'),
  encoding: z.enum(['UTF8', 'CP1251']).default('UTF8'),
});
export type FacetsFeedSettings = z.output<typeof facetsFeedSettings>;
export type FacetsFeedSettingsInput = z.input<typeof facetsFeedSettings>;

/** Content feed (spec §3): a URL of content pages (XML `<pages><page id url><title/><text/></page>`). */
export const contentFeedSettings = z.strictObject({
  url: siteUrl.nullable().default(null),
});
export type ContentFeedSettings = z.output<typeof contentFeedSettings>;
export type ContentFeedSettingsInput = z.input<typeof contentFeedSettings>;

/** A settings body plus, optionally, the global URL of that feed type (POST/PUT /config/save/*). */
export const saveYml = ymlFeedSettings.extend({ url: siteUrl.nullable().optional() });
export const saveDelta = deltaFeedSettings.extend({ url: siteUrl.nullable().optional() });
export const saveFacets = facetsFeedSettings.extend({ url: siteUrl.nullable().optional() });
export const saveContent = contentFeedSettings;

/** Everything the feed loader shows (GET /config/feed-loader/resources). */
export const feedLoaderResources = z.object({
  yml: ymlFeedSettings,
  delta: deltaFeedSettings,
  facets: facetsFeedSettings,
  content: contentFeedSettings,
  urls: z.array(feedUrl),
  status: z.array(feedStatus),
});
export type FeedLoaderResources = z.infer<typeof feedLoaderResources>;

/** The delta feed's part (GET /config/delta-feed/resources). */
export const deltaFeedResources = z.object({
  settings: deltaFeedSettings,
  urls: z.array(feedUrl),
  status: z.array(feedStatus),
});
export type DeltaFeedResources = z.infer<typeof deltaFeedResources>;

// ---------------------------------------------------------------------------------------------
// Feed rules, attributes, parsing config, imshop regions.

/** Which entity a feed rule names, and whether the import keeps only (INCLUDE) or drops (EXCLUDE) it. */
export const FEED_RULE_ENTITIES = ['CATEGORY', 'VENDOR', 'OFFER'] as const;
export const FEED_RULE_TYPES = ['INCLUDE', 'EXCLUDE'] as const;

/**
 * Feed rule (spec §3: ruleId, entityId, entityName, type). CATEGORY covers the category's
 * subtree; VENDOR compares the vendor case-insensitively; OFFER the offer id or its group_id.
 * When a site has INCLUDE rules, an offer must match one of them; an EXCLUDE match always drops it.
 */
export const feedRule = z.object({
  ruleId: z.number().int().positive(),
  entityId: z.string(),
  entityName: z.enum(FEED_RULE_ENTITIES),
  type: z.enum(FEED_RULE_TYPES),
});
export type FeedRule = z.infer<typeof feedRule>;

export const feedRuleInput = z.strictObject({
  /** Given: update that rule; absent: create one. */
  ruleId: z.number().int().positive().optional(),
  entityId: z.string().trim().min(1).max(200),
  entityName: z.enum(FEED_RULE_ENTITIES),
  type: z.enum(FEED_RULE_TYPES),
});
export type FeedRuleInput = z.input<typeof feedRuleInput>;

/**
 * Feed attribute (spec §3: id): the name of a `<param>` the import keeps. A site without feed
 * attributes keeps every param; with some, only those.
 */
export const feedAttribute = z.object({ id: z.string() });
export type FeedAttribute = z.infer<typeof feedAttribute>;
export const feedAttributeName = z.string().trim().min(1).max(200);

/** The YML elements a tag may be mapped to (or `param:<name>`: the tag's text becomes that param). */
export const YML_TAGS = [
  'yml_catalog',
  'shop',
  'categories',
  'category',
  'offers',
  'offer',
  'name',
  'price',
  'oldprice',
  'currencyId',
  'categoryId',
  'picture',
  'url',
  'vendor',
  'vendorCode',
  'description',
  'param',
  'model',
  'typePrefix',
  'popularity',
] as const;

export const tagMapping = z.strictObject({
  /** The feed's own element name. */
  tag: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((value) => /^[\p{L}_][\p{L}\p{N}_.:-]*$/u.test(value), {
      params: { i18nKey: 'feeds.errors.xmlName', en: 'Not an XML element name' },
    }),
  /** A YML element (YML_TAGS) or `param:<name>`. */
  mapTo: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(
      (value) => (YML_TAGS as readonly string[]).includes(value) || /^param:.+$/.test(value),
      { params: { i18nKey: 'feeds.errors.mapTo', en: 'Map to a YML element or to param:<name>' } },
    ),
});
export type TagMapping = z.infer<typeof tagMapping>;

/** Feed parsing config (spec §3: id; tags): tag mappings for a non-standard YML feed. */
export const feedParsingConfig = z.object({
  id: z.number().int().positive(),
  tags: z.array(tagMapping),
});
export type FeedParsingConfig = z.infer<typeof feedParsingConfig>;

export const feedParsingConfigInput = z.strictObject({
  /** Given: replace that config; absent: create one. */
  id: z.number().int().positive().optional(),
  tags: z.array(tagMapping).min(1).max(200),
});
export type FeedParsingConfigInput = z.input<typeof feedParsingConfigInput>;

/** An imshop (mobile app) region: the regions the site's app offers, in order. */
export const imshopRegion = z.strictObject({
  regionId,
  name: z.string().trim().min(1).max(200),
});
export type ImshopRegion = z.infer<typeof imshopRegion>;
export const imshopRegions = z.array(imshopRegion).max(1000);

// ---------------------------------------------------------------------------------------------
// Jobs and reports.

/** Job kinds of the feeds (server/feeds/): YML/OZON load, delta, facets, content, check. */
export const FEED_JOB_KINDS = {
  load: 'feed-update',
  delta: 'delta-feed',
  facets: 'facets-feed',
  content: 'content-feed',
  check: 'feed-check',
} as const;
export type FeedJobKind = (typeof FEED_JOB_KINDS)[keyof typeof FEED_JOB_KINDS];

/** A bad row or offer of a feed: its line in the file and why. */
export const feedProblem = z.object({
  line: z.number().int().min(0),
  reason: z.string(),
  /** The offer or row id when it has one. */
  id: z.string().nullable().optional(),
  /** The problem's stable code (the console's `feeds.problems.<code>`); absent in older reports. */
  code: z.string().optional(),
  /** The values the reason is built from, by name (the translation's interpolation). */
  params: z.record(z.string(), z.string()).optional(),
});
export type FeedProblem = z.infer<typeof feedProblem>;

/** The ops messages of spec §5, quoted exactly. */
export const OPS_WARNINGS = [
  'exceeded max attribute value count',
  'max offers count exceeded',
] as const;
export const opsWarning = z.object({
  message: z.enum(OPS_WARNINGS),
  /** The limit (FEED_MAX_ATTRIBUTE_VALUES, FEED_MAX_OFFERS). */
  limit: z.number().int(),
  /** What the feed holds (offers, or the attribute's distinct values). */
  actual: z.number().int(),
  /** The attribute, for 'exceeded max attribute value count'. */
  attribute: z.string().optional(),
});
export type OpsWarning = z.infer<typeof opsWarning>;

/** The feed checker's dry run (the feed-check job's result): nothing is changed. */
export const feedCheckReport = z.object({
  feedType,
  regionId: z.string(),
  url: z.string(),
  ok: z.boolean(),
  /** Why the whole feed is refused (broken XML, encoding …), when it is. */
  fatal: z.string().nullable(),
  offers: z.number().int(),
  products: z.number().int(),
  categories: z.number().int(),
  skipped: z.number().int(),
  /** Offers taken with a change (each listed in the problems); absent in reports made before it was counted. */
  changed: z.number().int().optional(),
  /** Offers of the live catalog the feed would remove. */
  removed: z.number().int(),
  /** Offers of the live catalog. */
  previous: z.number().int(),
  /** True when an import would be held by the deletion guard (more than half removed). */
  wouldHold: z.boolean(),
  problems: z.array(feedProblem),
  problemCount: z.number().int(),
  warnings: z.array(opsWarning),
  bytes: z.number().int(),
  encoding: z.string(),
});
export type FeedCheckReport = z.infer<typeof feedCheckReport>;

/** The result of a feed job (YML, OZON, delta, facets, content). */
export const feedJobResult = z.object({
  feedType,
  regionId: z.string(),
  applied: z.boolean(),
  held: z.boolean(),
  /** Rows applied (delta, facets, content). */
  rows: z.number().int().optional(),
  offers: z.number().int().optional(),
  products: z.number().int().optional(),
  skipped: z.number().int(),
  problems: z.array(feedProblem),
  problemCount: z.number().int(),
  bytes: z.number().int(),
  seconds: z.number(),
});
export type FeedJobResult = z.infer<typeof feedJobResult>;
