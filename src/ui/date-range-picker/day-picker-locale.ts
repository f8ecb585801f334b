import { enUS, ru } from 'react-day-picker/locale';
import type { Locale } from 'date-fns';

/** Calendar locale for an interface language: Russian unless the language is English. */
export function dayPickerLocale(language: string | undefined): Locale {
  return language?.startsWith('en') ? enUS : ru;
}
