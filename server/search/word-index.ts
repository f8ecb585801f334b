/**
 * A live catalog's words (`catalog_words`: each word of its products and how many products have
 * it) kept in the process, sorted as the database sorts them (its collation is C: code points,
 * which is JavaScript's order of strings without surrogates), and the three reads a search and
 * an autocomplete made of them: which typed words the catalog knows as a prefix, the completions
 * of the word being typed, and the most frequent words. Each answers what its statement did.
 */

export interface WordIndex {
  /** The words in the database's order. */
  words: string[];
  /** Each word's products, by the word's place in `words`. */
  products: Int32Array;
}

export function wordIndex(rows: { word: string; products: number }[]): WordIndex {
  const sorted = [...rows].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return {
    words: sorted.map((row) => row.word),
    products: Int32Array.from(sorted, (row) => row.products),
  };
}

/** The first place whose word is not below `word`. */
function lowerBound(index: WordIndex, word: string): number {
  let low = 0;
  let high = index.words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** LIKE's wildcards and escape: a prefix holding one is left to the database. */
const LIKE_SPECIAL = /[%_\\]/;

/** A string has a character outside the Basic Multilingual Plane: its order is left to the database. */
const ASTRAL = /[\ud800-\udfff]/;

/** The places of the words `prefix` starts (`word like prefix || '%'`). */
function withPrefix(index: WordIndex, prefix: string): [number, number] {
  const from = lowerBound(index, prefix);
  let to = from;
  while (to < index.words.length && index.words[to]!.startsWith(prefix)) to++;
  return [from, to];
}

/**
 * Which of the words some catalog word starts with (understanding.ts `lookUpWords`); null when
 * one has a character LIKE would read otherwise.
 */
export function knownWords(index: WordIndex, words: readonly string[]): Set<string> | null {
  if (words.some((word) => LIKE_SPECIAL.test(word) || ASTRAL.test(word))) return null;
  return new Set(
    words.filter((word) => {
      const at = lowerBound(index, word);
      return at < index.words.length && index.words[at]!.startsWith(word);
    }),
  );
}

/** Most products first, then the word; at most `limit`. */
function mostFrequent(index: WordIndex, places: number[], limit: number) {
  return places
    .sort((a, b) => index.products[b]! - index.products[a]! || a - b)
    .slice(0, limit)
    .map((at) => ({ word: index.words[at]!, products: index.products[at]! }));
}

/**
 * The words of three letters or more that complete `prefix`, most frequent first (autocomplete's
 * query suggestions); null when the prefix has a character LIKE would read otherwise.
 */
export function completions(
  index: WordIndex,
  prefix: string,
  limit: number,
): { word: string; products: number }[] | null {
  if (LIKE_SPECIAL.test(prefix) || ASTRAL.test(prefix)) return null;
  const [from, to] = withPrefix(index, prefix);
  const places: number[] = [];
  for (let at = from; at < to; at++) if (index.words[at]!.length >= 3) places.push(at);
  return mostFrequent(index, places, limit);
}

/** The most frequent words of four letters or more without a digit (the zero queries). */
export function frequentWords(
  index: WordIndex,
  limit: number,
): { word: string; products: number }[] {
  const places: number[] = [];
  index.words.forEach((word, at) => {
    if (word.length >= 4 && !/[0-9]/.test(word)) places.push(at);
  });
  return mostFrequent(index, places, limit);
}
