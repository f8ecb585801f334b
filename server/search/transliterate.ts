/**
 * Understanding, step 2: transliteration. Operator pairs first, then, for a word the catalog does
 * not know, the other keyboard layout and the other alphabet (the one table, contract/text.ts).
 */
import { cyrillicOf, latinSpellings, normaliseTerm } from '#contract/text.ts';
import type { CompiledLists } from './compiled-lists.ts';

const EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const EN_TO_RU = new Map([...EN_KEYS].map((key, index) => [key, RU_KEYS[index]!]));
const RU_TO_EN = new Map([...RU_KEYS].map((key, index) => [key, EN_KEYS[index]!]));

/** The text retyped in the other keyboard layout (Latin keys → Russian letters and back). */
export function switchLayout(text: string): string {
  const lower = text.toLowerCase();
  const latin = /[a-z]/.test(lower);
  const map = latin ? EN_TO_RU : RU_TO_EN;
  return [...lower].map((char) => map.get(char) ?? char).join('');
}

/** The Latin layout's punctuation keys that type Russian letters: ж ; э ' х [ ъ ] б , ю . ё ` */
const LETTER_KEYS = /[;'[\],.`]/;

/**
 * The query's tokens typed on the Latin layout that hold a Russian letter on a punctuation key
 * (';bktn' is «жилет», '.,rf' «юбка», '[kjgjr' «хлопок»), each with its retyped word: splitting
 * the query into words drops those keys, so the layout step would see 'bktn' and find nothing.
 * The search retypes a token only when the catalog knows the word (a trailing comma after a
 * query in the wrong layout is a comma).
 */
export function letterKeyTokens(query: string): { token: string; word: string }[] {
  return query
    .split(/\s+/)
    .filter((token) => /[a-z]/i.test(token) && LETTER_KEYS.test(token))
    .filter((token) => /^[a-z;'[\],.`]+$/i.test(token))
    .map((token) => ({ token, word: normaliseTerm(switchLayout(token)) }))
    .filter(({ word }) => /^[а-яё]+$/.test(word));
}

/** The query with the given tokens replaced by their retyped words. */
export function retypeTokens(query: string, tokens: { token: string; word: string }[]): string {
  const words = new Map(tokens.map(({ token, word }) => [token, word]));
  return query
    .split(/(\s+)/)
    .map((part) => words.get(part) ?? part)
    .join('');
}

/**
 * Spellings of a word in the other alphabet (the one table, contract/text.ts), most likely first:
 * a Latin word as read letter by letter ('adidas' → 'адидас', 'khaki' and 'haki' → 'хаки') and as
 * English reads a silent final e ('nike' → 'найк'); a Cyrillic word in each of its Latin spellings,
 * the formal one first ('хаки' → 'khaki', 'haki'): the catalog decides which one it knows.
 */
export function transliterations(word: string): string[] {
  if (/^[0-9]*$/.test(word)) return [];
  if (/[a-z]/.test(word)) {
    const out = [cyrillicOf(word)];
    // A final e after one consonant makes the vowel before it long: nike → naik, rose → rouz.
    const magic = /^(.*?)([aeiou])([b-df-hj-np-tv-z])e$/.exec(word);
    if (magic) {
      const long: Record<string, string> = { a: 'ей', e: 'и', i: 'ай', o: 'оу', u: 'ю' };
      out.unshift(cyrillicOf(magic[1]!) + long[magic[2]!]! + cyrillicOf(magic[3]!));
    }
    return [...new Set(out)].filter((spelling) => spelling !== word);
  }
  return latinSpellings(word).filter((spelling) => spelling !== word);
}

/** Every spelling the transliteration step may try for a word (to look up in the catalog at once). */
export function candidateSpellings(word: string): string[] {
  const layout = normaliseTerm(switchLayout(word));
  return [...new Set([layout, ...transliterations(word)])].filter(
    (spelling) => spelling && spelling !== word,
  );
}

export interface Transliterated {
  words: string[];
  /** What was rewritten: `from → to (why)`. */
  changes: string[];
}

/**
 * Operator pairs first (phrases, longest first), then for a word the catalog does not know: the
 * other keyboard layout ('rhjccjdrb' → 'кроссовки'), then the other alphabet ('nike' → 'найк').
 * `known` says whether the catalog has a word (for the last word of autocomplete, a prefix).
 */
export function transliterate(
  words: readonly string[],
  lists: Pick<CompiledLists, 'transliterations' | 'maxPhrase'>,
  known: (word: string, index: number) => boolean,
): Transliterated {
  const out: string[] = [];
  const changes: string[] = [];
  for (let index = 0; index < words.length;) {
    let matched = false;
    for (let length = Math.min(lists.maxPhrase, words.length - index); length >= 1; length--) {
      const phrase = words.slice(index, index + length).join(' ');
      const target = lists.transliterations.get(phrase);
      if (target !== undefined) {
        out.push(...target.split(' '));
        changes.push(`${phrase} → ${target} (pair)`);
        index += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = words[index]!;
    if (word.length >= 3 && !known(word, index) && !/^[0-9]+$/.test(word)) {
      const layout = normaliseTerm(switchLayout(word));
      const spelling =
        layout && layout !== word && known(layout, index)
          ? { to: layout, why: 'layout' }
          : transliterations(word)
              .filter((candidate) => known(candidate, index))
              .map((to) => ({ to, why: 'alphabet' }))[0];
      if (spelling) {
        out.push(...spelling.to.split(' '));
        changes.push(`${word} → ${spelling.to} (${spelling.why})`);
        index += 1;
        continue;
      }
    }
    out.push(word);
    index += 1;
  }
  return { words: out, changes };
}
