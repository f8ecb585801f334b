/**
 * Search configuration of a site (spec part 2 §2 "Search configuration pages", §3
 * "Query lists", §5, §7 "Autocomplete and search configuration" and "Custom sorting").
 *
 * Each setting is one key of `/autocomplete/{key}` (GET, POST replaces, DELETE resets). The INDEX
 * keys shape the search documents and the products' grouping: they reach the storefront when the
 * feed generation job rebuilds the index. The others shape the answers and apply at once.
 */
import * as z from 'zod';

/** An attribute of the catalog: a built-in field or a feed param's name. */
export const BUILTIN_ATTRIBUTES = [
  'name',
  'vendor',
  'vendorCode',
  'category',
  'description',
  /** Every param's value (the default search document's lowest weight). */
  'params',
] as const;
export const attributeName = z.string().trim().min(1).max(100);
/** A refinement's words: the console's error map says them by i18nKey, the server with `en`. */
const says = (key: string, en: string) => ({
  params: { i18nKey: `searchConfig.errors.${key}`, en },
});

const attributeList = z
  .array(attributeName)
  .max(50)
  .refine(
    (list) => new Set(list).size === list.length,
    says('duplicateAttribute', 'duplicate attribute'),
  );

/** Searchable attribute weight: 1 (least) to 100 (most). */
export const WEIGHT_RANGE = { min: 1, max: 100 } as const;
export const searchAttributes = z.strictObject({
  attributes: z
    .array(
      z.strictObject({
        name: attributeName,
        weight: z.number().int().min(WEIGHT_RANGE.min).max(WEIGHT_RANGE.max),
      }),
    )
    .min(1)
    .max(50)
    .refine(
      (list) => new Set(list.map((a) => a.name)).size === list.length,
      says('duplicateAttribute', 'duplicate attribute'),
    ),
});
export type SearchAttributes = z.infer<typeof searchAttributes>;

export const attributeSet = z.strictObject({ attributes: attributeList });
export type AttributeSet = z.infer<typeof attributeSet>;

export const SKU_TYPES = ['EXTERNAL_ID', 'ATTRIBUTE'] as const;
export const skuConfig = z
  .strictObject({ type: z.enum(SKU_TYPES), attribute: attributeName.nullable() })
  .refine((value) => value.type === 'EXTERNAL_ID' || value.attribute !== null, {
    ...says('skuAttribute', 'ATTRIBUTE needs an attribute'),
    path: ['attribute'],
  });
export type SkuConfig = z.infer<typeof skuConfig>;

export const REPRESENTATIVE_STRATEGIES = ['CHEAPEST_AVAILABLE', 'MOST_POPULAR', 'FIRST'] as const;
export const skuRepresentativeConfig = z.strictObject({
  strategy: z.enum(REPRESENTATIVE_STRATEGIES),
});
export type SkuRepresentativeConfig = z.infer<typeof skuRepresentativeConfig>;

/** §5 ranges, enforced by the console's form and the server alike. */
export const THRESHOLD_RANGES = {
  vectors: { min: 0, max: 2 },
  zeroQueries: { min: 0, max: 1 },
  ranking: { min: -9.99, max: 9.99 },
  classifier: { min: -9.99, max: 9.99 },
} as const;
export const CONTENT_QUANTITY = { min: 1, max: 50 } as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const threshold = (range: { min: number; max: number }) =>
  z
    .number()
    .min(range.min)
    .max(range.max)
    .refine(twoDecimals, says('twoDecimals', 'two decimals at most'));

/** API parameter defaults (/site/api-config): what a public call gets when it does not say. */
export const apiParams = z.strictObject({
  size: z.number().int().min(1).max(200),
  showUnavailable: z.boolean(),
  unavailableMultiplier: z.number().min(0).max(1),
  withCorrection: z.boolean(),
  useCategoryPrediction: z.boolean(),
  treeFacets: z.boolean(),
  withSku: z.boolean(),
  /** Autocomplete content quantity: suggestions, categories and brands each (§5: 1 to 50). */
  autocompleteContentQuantity: z.number().int().min(CONTENT_QUANTITY.min).max(CONTENT_QUANTITY.max),
  thresholds: z.strictObject({
    vectors: threshold(THRESHOLD_RANGES.vectors),
    zeroQueries: threshold(THRESHOLD_RANGES.zeroQueries),
    ranking: threshold(THRESHOLD_RANGES.ranking),
    classifier: threshold(THRESHOLD_RANGES.classifier),
  }),
});
export type ApiParams = z.infer<typeof apiParams>;

