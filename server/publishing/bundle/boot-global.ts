/**
 * The global config as the boot config carries it: what the storefront runtime
 * needs to format prices, resolve relative pictures, detect the shopper's region and gate
 * tracking on consent (storefront/entries/boot-core.ts applies it). Plain data, no code.
 */
import type { GlobalConfig } from '#contract/entities/config.ts';
import type { BootGlobal } from '#storefront/entries/boot-config.ts';

export function globalOf(config: GlobalConfig): BootGlobal {
  return {
    currency: config.currency,
    locale: config.locale,
    priceDecimals: config.priceDecimals,
    currencyDisplay: config.currencyDisplay,
    pictureBaseUrl: config.pictureBaseUrl,
    region: { detection: config.regionDetection, source: config.regionSource },
    consent: { mode: config.cookieConsentMode, cookie: config.consentCookie },
  };
}
