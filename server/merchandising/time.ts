/**
 * Rule periods are typed as wall-clock times of the site's time zone (`YYYY-MM-DDTHH:mm`) and
 * stored as instants; these convert both ways with the IANA rules, daylight saving included.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a site-local `YYYY-MM-DDTHH:mm` names. A time skipped by a spring-forward change
 * lands just after the gap; a repeated autumn hour takes its first occurrence.
 */
export function localToInstant(local: string, timeZone: string): Date {
  const [date, time] = local.split('T') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const HALF_DAY = 12 * 3_600_000;
  // The offsets before and after any change near that day: one of them names the instant.
  const before = guess - offsetAt(new Date(guess - HALF_DAY), timeZone);
  const after = guess - offsetAt(new Date(guess + HALF_DAY), timeZone);
  const valid = [before, after].filter((t) => toLocal(new Date(t), timeZone) === local);
  // An autumn overlap has two: the first occurrence. A spring gap has none: the old offset,
  // which lands just after the gap.
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The site-local `YYYY-MM-DDTHH:mm` of an instant. */
export function toLocal(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A stored instant as the site's wall clock, or null. */
export const localOrNull = (instant: Date | null, zone: string) =>
  instant ? toLocal(instant, zone) : null;
/** A site-local wall-clock time as an instant, or null. */
export const instantOrNull = (text: string | null, zone: string) =>
  text ? localToInstant(text, zone) : null;