/** The settings, by the key of their `/autocomplete/{key}` path. */
export const SETTING_SCHEMAS = {
  attributes: searchAttributes,
  regionalAttributes: attributeSet,
  responseAttributes: attributeSet,
  skuAttributes: attributeSet,
  lowercaseAttributes: attributeSet,
  groupRepresentativeAttributes: attributeSet,
  sku: skuConfig,
  skuRepresentativeConfig,
  'api-params': apiParams,
} as const;
export type SettingKey = keyof typeof SETTING_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
export type SearchSettings = { [K in SettingKey]: SettingValue<K> };

/** The keys that shape the index: they reach the storefront through the feed generation job. */
export const INDEX_KEYS = [
  'attributes',
  'lowercaseAttributes',
  'sku',
  'skuRepresentativeConfig',
] as const satisfies readonly SettingKey[];
export type IndexKey = (typeof INDEX_KEYS)[number];
export type IndexSettings = { [K in IndexKey]: SettingValue<K> };

/** What a site has before anyone sets anything: today's fixed behaviour. */
export const SETTING_DEFAULTS: SearchSettings = {
  attributes: {
    attributes: [
      { name: 'name', weight: 100 },
      { name: 'vendor', weight: 40 },
      { name: 'category', weight: 20 },
      { name: 'params', weight: 10 },
    ],
  },
  regionalAttributes: { attributes: [] },
  responseAttributes: { attributes: [] },
  skuAttributes: { attributes: [] },
  lowercaseAttributes: { attributes: [] },
  groupRepresentativeAttributes: { attributes: [] },
  sku: { type: 'EXTERNAL_ID', attribute: null },
  skuRepresentativeConfig: { strategy: 'CHEAPEST_AVAILABLE' },
  'api-params': {
    size: 20,
    showUnavailable: true,
    unavailableMultiplier: 0.2,
    withCorrection: true,
    useCategoryPrediction: false,
    treeFacets: false,
    withSku: false,
    autocompleteContentQuantity: 6,
    // vectors 0.4: a fuzzy name match needs a word similarity of 0.6 (pg_trgm's default);
    // zero-queries 0: no fallback; ranking −9.99: nothing dropped; classifier 0: any share.
    thresholds: { vectors: 0.4, zeroQueries: 0, ranking: -9.99, classifier: 0 },
  },
};

export const setting = z.object({
  key: z.string(),
  value: z.unknown(),
  /** False while the site uses the default. */
  custom: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** For an index key: whether the live index was built with this value. */
  live: z.boolean().nullable(),
});
export type Setting = z.infer<typeof setting>;

