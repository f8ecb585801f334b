import { describe, expect, it } from 'vitest';
import { formatFeedTime } from '#src/layout/site-block.tsx';

describe('last feed update time (spec §2 "Sidebar": MMM Do YYYY, H:mm:ss)', () => {
  // Local times, as the block shows them.
  const at = (h: number, m: number, s: number) => new Date(2024, 2, 5, h, m, s).toISOString();

  it('does not pad the hour in English', () => {
    expect(formatFeedTime(at(4, 7, 9), 'en')).toBe('Mar 5th 2024, 4:07:09');
    expect(formatFeedTime(at(14, 7, 9), 'en')).toBe('Mar 5th 2024, 14:07:09');
  });

  it('writes the day first in Russian, on the same clock', () => {
    expect(formatFeedTime(at(4, 7, 9), 'ru')).toBe('5 мар. 2024, 4:07:09');
  });
});
