/**
 * The one word splitter and the one transliteration table (contract/text.ts), and the server
 * callers that read words and letters through them.
 */
import { describe, expect, it } from 'vitest';
import { normaliseTerm as listTerm } from '#contract/entities/query-lists.ts';
import {
  CYRILLIC_TO_LATIN,
  cyrillicOf,
  latinOf,
  latinSpellings,
  normaliseTerm,
  wordsOf,
} from '#contract/text.ts';
import { queryKey } from '#server/search/merchandising.ts';
import {
  compileLists,
  normalise,
  transliterate,
  transliterations,
} from '#server/search/understanding.ts';
import { slugify } from '#server/reports/custom-reports.ts';

describe('the word splitter', () => {
  it('lower-cases, folds ё to е and keeps runs of Latin or Russian letters and digits', () => {
    expect(wordsOf('  Ёжик в ТУМАНЕ, XL-48!')).toEqual(['ежик', 'в', 'тумане', 'xl', '48']);
    expect(wordsOf('платье—синее,  44р')).toEqual(['платье', 'синее', '44р']);
    expect(wordsOf('café №5')).toEqual(['caf', '5']);
    expect(wordsOf('...')).toEqual([]);
    expect(normaliseTerm('  Тёплая  КУРТКА ')).toBe('теплая куртка');
  });

  it('is the one every caller uses: query lists, the pipeline, merchandising keys', () => {
    const text = 'Nike  Air-Max 90, тёплые!';
    const words = wordsOf(text);
    expect(listTerm).toBe(normaliseTerm);
    expect(normalise(text)).toEqual(words);
    expect(listTerm(text)).toBe(words.join(' '));
    expect(queryKey(text)).toBe(words.join(' '));
  });
});

describe('the transliteration table', () => {
  it('gives х and щ the formal spelling first, and what shoppers also type after it', () => {
    // Decision: both "kh" and "h" (and "shch" and "sch") are common; slugs write the formal one,
    // search accepts each and lets the catalog say which one it knows.
    expect(CYRILLIC_TO_LATIN['х']).toEqual(['kh', 'h']);
    expect(CYRILLIC_TO_LATIN['щ']).toEqual(['shch', 'sch']);
    expect(latinOf('хлеб и щука')).toBe('khleb i shchuka');
    expect(latinSpellings('хонор')).toEqual(['khonor', 'honor']);
    expect(latinSpellings('хохлома')).toEqual(['khokhloma', 'khohloma', 'hokhloma', 'hohloma']);
    expect(latinSpellings('хххх', 3)).toHaveLength(3);
  });

  it('reads every Latin spelling of a letter back to that letter', () => {
    for (const [letter, spellings] of Object.entries(CYRILLIC_TO_LATIN)) {
      // е and э, й and ы, ё and е share a spelling: it reads as the first of them.
      if (['э', 'ы', 'ё', 'ъ', 'ь'].includes(letter)) continue;
      for (const spelling of spellings) expect(cyrillicOf(spelling), spelling).toBe(letter);
    }
    expect(cyrillicOf('khaki')).toBe('хаки');
    expect(cyrillicOf('haki')).toBe('хаки');
    expect(cyrillicOf('schuka')).toBe('щука');
    expect(cyrillicOf('shchuka')).toBe('щука');
    expect(cyrillicOf('adidas')).toBe('адидас');
    expect(cyrillicOf('quick')).toBe('куик');
    expect(cyrillicOf('xbox')).toBe('ксбокс');
  });

  it('search tries every spelling of х and keeps the one the catalog knows', () => {
    expect(transliterations('хонор')).toEqual(['khonor', 'honor']);
    const lists = compileLists([]);
    const knownH = (word: string) => word === 'honor';
    const knownKh = (word: string) => word === 'khaki';
    expect(transliterate(['хонор'], lists, knownH).words).toEqual(['honor']);
    expect(transliterate(['хаки'], lists, knownKh).words).toEqual(['khaki']);
  });

  it('slugs write the formal spelling', () => {
    expect(slugify('Хиты продаж')).toBe('khity-prodazh');
    expect(slugify('Щука & Ёж!! 2026')).toBe('shchuka-ezh-2026');
  });
});
