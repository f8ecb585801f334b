import * as z from 'zod';
import { parseJsonText, problemAt, type JsonTextProblem } from '../json-text.ts';
import { DOLYAME_FIELDS } from '../public/dolyame.ts';

/**
 * The Dolyame instalment integration (spec part 2 §3 "Instalment app config", "Instalment widget
 * config", "Alternative attribute"; §5: JSON text must parse, defaults apply when a field is empty).
 */

/** Fixed values and defaults of spec part 2 §3 and §9. */
export const DOLYAME_APP_DEFAULTS = {
  cashback: 25,
  source: 'dolyameapp',
  defaultRegionId: 'global',
  strategy: 'simple,zero_queries',
  cashbackMaxValue: 30000,
  useCategoryPrediction: false,
} as const;

const line = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .refine((value) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value), {
      params: {
        i18nKey: 'errors.validation.controlCharacters',
        en: 'Control characters are not allowed',
      },
    });

/** An optional text field of the form: empty (or only spaces) means "use the default". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .pipe(line(max))
    .nullish()
    .transform((value) => (value ? value : null));

/** What the console sends to save the app config; empty fields take §3's defaults. */
export const dolyameAppInput = z.strictObject({
  data: optionalText(10_000),
  title: optionalText(200),
  metaTitle: optionalText(200),
  domain: optionalText(2048).refine((value) => value === null || /^https?:\/\/\S+$/.test(value), {
    params: { i18nKey: 'errors.validation.url', en: 'URL must start with http:// or https://' },
  }),
  defaultRegionId: optionalText(100),
  strategy: optionalText(200),
  primaryColor: optionalText(32).refine(
    (value) => value === null || /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value),
    { params: { i18nKey: 'dolyame.errors.color', en: 'A colour is written #rgb or #rrggbb' } },
  ),
  digiPreview: optionalText(2048),
  defaultCategoryLevel: z.number().int().min(0).max(20).nullish(),
  cashbackMaxValue: z.number().int().min(0).max(100_000_000).nullish(),
  regionId: optionalText(100),
  description: optionalText(5000),
  /** JSON object text (spec §3); empty: {}. */
  dolyameRegionIdsMap: z.string().max(100_000).nullish(),
  useCategoryPrediction: z.boolean().nullish(),
});
export type DolyameAppInput = z.input<typeof dolyameAppInput>;

