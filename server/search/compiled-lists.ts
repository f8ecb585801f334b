/**
 * The operators' query lists of one site, compiled for the understanding steps' lookups
 * (docs/query-lists.md): phrases as normalised terms, synonyms linked both ways or one way,
 * brand aliases to the vendor as the catalog writes it.
 */
import type { QueryListKind } from '#contract/entities/query-lists.ts';
import { normaliseTerm } from '#contract/text.ts';

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
