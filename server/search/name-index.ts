/**
 * The typo match of a live catalog's product names, kept in the process. A search's fuzzy match
 * (`p.name %> 'query'`, pg_trgm) used to hand the trigram index's candidates to a recheck that
 * computed `word_similarity` for each in the database: most of an autocomplete's time at 100 000
 * offers. Here each distinct name keeps its trigrams (trigrams.ts) and an inverted list from each
 * trigram to the names holding it, so a query measures only the names that share enough of its
 * trigrams and hands the database the matching products' ids and their similarities.
 *
 * It is kept with the rest of the live catalog's memory (catalog-memory.ts); until that is built,
 * and for the names it cannot decide, the database's own functions answer, to the same values
 * (tests/server/search/name-index.test.ts, search-equivalence.test.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { prepareName, trigramsOf, wordSimilarity, type NameTrigrams } from './trigrams.ts';

export interface NameIndex {
  importId: number;
  /** Per distinct name: its trigrams and its products' ids. */
  names: NameTrigrams[];
  products: string[][];
  /** Per trigram code: the distinct names holding it. */
  postings: Map<number, Int32Array>;
  /** Products whose names have a character trigrams.ts does not decide: the database does. */
  undecided: string[];
}

/** What a query's text matches among the names, at one similarity threshold. */
export interface NameMatches {
  /** Products whose names' word similarity reaches the threshold. */
  ids(): string[];
  /** Word similarities measured (float4 values) by product id, as a JSON object (`->>`). */
  json(): string;
  /**
   * Whether the statement should match the names by these ids rather than by `%>`. The two
   * answer the same; they cost differently. `%>` rechecks each candidate of the trigram index
   * whose document does not match the words (the `or`'s first part) with `word_similarity`, about
   * 5 µs each; the ids cost a primary-key probe, about 1.5 µs each. A name holding the query
   * whole (similarity 1) almost always matches the document too, so the candidates the database
   * would measure are about the measured names that do not.
   */
  byIds: boolean;
}

/** What the database spends per name it measures, and per id it probes (µs, see `byIds`). */
const MEASURE_COST = 5;
const PROBE_COST = 1.5;

/** pg_trgm's `%>` threshold: the GUC `word_similarity_threshold`, 0.6f held in a double. */
export const TRGM_THRESHOLD = Math.fround(0.6);

/** Names measured between two turns of the event loop while an index is built (about 20 ms). */
const YIELD_EVERY = 1000;

export async function buildNameIndex(db: Db | Tx, importId: number): Promise<NameIndex> {
  const { rows } = await run<{ id: string; name: string }>(
    db,
    sql`select id, name from catalog_products where import_id = ${importId}`,
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byName.get(row.name);
    if (ids) ids.push(row.id);
    else byName.set(row.name, [row.id]);
  }
  const names: NameTrigrams[] = [];
  const products: string[][] = [];
  const lists = new Map<number, number[]>();
  const undecided: string[] = [];
  let since = 0;
  for (const [name, ids] of byName) {
    // A million distinct names take seconds: the searches meanwhile are answered in between.
    if (++since === YIELD_EVERY) {
      since = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const trigrams = trigramsOf(name);
    if (!trigrams) {
      undecided.push(...ids);
      continue;
    }
    const prepared = prepareName(trigrams);
    const at = names.length;
    names.push(prepared);
    products.push(ids);
    for (const code of prepared.codes) {
      const list = lists.get(code);
      if (list) list.push(at);
      else lists.set(code, [at]);
    }
  }
  const postings = new Map<number, Int32Array>();
  for (const [code, list] of lists) postings.set(code, Int32Array.from(list));
  return { importId, names, products, postings, undecided };
}

/**
 * The names `text` matches at `threshold` (a product matches when its name's word similarity is
 * at least the threshold), or null when every name would have to be measured (a threshold of 0).
 * A name with a similarity at the threshold shares at least threshold × the query's distinct
 * trigrams with it, so only those names are measured.
 */
export function matchNames(index: NameIndex, text: string, threshold: number): NameMatches | null {
  const trigrams = trigramsOf(text);
  if (!trigrams) return null;
  const query = new Set(trigrams);
  const need = Math.ceil(threshold * query.size - 1e-6);
  if (need <= 0) return null;
  // How many of the query's trigrams each name shares; the names that share enough.
  const shared = new Uint16Array(index.names.length);
  const enough: number[] = [];
  for (const code of query)
    for (const name of index.postings.get(code) ?? [])
      if (++shared[name]! === need) enough.push(name);
  const names: number[] = [];
  const similarities: number[] = [];
  let measured = 0;
  let found = 0;
  let whole = 0;
  for (const name of enough) {
    const similarity = wordSimilarity(query, index.names[name]!);
    if (similarity === 0) continue;
    const products = index.products[name]!.length;
    names.push(name);
    similarities.push(similarity);
    measured += products;
    if (similarity >= threshold) found += products;
    if (similarity === 1) whole += products;
  }
  const each = (visit: (id: string, similarity: number) => void) =>
    names.forEach((name, i) => {
      for (const id of index.products[name]!) visit(id, similarities[i]!);
    });
  let ids: string[] | undefined;
  let json: string | undefined;
  return {
    ids() {
      if (!ids) {
        const list: string[] = [];
        each((id, similarity) => similarity >= threshold && list.push(id));
        ids = list;
      }
      return ids;
    },
    json() {
      if (json === undefined) {
        const entries: string[] = [];
        each((id, similarity) => entries.push(`${JSON.stringify(id)}:${similarity}`));
        json = `{${entries.join(',')}}`;
      }
      return json;
    },
    byIds: (measured - whole) * MEASURE_COST > found * PROBE_COST,
  };
}

/** A search's view of the name index: one measurement per text and threshold for the call. */
export interface NameLookup {
  index: NameIndex;
  matches(text: string, threshold: number): NameMatches | null;
}

export function nameLookup(index: NameIndex): NameLookup {
  const measured = new Map<string, NameMatches | null>();
  return {
    index,
    matches(text, threshold) {
      const key = `${threshold}\u0000${text}`;
      if (!measured.has(key)) measured.set(key, matchNames(index, text, threshold));
      return measured.get(key)!;
    },
  };
}
