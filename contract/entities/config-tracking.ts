/** Tracking and MVT configs (spec §3). */
import * as z from 'zod';
import { cssSelector, script, PAGE_TYPES, TRIGGER_TYPES, MVT_ACTIONS } from './config-fields.ts';

export const trackingRule = z.object({
  name: z.string().trim().min(1).max(100),
  pageType: z.enum(PAGE_TYPES),
  trigger: z.enum(TRIGGER_TYPES),
  /** The element clicked (CLICK) or shown (CONDITIONAL_VIEW). */
  selector: cssSelector.default(''),
  /** JavaScript predicate for CONDITIONAL_VIEW. */
  condition: script.default(''),
  enabled: z.boolean().default(true),
});

/**
 * Spec part 1 §5: "URL pattern rule: matches any non-letter character". A page type's URL pattern
 * must hold at least one character that is not a letter (a slash, a dot, a digit…): a pattern of
 * letters alone (`product`) also matches the shop's host name or any word of a query string.
 */
export const URL_PATTERN_RULE = /[^\p{L}]/u;
export const isUrlPattern = (value: string) => URL_PATTERN_RULE.test(value);

/** A URL pattern as the console and the save call take it: required, and by the rule above. */
export const urlPattern = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((value) => value === '' || isUrlPattern(value), {
    params: {
      i18nKey: 'errors.validation.urlPattern',
      en: 'A URL pattern needs a character that is not a letter, such as / or .',
    },
  });

const trackingFields = {
  rules: z.array(trackingRule).max(200).default([]),
  /** Spec §9: 30 minutes. */
  sessionCookieMinutes: z.number().int().min(1).max(1440).default(30),
  /** Spec §9: 30 days. */
  userCookieDays: z.number().int().min(1).max(3650).default(30),
};

/**
 * The tracking config as stored and read back: a version saved before the URL pattern rule still
 * opens (its form then marks the pattern to fix).
 */
export const trackingConfig = z.object({
  enabled: z.boolean().default(false),
  /** Which page type a URL is: a URL pattern per page type. */
  pageTypes: z
    .array(z.object({ pageType: z.enum(PAGE_TYPES), urlPattern: z.string().max(1000) }))
    .max(50)
    .default([]),
  ...trackingFields,
});
export type TrackingConfig = z.infer<typeof trackingConfig>;

/** The tracking config a save takes and the console's form checks: URL patterns by the rule. */
export const trackingConfigInput = z.object({
  enabled: z.boolean().default(false),
  pageTypes: z
    .array(z.object({ pageType: z.enum(PAGE_TYPES), urlPattern }))
    .max(50)
    .default([]),
  ...trackingFields,
});

export const mvtEntry = z.object({
  name: z.string().trim().min(1).max(100),
  enabled: z.boolean().default(false),
  action: z.enum(MVT_ACTIONS).default('NONE'),
  /** Share of visitors in the group, %. */
  share: z.number().min(0).max(100).default(50),
  /** For RUN_CUSTOM_SCRIPT. */
  script: script.default(''),
});
export type MvtEntry = z.infer<typeof mvtEntry>;

/** The share of visitors the enabled groups take together, %. */
export const mvtTotalShare = (entries: readonly { enabled?: boolean; share?: unknown }[]) =>
  entries
    .filter((entry) => entry.enabled)
    .reduce((sum, entry) => sum + (Number(entry.share) || 0), 0);

/**
 * Spec part 1 §3: the MVT config is a list of entries. Enabled groups split the visitors, so
 * their shares add up to at most 100 % (60 % + 60 % is refused by the server and the form).
 */
export const mvtConfig = z
  .array(mvtEntry)
  .max(50)
  .superRefine((entries, ctx) => {
    const total = mvtTotalShare(entries);
    if (total > 100) {
      ctx.addIssue({
        code: 'custom',
        input: entries,
        params: {
          i18nKey: 'errors.validation.mvtTotal',
          en: `Enabled groups take ${total} % of visitors; at most 100 %`,
          total,
        },
      });
    }
  });
export type MvtConfig = z.infer<typeof mvtConfig>;

/** Configs stored before the list shape were `{entries: [...]}` (the defaults `{}`): read them as their list. */
export function migrateMvtConfig(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    return (data as { entries?: unknown }).entries ?? [];
  }
  return data ?? [];
}
