/**
 * Query understanding: what the operators' query lists do to a shopper's query before the catalog
 * is searched (docs/query-lists.md). Each step is a small pure function; `understand` runs them in
 * order — normalise → transliterate → black list → white list → brands (with brand exclusions) →
 * synonyms → stemming with exclusions — and records each step's output for the explain view.
 * The compiled lists are cached per site and dropped when any list changes.
 */
import { sql } from 'drizzle-orm';
import type { ExplainStep, QueryListKind } from '#contract/entities/query-lists.ts';
import { cyrillicOf, latinSpellings, normaliseTerm, wordsOf } from '#contract/text.ts';
import { arrayParam } from '../platform/db/any.ts';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from './common.ts';

export type Channel = 'search' | 'autocomplete';

/** One list entry as the pipeline reads it. */
export interface ListRow {
  list: QueryListKind | string;
  /** As the operator wrote it (a brand: as the catalog's vendor writes it). */
  term: string;
  key: string;
  variants: string[];
  mode: string;
}

/** The lists of one site, compiled for lookups. Phrases are normalised terms (words joined by a space). */
export interface CompiledLists {
  white: Set<string>;
  blackQueries: Set<string>;
  blackWords: Set<string>;
  /** Phrase → the phrases it also finds. */
  synonyms: Map<string, string[]>;
  acSynonyms: Map<string, string[]>;
  /** Alias phrase (or the brand itself) → the brand as the catalog's vendor writes it. */
  brands: Map<string, string>;
  brandExclusions: Set<string>;
  stemExclusions: Set<string>;
  /** Operator transliteration pairs: source phrase → target phrase. */
  transliterations: Map<string, string>;
  acExclusions: Set<string>;
  acBlackQueries: Set<string>;
  acBlackWords: Set<string>;
  /** The longest phrase (in words) any synonym, brand or transliteration key has. */
  maxPhrase: number;
  /** Every word some list names: the built-in transliteration leaves them to their lists. */
  listed: Set<string>;
}

const phraseLength = (phrase: string) => phrase.split(' ').length;

function addSynonyms(map: Map<string, string[]>, key: string, variants: string[], mode: string) {
  const group = [key, ...variants.map(normaliseTerm).filter(Boolean)];
  const link = (from: string, to: string) => {
    if (from === to) return;
    const list = map.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(from, list);
  };
  if (mode === 'one-way') for (const variant of group.slice(1)) link(key, variant);
  else for (const from of group) for (const to of group) link(from, to);
}

/** Compiles the entries enabled on a site. */
export function compileLists(rows: readonly ListRow[]): CompiledLists {
  const lists: CompiledLists = {
    white: new Set(),
    blackQueries: new Set(),
    blackWords: new Set(),
    synonyms: new Map(),
    acSynonyms: new Map(),
    brands: new Map(),
    brandExclusions: new Set(),
    stemExclusions: new Set(),
    transliterations: new Map(),
    acExclusions: new Set(),
    acBlackQueries: new Set(),
    acBlackWords: new Set(),
    maxPhrase: 1,
    listed: new Set(),
  };
  const phrases: string[] = [];
  for (const row of rows) {
    const key = row.key;
    if (!key) continue;
    for (const word of [key, ...row.variants.map(normaliseTerm)].join(' ').split(' '))
      if (word) lists.listed.add(word);
    switch (row.list) {
      case 'white-list':
        for (const word of key.split(' ')) lists.white.add(word);
        break;
      case 'black-list':
        if (row.mode === 'word') for (const word of key.split(' ')) lists.blackWords.add(word);
        else lists.blackQueries.add(key);
        break;
      case 'autocomplete-black-list':
        if (row.mode === 'word') for (const word of key.split(' ')) lists.acBlackWords.add(word);
        else lists.acBlackQueries.add(key);
        break;
      case 'synonyms':
        addSynonyms(lists.synonyms, key, row.variants, row.mode);
        phrases.push(key, ...row.variants.map(normaliseTerm));
        break;
      case 'autocomplete-synonyms':
        addSynonyms(lists.acSynonyms, key, row.variants, row.mode);
        phrases.push(key, ...row.variants.map(normaliseTerm));
        break;
      case 'brands': {
        const brand = row.variants.length ? row.variants : [];
        // The entry's term is the brand as the catalog writes it; the variants are its aliases.
        const vendor = row.term.trim().toLowerCase();
        lists.brands.set(key, vendor);
        for (const alias of brand.map(normaliseTerm).filter(Boolean))
          lists.brands.set(alias, vendor);
        phrases.push(key, ...brand.map(normaliseTerm));
        break;
      }
      case 'brand-exclusions':
        lists.brandExclusions.add(key);
        break;
      case 'stemmer-exclusions':
        for (const word of key.split(' ')) lists.stemExclusions.add(word);
        break;
      case 'transliterations': {
        const target = normaliseTerm(row.variants[0] ?? '');
        if (target) lists.transliterations.set(key, target);
        phrases.push(key);
        break;
      }
      case 'query-exclusions':
        lists.acExclusions.add(key);
        break;
    }
  }
  lists.maxPhrase = Math.min(5, Math.max(1, ...phrases.filter(Boolean).map(phraseLength)));
  return lists;
}