/** A job of this issue, as its status call answers it. */
export const searchJobStatus = z.object({
  job: z
    .object({
      id: z.string(),
      state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
      progress: z.number().int(),
      result: z.unknown().nullable(),
      error: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** The recurring schedule (autocomplete job only). */
  schedule: z
    .object({ cron: z.string(), timeZone: z.string(), enabled: z.boolean() })
    .nullable()
    .optional(),
  /** Whether the index settings differ from what the live index was built with (generation job). */
  pending: z.boolean().optional(),
  builtAt: z.string().nullable().optional(),
});
export type SearchJobStatus = z.infer<typeof searchJobStatus>;

export const jobScheduleInput = z.strictObject({
  cron: z.string().trim().min(9).max(100),
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
  enabled: z.boolean().default(true),
});

// Facet attributes.
export const FACET_DATA_TYPES = [
  'DISTINCT',
  'NUM_DISTINCT',
  'RANGES',
  'BOOLEAN',
  'SLIDER',
] as const;
export const BOOLEAN_VIEWS = ['DEFAULT', 'TRUE_ONLY', 'FALSE_ONLY'] as const;
export const FACET_MODES = ['APPLY', 'DISABLE'] as const;
export const FACET_SORTS = ['ASC', 'DESC', 'POPULARITY'] as const;

export const facetAttribute = z.object({
  categoryId: z.string(),
  attribute: z.string(),
  state: z.enum(['SUGGESTED', ...FACET_MODES]),
  dataType: z.enum(FACET_DATA_TYPES),
  booleanView: z.enum(BOOLEAN_VIEWS),
  sort: z.enum(FACET_SORTS),
  position: z.number().int(),
  products: z.number().int(),
  coverage: z.number(),
  parentCoverage: z.number().nullable(),
  distinctValues: z.number().int(),
  score: z.number(),
  topValues: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type FacetAttribute = z.infer<typeof facetAttribute>;

export const facetDecision = z.strictObject({
  categoryId: z.string().trim().min(1).max(100),
  attribute: attributeName,
  mode: z.enum(FACET_MODES),
  dataType: z.enum(FACET_DATA_TYPES).default('DISTINCT'),
  booleanView: z.enum(BOOLEAN_VIEWS).default('DEFAULT'),
  sort: z.enum(FACET_SORTS).default('POPULARITY'),
  position: z.number().int().min(0).max(1000).default(0),
});
export type FacetDecision = z.infer<typeof facetDecision>;

export const facetCounts = z.array(
  z.object({
    categoryId: z.string(),
    suggested: z.number().int(),
    applied: z.number().int(),
    disabled: z.number().int(),
  }),
);

/** A child category of the facet screen's tree, with its facet attribute counts. */
export const facetChild = z.object({
  categoryId: z.string(),
  name: z.string(),
  hasChildren: z.boolean(),
  /** Products of the category's subtree in the live catalog. */
  products: z.number().int(),
  suggested: z.number().int(),
  applied: z.number().int(),
  disabled: z.number().int(),
});
export type FacetChild = z.infer<typeof facetChild>;

/**
 * One attribute of a category beside its parent's (the "diff attributes" of §7): the states and
 * coverages on both sides, and what differs.
 */
export const facetDiff = z.object({
  attribute: z.string(),
  state: z.enum(['SUGGESTED', ...FACET_MODES]).nullable(),
  parentState: z.enum(['SUGGESTED', ...FACET_MODES]).nullable(),
  coverage: z.number().nullable(),
  parentCoverage: z.number().nullable(),
  /** ONLY_HERE: the parent has no such attribute; ONLY_PARENT: the category lacks it;
   * STATE: both have it in different states; COVERAGE: coverage differs by 0.1 or more. */
  change: z.enum(['ONLY_HERE', 'ONLY_PARENT', 'STATE', 'COVERAGE']),
});
export type FacetDiff = z.infer<typeof facetDiff>;

// Custom sorting.
/** Regions × sorted attributes of one site (§5, §9). */
export const MAX_SORT_COMBINATIONS = 250;
export const customSortAttribute = z.strictObject({
  attribute: attributeName,
  title: z.string().trim().min(1).max(100),
  direction: z.enum(['ASC', 'DESC']),
});
export const customSortConfig = z
  .strictObject({
    attributes: z
      .array(customSortAttribute)
      .max(MAX_SORT_COMBINATIONS)
      .refine(
        (list) => new Set(list.map((a) => `${a.attribute}:${a.direction}`)).size === list.length,
        says('duplicateSort', 'duplicate sort'),
      ),
    /** The regions sorted separately ('global' is the global region); empty: global only. */
    regions: z.array(z.string().trim().min(1).max(64)).max(MAX_SORT_COMBINATIONS),
  })
  .refine((value) => sortCombinations(value) <= MAX_SORT_COMBINATIONS, {
    params: {
      i18nKey: 'searchConfig.errors.sortCombinations',
      en: `regions × sorted attributes must not exceed ${MAX_SORT_COMBINATIONS}`,
      max: MAX_SORT_COMBINATIONS,
    },
    path: ['attributes'],
  });
export type CustomSortConfig = z.infer<typeof customSortConfig>;
export function sortCombinations(value: { attributes: unknown[]; regions: unknown[] }): number {
  return value.attributes.length * Math.max(1, value.regions.length);
}
export const SORT_KINDS = ['plain', 'imshop'] as const;
export type SortKind = (typeof SORT_KINDS)[number];
