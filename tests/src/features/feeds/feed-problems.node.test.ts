import { describe, expect, it } from 'vitest';
import * as problems from '#server/feeds/intake/problems.ts';
import { FEED_PROBLEM_CODES, type FeedProblemText } from '#server/feeds/intake/problems.ts';
import { feedProblemText } from '#src/features/feeds/problem-text.ts';
import { createStaticI18n } from '#src/lib/i18n-static.ts';
import ru from '#src/locales/ru/feeds.json';
import en from '#src/locales/en/feeds.json';

const NO_CATEGORY = { id: '~no-category', name: 'Без категории' };
/** Sample arguments where a string will not do. */
const ARGS: Record<string, unknown[]> = {
  offerNoCategory: [NO_CATEGORY],
  unknownCategoryNoCategory: ['404', NO_CATEGORY],
};

/** Every problem the server's problems module makes, each called with sample values. */
const made: FeedProblemText[] = Object.entries(problems)
  .filter(
    (entry): entry is [string, (...args: unknown[]) => FeedProblemText] =>
      typeof entry[1] === 'function' && entry[0] !== 'storedProblem',
  )
  .map(([name, make]) =>
    make(...(ARGS[name] ?? Array.from({ length: make.length }, (_, i) => `${i + 2}`))),
  );
const one = problems.droppedPictures(1);

const texts = (tree: Record<string, string>, code: string) =>
  Object.keys(tree).filter((key) => key === code || key.startsWith(`${code}_`));

describe('feed problem texts', () => {
  it('the problems module makes every code it lists, and only those', () => {
    expect(new Set(made.map((p) => p.code))).toEqual(new Set(FEED_PROBLEM_CODES));
  });

  it.each(FEED_PROBLEM_CODES)('%s has a Russian and an English text', (code) => {
    expect(texts(ru.problems, code)).not.toEqual([]);
    expect(texts(en.problems, code)).not.toEqual([]);
  });

  it('the English text is the server reason; the Russian one is not', () => {
    const english = createStaticI18n('en');
    const russian = createStaticI18n('ru');
    for (const problem of [...made, one]) {
      const shown = { line: 1, ...problem };
      expect(feedProblemText(shown, english.t)).toBe(problem.reason);
      const text = feedProblemText(shown, russian.t);
      expect(text).not.toBe(problem.reason);
      expect(text).not.toMatch(/\{\{|feeds\.problems/);
      for (const value of Object.values(problem.params)) expect(text).toContain(value);
    }
  });

  it('a problem without a code, or with one this console does not know, shows its reason', () => {
    const { t } = createStaticI18n('ru');
    expect(feedProblemText({ line: 3, reason: 'Old report' }, t)).toBe('Old report');
    expect(
      feedProblemText({ line: 3, reason: 'Something new', code: 'notYetKnown', params: {} }, t),
    ).toBe('Something new');
  });
});
