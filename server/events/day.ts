import { daySpan, isoDay, MAX_DAILY_DAYS } from '#contract/entities/metric.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format.format(at);
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/**
 * Every day from `from` to `to` inclusive. Refuses days outside 2000–2100 and periods longer than
 * `maxDays` (the contract already does; this keeps a caller that skipped it from looping on
 * `+010000-01-01` or building millions of keys).
 */
export function daysBetween(from: string, to: string, maxDays = MAX_DAILY_DAYS): string[] {
  for (const day of [from, to])
    if (!isoDay.safeParse(day).success) throw new RangeError(`Invalid day: ${day}`);
  const span = daySpan(from, to);
  if (span > maxDays) throw new RangeError(`Period longer than ${maxDays} days`);
  const days: string[] = [];
  for (let day = from; days.length < span; day = addDays(day, 1)) days.push(day);
  return days;
}
