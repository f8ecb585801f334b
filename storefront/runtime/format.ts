/** The ruble sign the storefront shows for RUB and RUR (the YML name of the rouble). */
const rubles = new Set(['RUB', 'RUR']);
const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The site's price format (its global config): locale, currency, decimals, sign. */
export interface PriceFormat {
  locale: string;
  /** ISO 4217 code every price is shown in (a shop's feed has one currency). */
  currency: string;
  decimals: number;
  currencyDisplay: 'symbol' | 'code' | 'none';
}

let siteFormat: Intl.NumberFormat | null = null;

/** Sets (or, with null, clears) the site's price format for every widget of the page. */
export function setPriceFormat(format: PriceFormat | null): void {
  siteFormat = null;
  if (!format) return;
  const currency = rubles.has(format.currency.toUpperCase()) ? 'RUB' : format.currency;
  try {
    siteFormat = new Intl.NumberFormat(format.locale, {
      ...(format.currencyDisplay === 'none'
        ? { style: 'decimal' }
        : {
            style: 'currency',
            currency,
            currencyDisplay: format.currencyDisplay === 'code' ? 'code' : 'narrowSymbol',
          }),
      minimumFractionDigits: format.decimals,
      maximumFractionDigits: format.decimals,
    });
  } catch {
    // an unknown locale or currency: the default format stays
  }
}

/**
 * A price in the site's format when its global config sets one; else the Russian locale:
 * thousands separated by a (non-breaking) space, the ruble sign after the number. Other
 * currencies keep their code: `1 234 USD`.
 */
export function formatPrice(value: number | string, currency = 'RUB'): string {
  const amount = toAmount(value);
  if (amount === null) return '';
  if (siteFormat) return siteFormat.format(amount);
  const code = currency.toUpperCase();
  return `${numberFormat.format(amount)}\u00a0${rubles.has(code) ? '₽' : code}`;
}

/**
 * A price as a number: the API's decimal strings (`"11169.0"`) and numbers alike; null for
 * anything else (an empty or absent price).
 */
export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/** Whole percent off, or 0 when there is no real discount. */
export function discountPercent(
  price: number | string,
  oldPrice: number | string | null | undefined,
): number {
  const now = toAmount(price);
  const before = toAmount(oldPrice);
  if (now === null || before === null || before <= now || before <= 0) return 0;
  return Math.round(((before - now) / before) * 100);
}

/** Russian plural form: one (1, 21), few (2–4, 22–24), many (0, 5–20, 25 …). */
export function pluralRu(count: number, one: string, few: string, many: string): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n > 10 && n < 20) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}
