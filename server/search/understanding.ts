/**
 * Query understanding: what the operators' query lists do to a shopper's query before the catalog
 * is searched (docs/query-lists.md). Each step is a small pure function; `understand` runs them in
 * order — normalise → transliterate → black list → white list → brands (with brand exclusions) →
 * synonyms → stemming with exclusions — and records each step's output for the explain view.
 * The compiled lists (compiled-lists.ts) are kept in the site's search profile (profile.ts);
 * the steps are in transliterate.ts and understanding-steps.ts.
 */
import type { CatalogMemory } from './catalog-memory.ts';
import { knownWords } from './word-index.ts';
import { sql } from 'drizzle-orm';
import type { ExplainStep } from '#contract/entities/query-lists.ts';
import { arrayParam } from '../platform/db/any.ts';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from './common.ts';
import { compileLists, type CompiledLists, type ListRow } from './compiled-lists.ts';
import {
  candidateSpellings,
  letterKeyTokens,
  retypeTokens,
  transliterate,
} from './transliterate.ts';
import {
  applyBlackList,
  detectBrand,
  expandSynonyms,
  normalise,
  protectedWords,
  termsQuery,
} from './understanding-steps.ts';

export * from './compiled-lists.ts';
export * from './transliterate.ts';
export * from './understanding-steps.ts';

export type Channel = 'search' | 'autocomplete';

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

/**
 * The lists enabled on a site, compiled, read now (the public calls keep them in the site's
 * search profile: profile.ts).
 */
export async function siteLists(db: QueryDb, siteId: number): Promise<CompiledLists> {
  return compileLists(await siteListRows(db, siteId));
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
  /** The live catalog's memory, when the call reads it: the words are looked up there. */
  memory?: CatalogMemory,
): Promise<Set<string>> {
  if (!words.length) return new Set();
  const known = memory?.importId === importId ? knownWords(memory.words, words) : null;
  if (known) return known;
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
  memory?: CatalogMemory,
): Promise<Understood> {
  const words = normalise(query);
  const keyed = letterKeyTokens(query);
  if (!words.length && !keyed.length) return understandWith(query, lists, () => true, channel);
  const known = await lookUpWords(
    db,
    importId,
    [
      ...words.flatMap((word) => [word, ...candidateSpellings(word)]),
      ...keyed.map(({ word }) => word),
    ],
    memory,
  );
  // A token typed on the Latin layout with Russian letters on punctuation keys is retyped when
  // the catalog knows its word (transliterate.ts).
  const retyped = keyed.filter(({ word }) => known.has(word));
  return understandWith(
    retyped.length ? retypeTokens(query, retyped) : query,
    lists,
    (word) => known.has(word),
    channel,
  );
}
