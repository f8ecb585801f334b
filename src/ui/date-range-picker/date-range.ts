import {
  endOfMonth,
  format,
  isSameDay,
  isValid,
  parse,
  startOfDay,
  startOfMonth,
  subDays,
  subMonths,
} from 'date-fns';

export interface DateRange {
  from: Date;
  to: Date;
}

export const DATE_PRESETS = [
  'yesterday',
  'last7Days',
  'last30Days',
  'last180Days',
  'thisMonth',
  'lastMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The latest selectable day: reports are complete up to yesterday. */
export function yesterday(now: Date = new Date()): Date {
  return subDays(startOfDay(now), 1);
}

/** The range a preset stands for, counted back from `now` and ending yesterday. */
export function presetRange(preset: DatePreset, now: Date = new Date()): DateRange {
  const last = yesterday(now);
  switch (preset) {
    case 'yesterday':
      return { from: last, to: last };
    case 'last7Days':
      return { from: subDays(last, 6), to: last };
    case 'last30Days':
      return { from: subDays(last, 29), to: last };
    case 'last180Days':
      return { from: subDays(last, 179), to: last };
    case 'thisMonth': {
      // On the 1st there is no complete day this month yet: the range is yesterday alone.
      const from = startOfMonth(startOfDay(now));
      return { from: from > last ? last : from, to: last };
    }
    case 'lastMonth': {
      const month = subMonths(startOfMonth(startOfDay(now)), 1);
      return { from: month, to: startOfDay(endOfMonth(month)) };
    }
  }
}

/** Which preset a range equals, if any (else the picker shows 'Custom dates'). */
export function matchPreset(
  range: DateRange | undefined,
  now: Date = new Date(),
): DatePreset | undefined {
  if (!range) return undefined;
  return DATE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, now);
    return isSameDay(candidate.from, range.from) && isSameDay(candidate.to, range.to);
  });
}

export const DATE_FORMAT = 'dd.MM.yyyy';
export const RANGE_SEPARATOR = ' - ';

export function formatDate(date: Date): string {
  return format(date, DATE_FORMAT);
}

/** '01.03.2024 - 07.03.2024' (spec §2). */
export function formatDateRange(range: DateRange): string {
  return `${formatDate(range.from)}${RANGE_SEPARATOR}${formatDate(range.to)}`;
}

/**
 * A day as the console shows it in a language: the spec's '05.03.2024' in Russian; in English
 * the console's English date, 'Mar 5th 2024' (src/lib/date-format.ts), not a Russian one.
 */
export function showDate(date: Date, language: string): string {
  return language.startsWith('en') ? format(date, 'MMM do yyyy') : formatDate(date);
}

/** '01.03.2024 - 07.03.2024' in Russian, 'Mar 1st 2024 - Mar 7th 2024' in English. */
export function showDateRange(range: DateRange, language: string): string {
  return `${showDate(range.from, language)}${RANGE_SEPARATOR}${showDate(range.to, language)}`;
}

export function parseDate(text: string): Date | undefined {
  const date = parse(text.trim(), DATE_FORMAT, new Date(0));
  return isValid(date) ? date : undefined;
}

/** Reads the text form back (e.g. from the URL); `undefined` when malformed or reversed. */
export function parseDateRange(text: string): DateRange | undefined {
  const [fromText, toText, ...rest] = text.split(RANGE_SEPARATOR);
  if (fromText === undefined || toText === undefined || rest.length > 0) return undefined;
  const from = parseDate(fromText);
  const to = parseDate(toText);
  if (!from || !to || from > to) return undefined;
  return { from, to };
}
