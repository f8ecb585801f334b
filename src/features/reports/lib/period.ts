import { differenceInCalendarDays, format, parseISO, subDays } from 'date-fns';
import { presetRange, type DateRange } from '#src/ui/date-range-picker/date-range.ts';

/** A report period as the API takes it: two calendar days `YYYY-MM-DD`, both included. */
export interface Period {
  from: string;
  to: string;
}

export const isoDay = (date: Date): string => format(date, 'yyyy-MM-dd');

export function toPeriod(range: DateRange): Period {
  return { from: isoDay(range.from), to: isoDay(range.to) };
}

export function toRange(period: Period): DateRange {
  return { from: parseISO(period.from), to: parseISO(period.to) };
}

/** Home and reporting open on the previous 7 days ending yesterday (spec §2, §9). */
export function defaultPeriod(now: Date = new Date()): Period {
  return toPeriod(presetRange('last7Days', now));
}

/**
 * Today alone, for the figures read live (the CTRs of /reporting): the date pickers end
 * yesterday (spec §2, complete days only), but widget and click rollups grow with each event.
 * The day is the site's (its rollups count days in its time zone), else the browser's.
 */
export function todayPeriod(now: Date = new Date(), timeZone?: string): Period {
  let day = isoDay(now);
  if (timeZone) {
    try {
      // en-CA writes YYYY-MM-DD.
      day = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(now);
    } catch {
      // An unknown zone: the browser's day.
    }
  }
  return { from: day, to: day };
}

/** The period of the same length just before `period` (the week before the last week …). */
export function previousPeriod(period: Period): Period {
  const range = toRange(period);
  const days = differenceInCalendarDays(range.to, range.from) + 1;
  return toPeriod({ from: subDays(range.from, days), to: subDays(range.from, 1) });
}

/** Every day of a period, in order. */
export function daysOf(period: Period): string[] {
  const range = toRange(period);
  const count = differenceInCalendarDays(range.to, range.from) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, i) =>
    isoDay(subDays(range.to, count - 1 - i)),
  );
}
