/**
 * The studio's one date-and-time format: short and numeric, so a version's time fits a narrow
 * column on one line ('23.11.2026, 22:54' in Russian, '11/23/2026, 10:54 PM' in English).
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function formatShortTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