// ---------------------------------------------------------------------------------------------
// Step 1: normalise.

/** Lower case, ё as е, the words of letters and digits. */
export function normalise(query: string): string[] {
  return wordsOf(query);
}

// ---------------------------------------------------------------------------------------------
// Step 2: transliteration — operator pairs, then keyboard layout and Latin ↔ Cyrillic.

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

// ---------------------------------------------------------------------------------------------
// The whole pipeline.

/** What the matching needs from understanding (see common.ts `Matching.understanding`). */
export interface Understanding {
  synonyms: ReadonlyMap<string, readonly string[]>;
  stemExclusions: ReadonlySet<string>;
  maxPhrase: number;
  brand: string | null;
}

export interface Understood {
  query: string;
  blocked: boolean;
  /** The words the catalog is searched by (after every rewrite, without the brand). */
  words: string[];
  /** The words before brand detection: searched when the catalog has nothing of the brand. */
  withBrandWords: string[];
  /** Words spelling correction leaves alone. */
  keep: Set<string>;
  understanding: Understanding;
  steps: ExplainStep[];
  lists: CompiledLists;
}

const step = (name: string, output: string, note: string | null = null): ExplainStep => ({
  step: name,
  output,
  note,
});

/**
 * Runs the pipeline over a query with the site's compiled lists. `known` answers, for every
 * candidate spelling, whether the catalog has it (see `lookUpWords`).
 */
export function understandWith(
  query: string,
  lists: CompiledLists,
  known: (word: string, index: number) => boolean,
  channel: Channel,
): Understood {
  const steps: ExplainStep[] = [];
  const normalised = normalise(query);
  steps.push(step('normalise', normalised.join(' ')));
  const synonyms =
    channel === 'autocomplete' && lists.acSynonyms.size
      ? new Map(
          [...lists.synonyms, ...lists.acSynonyms].map(([k]) => [k, mergedSynonyms(lists, k)]),
        )
      : lists.synonyms;
  const base: Understood = {
    query,
    blocked: false,
    words: normalised,
    withBrandWords: normalised,
    keep: new Set(),
    understanding: {
      synonyms,
      stemExclusions: lists.stemExclusions,
      maxPhrase: lists.maxPhrase,
      brand: null,
    },
    steps,
    lists,
  };
  if (!normalised.length) return base;
  const translit = transliterate(
    normalised,
    lists,
    (word, index) => lists.listed.has(word) || known(word, index),
  );
  steps.push(
    step('transliteration', translit.words.join(' '), translit.changes.join(', ') || null),
  );
  const blackQueries =
    channel === 'autocomplete'
      ? new Set([...lists.blackQueries, ...lists.acBlackQueries])
      : lists.blackQueries;
  const blackWords =
    channel === 'autocomplete'
      ? new Set([...lists.blackWords, ...lists.acBlackWords])
      : lists.blackWords;
  const black = applyBlackList(translit.words, blackQueries, blackWords);
  const blockedBefore = blackQueries.has(normalised.join(' '));
  if (black.blocked || blockedBefore) {
    steps.push(step('black list', '', 'blocked: the query answers nothing'));
    return { ...base, blocked: true, words: [], withBrandWords: [] };
  }
  steps.push(
    step(
      'black list',
      black.words.join(' '),
      black.dropped.length ? `dropped ${black.dropped.join(', ')}` : null,
    ),
  );
  const keep = protectedWords(black.words, lists.white);
  steps.push(
    step(
      'white list',
      black.words.join(' '),
      keep.size ? `kept as typed: ${[...keep].join(', ')}` : null,
    ),
  );
  const brand = detectBrand(black.words, lists);
  steps.push(
    step(
      'brands',
      brand.words.join(' '),
      [
        brand.brand ? `brand ${brand.brand}` : null,
        brand.excluded.length
          ? `not a brand (brand exclusion): ${brand.excluded.join(', ')}`
          : null,
      ]
        .filter(Boolean)
        .join('; ') || null,
    ),
  );
  const terms = expandSynonyms(brand.words, synonyms, lists.maxPhrase);
  const searched = termsQuery(terms, lists.stemExclusions);
  steps.push(step('synonyms', searched.text, searched.expanded ? 'expanded' : null));
  steps.push(
    step(
      'stemming',
      searched.tsquery,
      searched.exact.length ? `matched exactly: ${searched.exact.join(', ')}` : null,
    ),
  );
  return {
    ...base,
    words: brand.words,
    withBrandWords: black.words,
    keep,
    understanding: { ...base.understanding, brand: brand.brand },
  };
}

