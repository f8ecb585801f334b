/**
 * The pure steps of query understanding but transliteration (transliterate.ts), in pipeline
 * order: normalise, black list, white list, brands with their exclusions, synonyms, then the
 * stemmed terms the catalog is searched by; and the autocomplete suggestions' filter.
 */
import { normaliseTerm, wordsOf } from '#contract/text.ts';
import type { CompiledLists } from './compiled-lists.ts';

// ---------------------------------------------------------------------------------------------
// Step 1: normalise.

/** Lower case, ё as е, the words of letters and digits. */
export function normalise(query: string): string[] {
  return wordsOf(query);
}

// ---------------------------------------------------------------------------------------------
// Step 3: black list.

export interface BlackListed {
  blocked: boolean;
  words: string[];
  dropped: string[];
}

/** An exact black-listed query answers nothing; a black-listed word is dropped from the query. */
export function applyBlackList(
  words: readonly string[],
  queries: ReadonlySet<string>,
  blackWords: ReadonlySet<string>,
): BlackListed {
  if (words.length && queries.has(words.join(' ')))
    return { blocked: true, words: [], dropped: [] };
  const dropped = words.filter((word) => blackWords.has(word));
  const kept = words.filter((word) => !blackWords.has(word));
  return { blocked: words.length > 0 && kept.length === 0, words: kept, dropped };
}

// ---------------------------------------------------------------------------------------------
// Step 4: white list.

/** The words spelling correction must leave as they are. */
export function protectedWords(words: readonly string[], white: ReadonlySet<string>): Set<string> {
  return new Set(words.filter((word) => white.has(word)));
}

// ---------------------------------------------------------------------------------------------
// Step 5: brands (and brand exclusions).

export interface BrandDetection {
  brand: string | null;
  /** The words left once the brand's words are taken out. */
  words: string[];
  /** Brand phrases not taken as a brand because a brand exclusion names them. */
  excluded: string[];
}

/**
 * The first brand (or alias) phrase of the query, longest first, becomes a vendor filter and
 * leaves the words; a phrase on the brand-exclusion list is not a brand (it stays a word).
 */
export function detectBrand(
  words: readonly string[],
  lists: Pick<CompiledLists, 'brands' | 'brandExclusions' | 'maxPhrase'>,
): BrandDetection {
  const excluded: string[] = [];
  for (let index = 0; index < words.length; index++) {
    for (let length = Math.min(lists.maxPhrase, words.length - index); length >= 1; length--) {
      const phrase = words.slice(index, index + length).join(' ');
      const brand = lists.brands.get(phrase);
      if (brand === undefined) continue;
      if (lists.brandExclusions.has(phrase) || lists.brandExclusions.has(words.join(' '))) {
        excluded.push(phrase);
        continue;
      }
      return {
        brand,
        words: [...words.slice(0, index), ...words.slice(index + length)],
        excluded,
      };
    }
  }
  return { brand: null, words: [...words], excluded };
}

// ---------------------------------------------------------------------------------------------
// Steps 6 and 7: synonyms, then stemming with exclusions — the terms the catalog is searched by.

export interface Term {
  /** The words typed (or left by the steps before). */
  words: string[];
  /** Other phrases that count as this term (synonyms). */
  alternatives: string[][];
}

/** Groups the words into terms, the longest synonym phrase first, each with its alternatives. */
export function expandSynonyms(
  words: readonly string[],
  synonyms: ReadonlyMap<string, readonly string[]>,
  maxPhrase: number,
): Term[] {
  const terms: Term[] = [];
  for (let index = 0; index < words.length;) {
    let matched = false;
    for (let length = Math.min(maxPhrase, words.length - index); length >= 1; length--) {
      const phrase = words.slice(index, index + length);
      const alternatives = synonyms.get(phrase.join(' '));
      if (alternatives?.length) {
        terms.push({ words: phrase, alternatives: alternatives.map((a) => a.split(' ')) });
        index += length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      terms.push({ words: [words[index]!], alternatives: [] });
      index += 1;
    }
  }
  return terms;
}

export interface TermsQuery {
  /** A to_tsquery('russian', …) text: prefix stems, exact lexemes for excluded words. */
  tsquery: string;
  /** Words the stemmer must not touch: each must also appear as a whole word. */
  exact: string[];
  /** Whether any term has synonyms. */
  expanded: boolean;
  /** The query as searched, for the explain view: `(худи | свитер) мужской`. */
  text: string;
}

/**
 * The terms as one tsquery: a word is a stem prefix (`крос:*`), an excluded word its exact lexeme;
 * a phrase is its words joined by &, alternatives joined by |. Words are [0-9a-zа-я] only.
 */
export function termsQuery(
  terms: readonly Term[],
  stemExclusions: ReadonlySet<string>,
): TermsQuery {
  const exact = new Set<string>();
  const word = (w: string) => {
    if (stemExclusions.has(w)) {
      exact.add(w);
      return w;
    }
    return `${w}:*`;
  };
  const phrase = (words: readonly string[]) =>
    words.length === 1 ? word(words[0]!) : `(${words.map(word).join(' & ')})`;
  const parts = terms.map((term) =>
    term.alternatives.length
      ? `(${[term.words, ...term.alternatives].map(phrase).join(' | ')})`
      : phrase(term.words),
  );
  const text = terms
    .map((term) =>
      term.alternatives.length
        ? `(${[term.words, ...term.alternatives].map((w) => w.join(' ')).join(' | ')})`
        : term.words.join(' '),
    )
    .join(' ');
  return {
    tsquery: parts.join(' & '),
    exact: [...exact],
    expanded: terms.some((term) => term.alternatives.length > 0),
    text,
  };
}

// ---------------------------------------------------------------------------------------------
// Autocomplete: exclusions and black list remove suggestions.

/** Whether a suggestion may be shown: not an excluded query, no black-listed word or query. */
export function suggestionAllowed(
  text: string,
  lists: Pick<CompiledLists, 'acExclusions' | 'acBlackQueries' | 'acBlackWords' | 'blackWords'>,
): boolean {
  const key = normaliseTerm(text);
  if (lists.acExclusions.has(key) || lists.acBlackQueries.has(key)) return false;
  return !key.split(' ').some((word) => lists.acBlackWords.has(word) || lists.blackWords.has(word));
}
