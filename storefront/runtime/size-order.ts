/** Fashion size order (spec part 1 §9). */
export const FASHION_SIZE_ORDER = [
  'xxs',
  'xxs-xs',
  'xs',
  'xs-s',
  's',
  's-m',
  'm',
  'm-l',
  'l',
  'l-xl',
  'xl',
  'xl-xxl',
  'xxl',
  'xxl-xxxl',
  '3xl',
  'xxxl',
] as const;

const rank = new Map<string, number>(FASHION_SIZE_ORDER.map((size, i) => [size, i]));
const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

/**
 * Compares sizes: letter sizes in the fashion order first, then everything else in natural order
 * (so numeric sizes 40, 42, 44 … and shoe sizes sort as numbers).
 */
export function compareSizes(a: string, b: string): number {
  const ra = rank.get(a.trim().toLowerCase());
  const rb = rank.get(b.trim().toLowerCase());
  if (ra !== undefined && rb !== undefined) return ra - rb;
  if (ra !== undefined) return -1;
  if (rb !== undefined) return 1;
  return collator.compare(a, b);
}