function mergedSynonyms(lists: CompiledLists, key: string): string[] {
  return [...new Set([...(lists.synonyms.get(key) ?? []), ...(lists.acSynonyms.get(key) ?? [])])];
}

// ---------------------------------------------------------------------------------------------
// The database side: the site's lists (cached) and the catalog's words.

const CACHE_MS = 10_000;
const cache = new Map<number, { at: number; generation: number; lists: CompiledLists }>();
let generation = 0;

/** Drops every compiled list: called after any write to a list. */
export function invalidateQueryLists(): void {
  generation += 1;
  cache.clear();
}

/**
 * The lists enabled on a site, compiled; cached for this process until a list changes (and at
 * most CACHE_MS, for the writes of other processes on the same database).
 */
export async function siteLists(db: QueryDb, siteId: number): Promise<CompiledLists> {
  const hit = cache.get(siteId);
  const now = Date.now();
  if (hit && hit.generation === generation && now - hit.at < CACHE_MS) return hit.lists;
  const at = generation;
  const lists = compileLists(await siteListRows(db, siteId));
  if (at === generation) cache.set(siteId, { at: now, generation, lists });
  return lists;
}

/** The entries enabled on a site, uncompiled (the before/after preview edits them). */
export async function siteListRows(
  db: QueryDb,
  siteId: number,
): Promise<(ListRow & { id: number })[]> {
  const { rows } = await run<ListRow & { id: number }>(
    db,
    sql`select id::int as id, list, term, key, variants, mode from query_list_entries
        where ${siteId} = any(site_ids) order by id`,
  );
  return rows;
}

/**
 * Which of the words the live catalog knows: a word is known when some word of the catalog starts
 * with it (the search matches prefixes, and autocomplete's last word is still being typed).
 */
export async function lookUpWords(
  db: QueryDb,
  importId: number,
  words: readonly string[],
): Promise<Set<string>> {
  if (!words.length) return new Set();
  const { rows } = await run<{ w: string }>(
    db,
    sql`select w from unnest(${arrayParam([...new Set(words)], 'text')}) w
        where exists (select 1 from catalog_words c where c.import_id = ${importId} and c.word like w || '%')`,
  );
  return new Set(rows.map((row) => row.w));
}

/** The whole pipeline for one query on a site's live catalog. */
export async function understand(
  db: QueryDb,
  siteId: number,
  importId: number,
  query: string,
  channel: Channel,
): Promise<Understood> {
  return understandWithLists(db, importId, query, channel, await siteLists(db, siteId));
}

/** The pipeline with given lists (the site's, or a draft of them for the preview). */
export async function understandWithLists(
  db: QueryDb,
  importId: number,
  query: string,
  channel: Channel,
  lists: CompiledLists,
): Promise<Understood> {
  const words = normalise(query);
  if (!words.length) return understandWith(query, lists, () => true, channel);
  const known = await lookUpWords(
    db,
    importId,
    words.flatMap((word) => [word, ...candidateSpellings(word)]),
  );
  return understandWith(query, lists, (word) => known.has(word), channel);
}
