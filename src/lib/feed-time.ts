import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';

/**
 * The spec's 'MMM Do YYYY, H:mm:ss' (part 1 §2 "Sidebar", §9): 'Mar 5th 2024, 4:07:09' in English,
 * the hour not zero-padded; '5 мар. 2024, 4:07:09' in Russian (the spec gives no Russian form:
 * day before month as Russian writes it, the same clock). UTC converted to local time.
 */
export function formatFeedTime(iso: string, language: string): string {
  const date = new Date(iso);
  return language === 'ru'
    ? format(date, 'd MMM yyyy, H:mm:ss', { locale: ru })
    : format(date, 'MMM do yyyy, H:mm:ss');
}
