/**
 * The global config (/site/global-config, ROLE_CONFIG_GLOBAL_CONFIG): the site's
 * storefront-wide settings, one per site, versioned and promoted like the other single configs
 * (integration and production copies, preview, generate) and compiled into the bundle's boot
 * config; the storefront runtime applies each (storefront/entries/boot-core.ts).
 */
import * as z from 'zod';

export const PRICE_CURRENCY_DISPLAYS = ['symbol', 'code', 'none'] as const;
export const REGION_DETECTIONS = ['none', 'cookie', 'query', 'fixed'] as const;
export const CONSENT_MODES = ['none', 'opt-in', 'opt-out'] as const;

/** A refinement's words: the console's error map says them by i18nKey, the server with `en`. */
const says = (key: string, en: string) => ({
  params: { i18nKey: `globalConfig.errors.${key}`, en },
});

const cookieName = z
  .string()
  .trim()
  .refine(
    (value) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(value),
    says('cookieName', "a cookie name: letters, digits and !#$%&'*+.^_`|~-"),
  );

export const globalConfig = z.object({
  /** ISO 4217 code of the shop's prices (the feed's currencyId when the product has none). */
  currency: z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Z]{3}$/.test(value),
      says('currency', 'a three-letter ISO 4217 code (RUB, USD …)'),
    )
    .default('RUB'),
  /** BCP 47 locale of numbers and prices on the storefront. */
  locale: z
    .string()
    .trim()
    .refine(
      (value) => /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2}|-\d{3})?$/.test(value),
      says('locale', 'a locale like ru-RU or en-US'),
    )
    .default('ru-RU'),
  /** Digits after the decimal point of prices. */
  priceDecimals: z.number().int().min(0).max(2).default(0),
  /** How the currency is written beside the number: ₽ / $, the code (RUB), or not at all. */
  currencyDisplay: z.enum(PRICE_CURRENCY_DISPLAYS).default('symbol'),
  /** Base URL a relative picture URL of the feed is resolved against; empty: the page's. */
  pictureBaseUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value),
      says('pictureBaseUrl', 'an http(s) URL without query or fragment'),
    )
    .default(''),
  /** Where the shopper's regionId comes from for search, autocomplete and recommendations. */
  regionDetection: z.enum(REGION_DETECTIONS).default('none'),
  /** The cookie (cookie) or URL parameter (query) holding the regionId, or the regionId (fixed). */
  regionSource: z.string().trim().max(100).default('regionId'),
  /**
   * Tracking consent: none — events are sent; opt-in — only once the consent cookie says yes
   * (or the page calls digi.site.consent(true)); opt-out — unless the cookie says no.
   */
  cookieConsentMode: z.enum(CONSENT_MODES).default('none'),
  consentCookie: cookieName.default('cookie_consent'),
});
export type GlobalConfig = z.infer<typeof globalConfig>;
export type GlobalConfigIn = z.input<typeof globalConfig>;
