/** The ruble sign the storefront shows for RUB and RUR (the YML name of the rouble). */
const rubles = new Set(['RUB', 'RUR']);
const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/**
 * A price in the Russian locale: thousands separated by a (non-breaking) space, the ruble sign
 * after the number. Other currencies keep their code: `1 234 USD`.
 */
export function formatPrice(value: number, currency = 'RUB'): string {
  if (!Number.isFinite(value)) return '';
  const code = currency.toUpperCase();
  return `${numberFormat.format(value)}\u00a0${rubles.has(code) ? '₽' : code}`;
}

/** Whole percent off, or 0 when there is no real discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (oldPrice === null || oldPrice === undefined || oldPrice <= price || oldPrice <= 0) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
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
