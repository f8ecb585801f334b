import { format as formatDate } from 'date-fns';

/**
 * The studio's one date-and-time format: short, so a version's time fits a narrow column on one
 * line ('23.11.2026, 22:54' in Russian). English writes the console's English date without the
 * seconds ('Nov 23rd 2026, 22:54', src/lib/date-format.ts), not an American numeric one.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function formatShortTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language.startsWith('en')) return formatDate(date, 'MMM do yyyy, H:mm');
  const tag = language || 'ru';
  let format = cache.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    cache.set(tag, format);
  }
  return format.format(date);
}
