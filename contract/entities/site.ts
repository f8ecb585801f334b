import * as z from 'zod';

/** A URL is valid only if it starts with http or https followed by :// (spec §5). */
export const siteUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/\S+$/.test(value), {
    // The console's error map reads i18nKey; the server answers with `en`.
    params: { i18nKey: 'errors.validation.url', en: 'URL must start with http:// or https://' },
  });

/** No control characters (line breaks, tabs, NUL…): a vertical's name is one printable line. */
export const verticalName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => !/\p{Cc}/u.test(value), {
    params: {
      i18nKey: 'errors.validation.controlCharacters',
      en: 'Control characters (line breaks, tabs) are not allowed',
    },
  });

export const site = z.object({
  siteId: z.number().int().positive(),
  apiKey: z.string(),
  siteName: z.string(),
  siteUrl: z.string(),
  enabled: z.boolean(),
  /** Segments the site belongs to, as a list. */
  verticals: z.array(z.string()),
  /** The same segments as the spec's comma-separated `segment` (spec §3 Site): `verticals` joined by ','. */
  segment: z.string(),
  /** IANA time zone in which the site's reporting days are counted. */
  timeZone: z.string(),
  /** Where the feed-update job downloads the site's YML feed from. */
  feedUrl: z.string().nullable(),
  /** Optimistic-concurrency version, bumped on every update. */
  version: z.number().int(),
  /** The demo page with the preview loader, an unguessable path (`GET /site/:id` only). */
  previewPage: z.string().optional(),
});
export type Site = z.infer<typeof site>;

const siteFields = {
  siteName: z.string().trim().min(1).max(200),
  siteUrl,
  verticals: z.array(verticalName).max(50),
  timeZone: z.string().trim().min(1).max(64),
  feedUrl: siteUrl.nullable(),
};

export const siteInput = z.strictObject({
  ...siteFields,
  verticals: siteFields.verticals.default([]),
  timeZone: siteFields.timeZone.default('Europe/Moscow'),
  feedUrl: siteFields.feedUrl.default(null),
});
export type SiteInput = z.input<typeof siteInput>;

export const siteUpdate = z.strictObject(siteFields).partial().extend({
  /** When given, the update is refused with 409 if the site changed since this version. */
  version: z.number().int().optional(),
});
export type SiteUpdate = z.input<typeof siteUpdate>;

export const siteEnable = z.strictObject({ enabled: z.boolean() });

export const vertical = z.object({ name: z.string(), siteCount: z.number().int() });
export type Vertical = z.infer<typeof vertical>;

export const feedType = z.enum(['YML', 'OZON', 'DELTA', 'FACETS', 'CONTENT']);
export type FeedType = z.infer<typeof feedType>;

/** Feed status entry (spec §3): regionId 'global' is the global feed. */
export const feedStatus = z.object({
  regionId: z.string(),
  feedType,
  lastUpload: z.string().nullable(),
  offers: z.number().int().nullable(),
});
export type FeedStatus = z.infer<typeof feedStatus>;
