/**
 * The schedule editor's modes and the five-field cron each one writes. Parsing is the inverse,
 * so a saved schedule opens in the mode it was made in; anything else is shown as raw cron.
 */
export type ScheduleMode = 'minutes' | 'hours' | 'daily' | 'cron';

export interface ScheduleDraft {
  mode: ScheduleMode;
  /** Every `every` minutes or hours. */
  every: number;
  /** The minute of the hour (hours mode) or the time of day `HH:MM` (daily mode). */
  minute: number;
  time: string;
  cron: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function parseCron(cron: string, fallback: ScheduleMode = 'hours'): ScheduleDraft {
  const text = cron.trim().replace(/\s+/g, ' ');
  const base: ScheduleDraft = { mode: fallback, every: 4, minute: 0, time: '03:00', cron: text };
  let match = /^\*\/(\d{1,2}) \* \* \* \*$/.exec(text);
  if (match) return { ...base, mode: 'minutes', every: Number(match[1]) };
  match = /^(\d{1,2}) \*\/(\d{1,2}) \* \* \*$/.exec(text);
  if (match) return { ...base, mode: 'hours', every: Number(match[2]), minute: Number(match[1]) };
  match = /^(\d{1,2}) \* \* \* \*$/.exec(text);
  if (match) return { ...base, mode: 'hours', every: 1, minute: Number(match[1]) };
  match = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(text);
  if (match)
    return { ...base, mode: 'daily', time: `${pad(Number(match[2]))}:${pad(Number(match[1]))}` };
  return text ? { ...base, mode: 'cron' } : { ...base, cron: '0 */4 * * *' };
}

export function buildCron(draft: ScheduleDraft): string {
  switch (draft.mode) {
    case 'minutes':
      return `*/${draft.every} * * * *`;
    case 'hours':
      return draft.every === 1
        ? `${draft.minute} * * * *`
        : `${draft.minute} */${draft.every} * * *`;
    case 'daily': {
      const [hours = '0', minutes = '0'] = draft.time.split(':');
      return `${Number(minutes)} ${Number(hours)} * * *`;
    }
    case 'cron':
      return draft.cron.trim().replace(/\s+/g, ' ');
  }
}

/** The interval between runs in minutes, when the mode has a fixed one. */
export function intervalMinutes(draft: ScheduleDraft): number | null {
  if (draft.mode === 'minutes') return draft.every;
  if (draft.mode === 'hours') return draft.every * 60;
  if (draft.mode === 'daily') return 24 * 60;
  return null;
}

/** What is wrong with the draft before it goes to the server (a key under `ui.schedule.errors`). */
export function draftError(draft: ScheduleDraft): 'minutes' | 'hours' | 'time' | 'cron' | null {
  const whole = (n: number, min: number, max: number) =>
    Number.isInteger(n) && n >= min && n <= max;
  if (draft.mode === 'minutes' && !whole(draft.every, 1, 59)) return 'minutes';
  if (draft.mode === 'hours' && (!whole(draft.every, 1, 23) || !whole(draft.minute, 0, 59)))
    return 'hours';
  if (draft.mode === 'daily' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return 'time';
  if (draft.mode === 'cron' && draft.cron.trim().split(/\s+/).length !== 5) return 'cron';
  return null;
}
