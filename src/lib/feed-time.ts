import { formatDateTime } from './date-format.ts';

/** A feed's last upload: the console's one date-time format (src/lib/date-format.ts). */
export function formatFeedTime(iso: string, language: string): string {
  return formatDateTime(iso, language);
}
