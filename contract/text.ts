/**
 * The one word splitter and the one Cyrillic ↔ Latin transliteration table of the product. Pure
 * and isomorphic (no zod: the storefront runs it too): the query lists' schema (contract), the
 * search pipeline, imports, suggestions, merchandising keys, report slugs, the storefront's
 * highlighting and its in-memory data source all read words and letters from here.
 */

/** The characters of a word, as a regular expression's class: Latin and Russian letters, digits. */
export const WORD_CHARACTERS = '0-9a-zа-я';
const WORD = new RegExp(`[${WORD_CHARACTERS}]+`, 'g');

/** A text as search compares its letters: lower case, ё as е (same length as the text). */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/**
 * The words of a text as search compares them: lower case, ё as е, runs of Latin or Russian letters
 * and digits (anything else separates words).
 */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** A term as the lists compare it: its words joined by one space ('' when it has none). */
export function normaliseTerm(text: string): string {
  return wordsOf(text).join(' ');
}

/**
 * Cyrillic letter → its Latin spellings. The first is the formal one (Russian passports since 2013,
 * ICAO: х → kh, щ → shch), the one a slug writes. Where shoppers commonly type another (х as "h":
 * honor, hleb; щ as "sch"), it follows: search accepts every spelling, and reads each back.
 */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, readonly string[]>> = {
  а: ['a'],
  б: ['b'],
  в: ['v'],
  г: ['g'],
  д: ['d'],
  е: ['e'],
  ё: ['e'],
  ж: ['zh'],
  з: ['z'],
  и: ['i'],
  й: ['y'],
  к: ['k'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  у: ['u'],
  ф: ['f'],
  х: ['kh', 'h'],
  ц: ['ts'],
  ч: ['ch'],
  ш: ['sh'],
  щ: ['shch', 'sch'],
  ъ: [''],
  ы: ['y'],
  ь: [''],
  э: ['e'],
  ю: ['yu'],
  я: ['ya'],
};

/** A text with each Cyrillic letter in its formal Latin spelling (other characters kept). */
export function latinOf(text: string): string {
  return [...text].map((char) => CYRILLIC_TO_LATIN[char]?.[0] ?? char).join('');
}

/**
 * Every Latin spelling of a (lower-case) word, the formal one first, then the others letter by
 * letter from the left; at most `limit` of them (a word with many х and щ would multiply).
 */
export function latinSpellings(word: string, limit = 8): string[] {
  let spellings = [''];
  for (const char of word) {
    const options = CYRILLIC_TO_LATIN[char] ?? [char];
    spellings = spellings
      .flatMap((start) => options.map((option) => start + option))
      .slice(0, limit);
  }
  return [...new Set(spellings)];
}

/** Sounds English spells in ways the table does not write (c, q, w, x, j; ck, ph, th, ee, oo …). */
const ENGLISH_READINGS: Readonly<Record<string, string>> = {
  c: 'к',
  j: 'дж',
  q: 'к',
  w: 'в',
  x: 'кс',
  yo: 'ё',
  ye: 'е',
  ck: 'к',
  ph: 'ф',
  th: 'т',
  ee: 'и',
  oo: 'у',
  ai: 'ай',
  ei: 'ей',
};

/**
 * How Latin letters read in Russian: every spelling of the table read back (the first Cyrillic
 * letter of a spelling wins: 'e' → е not э, 'y' → й not ы), then the English readings.
 */
const LATIN_READINGS: ReadonlyMap<string, string> = (() => {
  const readings = new Map<string, string>();
  for (const [letter, spellings] of Object.entries(CYRILLIC_TO_LATIN))
    for (const spelling of spellings)
      if (spelling && !readings.has(spelling)) readings.set(spelling, letter);
  for (const [spelling, letters] of Object.entries(ENGLISH_READINGS))
    if (!readings.has(spelling)) readings.set(spelling, letters);
  return readings;
})();

/** Longest spelling first, so 'shch' reads before 'sch', and 'sch' before 'sh'. */
const READING_LENGTHS = [...new Set([...LATIN_READINGS.keys()].map((s) => s.length))].sort(
  (a, b) => b - a,
);

/** A Latin word read letter by letter in Russian ('adidas' → 'адидас', 'khaki' and 'haki' → 'хаки'). */
export function cyrillicOf(word: string): string {
  let out = '';
  for (let index = 0; index < word.length;) {
    const length = READING_LENGTHS.find(
      (n) => index + n <= word.length && LATIN_READINGS.has(word.slice(index, index + n)),
    );
    if (length === undefined) {
      out += word[index]!;
      index += 1;
    } else {
      out += LATIN_READINGS.get(word.slice(index, index + length))!;
      index += length;
    }
  }
  return out.replace(/ё/g, 'е');
}
