export interface BlurRules {
  /** Round numbers on blur: `true` to an integer, a number to that many decimals. */
  round?: boolean | number;
  /** Clamp numbers to at least this on blur. */
  min?: number;
  /** Clamp numbers to at most this on blur. */
  max?: number;
  /** Trim surrounding whitespace on blur. */
  trim?: boolean;
}

/** What a text input's value becomes when it loses focus (spec §5). Pure. */
export function normalizeOnBlur(value: string, { round, min, max, trim }: BlurRules): string {
  let next = trim ? value.trim() : value;
  const numeric =
    round !== undefined && round !== false ? true : min !== undefined || max !== undefined;
  if (!numeric || next.trim() === '') return next;
  let number = Number(next.trim().replace(',', '.'));
  if (!Number.isFinite(number)) return next;
  if (round !== undefined && round !== false) {
    const factor = 10 ** (round === true ? 0 : round);
    number = Math.round(number * factor) / factor;
  }
  if (min !== undefined && number < min) number = min;
  if (max !== undefined && number > max) number = max;
  next = String(number);
  return next;
}