/** The app config with every default applied: what the console shows and the public read answers. */
export const dolyameAppConfig = z.object({
  data: z.string(),
  title: z.string(),
  metaTitle: z.string(),
  /** The site's apiKey (spec: apiKey {key}). */
  apiKey: z.string(),
  domain: z.string(),
  cashback: z.literal(DOLYAME_APP_DEFAULTS.cashback),
  source: z.literal(DOLYAME_APP_DEFAULTS.source),
  defaultRegionId: z.string(),
  strategy: z.string(),
  primaryColor: z.string().nullable(),
  digiPreview: z.string().nullable(),
  defaultCategoryLevel: z.number().int().nullable(),
  cashbackMaxValue: z.number().int(),
  regionId: z.string().nullable(),
  description: z.string(),
  /** The region map as the operator wrote it (JSON text of an object). */
  dolyameRegionIdsMap: z.string(),
  useCategoryPrediction: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DolyameAppConfig = z.infer<typeof dolyameAppConfig>;

/** Each Dolyame field → the feed attribute the site maps to it (absent: not mapped). */
export const dolyameAttributeMap = z.partialRecord(z.enum(DOLYAME_FIELDS), z.string());

/**
 * The public read (`/public/config/site/dolyame/app`): the map as an object, no audit fields, and
 * the alternative attributes by field, named as a search answer's product `attributes` name them
 * (lower case), so the app reads a product's instalment price and eligibility from its results.
 */
export const publicDolyameApp = dolyameAppConfig
  .omit({ dolyameRegionIdsMap: true, updatedAt: true, updatedBy: true })
  .extend({
    dolyameRegionIdsMap: z.record(z.string(), z.string()),
    alternativeAttributes: dolyameAttributeMap,
  });
export type PublicDolyameApp = z.infer<typeof publicDolyameApp>;

/** The region map: an object of region id → Dolyame region id (both text). */
export const dolyameRegionMap = z.record(z.string().min(1).max(100), z.string().max(100));

/**
 * Where the button or logo goes relative to the element a selector finds (the positions of
 * insertAdjacentElement): 1 before it, 2 first inside it, 3 last inside it, 4 after it.
 */
export const INSERT_MODES = {
  1: 'beforebegin',
  2: 'afterbegin',
  3: 'beforeend',
  4: 'afterend',
} as const;
export type InsertMode = keyof typeof INSERT_MODES;

const selector = z.string().trim().max(500).pipe(line(500));
const insertMode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Every key of the widget config JSON (spec §3), each with its default when left out. */
export const dolyameWidgetSettings = z
  .strictObject({
    isSPA: z.boolean().default(false),
    productPagePathnamePart: selector.default(''),
    productInsertDesktopSelector: selector.default(''),
    productInsertMobileSelector: selector.default(''),
    productPriceSelector: selector.default(''),
    buttonInsertMode: insertMode.default(4),
    /** 1: the button with the payment line; 2: a compact line with the logo. */
    productButtonType: z.union([z.literal(1), z.literal(2)]).default(1),
    checkoutPagePathNamePart: selector.default(''),
    checkoutInputParentSelector: selector.default(''),
    checkoutInputTitleSelector: selector.default(''),
    checkoutPriceSelector: selector.default(''),
    enableCheckoutLogo: z.boolean().default(false),
    checkoutMobileLogoAdvanced: z.boolean().default(false),
    /** 1: the logo with the word; 2: the logo alone. */
    checkoutLogoType: z.union([z.literal(1), z.literal(2)]).default(1),
    logoInsertMode: insertMode.default(2),
    enableCheckoutScheme: z.boolean().default(false),
    schemeInsertMode: insertMode.default(2),
    productMaxPrice: z.number().min(0).max(100_000_000).default(30000),
    productMinPrice: z.number().min(0).max(100_000_000).default(1),
    parentSelector: selector.default(''),
    elementSelector: selector.default(''),
    textSelector: selector.default(''),
    checkedSelector: selector.default('input:checked'),
    buttonSelector: selector.default(''),
    listingCardDesktopSelector: selector.default(''),
    listingCardMobileSelector: selector.default(''),
    listingInsertDesktopSelector: selector.default(''),
    listingInsertMobileSelector: selector.default(''),
    listingPriceDesktopSelector: selector.default(''),
    listingPriceMobileSelector: selector.default(''),
    listingPagePathnameParts: z.array(selector).max(50).default([]),
  })
  .refine((value) => value.productMinPrice <= value.productMaxPrice, {
    path: ['productMinPrice'],
    params: {
      i18nKey: 'dolyame.errors.priceRange',
      en: 'productMinPrice must not be above productMaxPrice',
    },
  });
export type DolyameWidgetSettings = z.output<typeof dolyameWidgetSettings>;

/** The widget config text the console starts from: every key with its default. */
export const DOLYAME_WIDGET_DEFAULT_TEXT = `${JSON.stringify(dolyameWidgetSettings.parse({}), null, 2)}\n`;

/**
 * Checks widget config text: it must parse (spec §5) and hold only the keys of §3 with the right
 * types. Empty text means every default. Problems carry their line and column.
 */
export function checkDolyameWidgetText(
  text: string,
): { ok: true; settings: DolyameWidgetSettings } | { ok: false; problem: JsonTextProblem } {
  if (text.trim() === '') return { ok: true, settings: dolyameWidgetSettings.parse({}) };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return { ok: false, problem: problemAt(text, parsed.positions, [], 'Expected a JSON object') };
  }
  const checked = dolyameWidgetSettings.safeParse(parsed.value);
  if (checked.success) return { ok: true, settings: checked.data };
  const issue = checked.error.issues[0]!;
  const path =
    issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const message =
    issue.code === 'unrecognized_keys' ? `Unknown key "${issue.keys.join('", "')}"` : issue.message;
  return { ok: false, problem: problemAt(text, parsed.positions, path, message) };
}

/** Checks the region map text: a JSON object of text values; empty means {}. */
export function checkRegionMapText(
  text: string,
): { ok: true; map: Record<string, string> } | { ok: false; problem: JsonTextProblem } {
  if (text.trim() === '') return { ok: true, map: {} };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const checked = dolyameRegionMap.safeParse(parsed.value);
  if (checked.success) return { ok: true, map: checked.data };
  const issue = checked.error.issues[0]!;
  const message = issue.path.length === 0 ? 'Expected a JSON object of region ids' : issue.message;
  return { ok: false, problem: problemAt(text, parsed.positions, issue.path, message) };
}

export const dolyameWidgetInput = z.strictObject({
  /** Whether the site's storefront loads the Dolyame widget at all. */
  enabled: z.boolean(),
  /** The widget config as JSON text (spec §3: edited as JSON text). */
  config: z.string().max(100_000),
});

export const dolyameWidgetConfig = z.object({
  enabled: z.boolean(),
  config: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DolyameWidgetConfig = z.infer<typeof dolyameWidgetConfig>;

/**
 * The public read (`/public/config/site/dolyame/widget`): the settings with every default, the
 * alternative attributes by field (as the feed names them), and with `productId` each asked
 * product's facts (contract/public/dolyame.ts), null for an id the live catalog does not have.
 */
export const publicDolyameWidget = z.object({
  enabled: z.boolean(),
  settings: z.custom<DolyameWidgetSettings>(),
  attributes: dolyameAttributeMap,
  products: z
    .record(
      z.string(),
      z.object({ price: z.number().nullable(), eligible: z.boolean().nullable() }).nullable(),
    )
    .optional(),
});
export type PublicDolyameWidget = z.infer<typeof publicDolyameWidget>;

/**
 * A feed attribute standing for one of Dolyame's fields (spec §3 "Alternative attribute": id,
 * siteId): the widget and the app read the field's value from it. One attribute per field and
 * site, and one field per attribute.
 */
export const alternativeAttributeInput = z.strictObject({
  /** The feed attribute (param name, as the feed writes it; matched ignoring case). */
  attribute: z.string().trim().min(1).max(200).pipe(line(200)),
  /** The Dolyame field it stands for (contract/public/dolyame.ts DOLYAME_FIELDS). */
  alternative: z.enum(DOLYAME_FIELDS),
});
export const alternativeAttribute = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  attribute: z.string(),
  alternative: z.enum(DOLYAME_FIELDS),
});
export type AlternativeAttribute = z.infer<typeof alternativeAttribute>;
