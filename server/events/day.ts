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

/** The Monday of a day's ISO week (`YYYY-MM-DD`). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of a day's month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of a day's month. */
export function monthEnd(day: string): string {
  const date = new Date(`${monthStart(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

/**
 * Covers `from`..`to` (inclusive) with the whole months inside it, then the whole ISO weeks inside
 * what is left, then single days: each day of the period in exactly one piece.
 */
export function coverPeriod(
  from: string,
  to: string,
): { months: string[]; weeks: string[]; days: string[] } {
  const months: string[] = [];
  const weeks: string[] = [];
  const days: string[] = [];
  if (from > to) return { months, weeks, days };
  let first = monthStart(from) === from ? from : addDays(monthEnd(from), 1);
  for (let m = first; monthEnd(m) <= to; m = addDays(monthEnd(m), 1)) months.push(m);
  const segments: [string, string][] = months.length
    ? [
        [from, addDays(months[0]!, -1)],
        [addDays(monthEnd(months.at(-1)!), 1), to],
      ]
    : [[from, to]];
  for (const [a, b] of segments) {
    if (a > b) continue;
    first = weekStart(a) === a ? a : addDays(weekStart(a), 7);
    let day = a;
    for (let w = first; addDays(w, 6) <= b; w = addDays(w, 7)) {
      for (; day < w; day = addDays(day, 1)) days.push(day);
      weeks.push(w);
      day = addDays(w, 7);
    }
    for (; day <= b; day = addDays(day, 1)) days.push(day);
  }
  return { months, weeks, days };
}
