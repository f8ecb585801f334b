import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { ru } from 'date-fns/locale/ru';

/*
 * The console's one way to write a moment, per language (local time). English follows the spec's
 * 'MMM Do YYYY, H:mm:ss' (part 2 "Last-upload time display": 'Mar 5th 2024, 4:07:09'); Russian
 * writes the day before the month ('5 мар. 2024, 4:07:09'). Every screen formats dates here.
 */
const PATTERNS = {
  ru: { dateTime: 'd MMM yyyy, H:mm:ss', date: 'd MMM yyyy', time: 'H:mm' },
  en: { dateTime: 'MMM do yyyy, H:mm:ss', date: 'MMM do yyyy', time: 'H:mm' },
} as const;

type Moment = string | number | Date;

function patterns(language: string) {
  return language.startsWith('en') ? PATTERNS.en : PATTERNS.ru;
}
const localeOf = (language: string) => (language.startsWith('en') ? enUS : ru);

/** '5 мар. 2024, 4:07:09' (ru), 'Mar 5th 2024, 4:07:09' (en). */
export function formatDateTime(moment: Moment, language: string): string {
  return format(new Date(moment), patterns(language).dateTime, { locale: localeOf(language) });
}

/** '5 мар. 2024' (ru), 'Mar 5th 2024' (en). */
export function formatDay(moment: Moment, language: string): string {
  return format(new Date(moment), patterns(language).date, { locale: localeOf(language) });
}

/** '4:07' in both languages. */
export function formatTime(moment: Moment, language: string): string {
  return format(new Date(moment), patterns(language).time, { locale: localeOf(language) });
}
