import type { Locale } from './locale.ts';

/**
 * Number formatting for reports. The spec shows numbers in the Russian locale whatever the
 * interface language, hence `ru` defaults. Intl puts no-break spaces (U+00A0, U+202F) into
 * ru-RU output; we turn them into plain spaces so copied figures paste cleanly into
 * spreadsheets and tests can compare against '1 234 567'. Cells that must not wrap use CSS.
 */
const TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };
const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(TAGS[locale], options);
    cache.set(key, found);
  }
  return found;
}

const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** 1234567.891 → '1 234 567,89' (ru). Up to two decimals by default. */
export function formatNumber(value: number, locale: Locale = 'ru', maxFractionDigits = 2): string {
  return plainSpaces(formatter(locale, { maximumFractionDigits: maxFractionDigits }).format(value));
}

/** 1234.5 → '1 234,5 ₽' (ru). Always roubles: the product bills and reports in RUB. */
export function formatCurrency(value: number, locale: Locale = 'ru'): string {
  return plainSpaces(
    formatter(locale, {
      style: 'currency',
      currency: 'RUB',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(value),
  );
}

/** 1234567 → '1,2 млн' (ru), '1.2M' (en). */
export function formatCompact(value: number, locale: Locale = 'ru'): string {
  return plainSpaces(
    formatter(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value),
  );
}

/** A share given in percent points: 12.345 → '12,35 %' (ru). */
export function formatPercent(value: number, locale: Locale = 'ru', fractionDigits = 2): string {
  return plainSpaces(
    formatter(locale, {
      style: 'percent',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value / 100),
  );
}

/**
 * Change from `previous` to `current` in percent, rounded to two decimals;
 * `null` when there is no base to compare with (previous is 0 or not finite).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0 || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  return Math.round(change * 100) / 100;
}

/** '+12,35 %', '−3,10 %', '0,00 %'; an em dash when there is no base. */
export function formatPercentChange(
  current: number,
  previous: number,
  locale: Locale = 'ru',
): string {
  const change = percentChange(current, previous);
  if (change === null) return '—';
  const text = formatPercent(Math.abs(change), locale);
  if (change > 0) return `+${text}`;
  if (change < 0) return `−${text}`;
  return text;
}
