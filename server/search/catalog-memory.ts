/**
 * What a process keeps of a site's live catalog for its public searches: the name index
 * (name-index.ts), the catalog's words (word-index.ts) and its categories. An import's product
 * names, words and categories never change once it is built (a delta feed changes prices,
 * availability and params in place; a new feed or a reindex builds a new import), so the memory
 * is keyed by import and never stale. It is read from the database in the background the first
 * time a search of the import needs it; until then, and for whatever it cannot decide, the
 * database answers, to the same values.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { readCategories, type CategoryMap } from './common.ts';
import { buildNameIndex, type NameIndex } from './name-index.ts';
import { wordIndex, type WordIndex } from './word-index.ts';

export interface CatalogMemory {
  importId: number;
  names: NameIndex;
  words: WordIndex;
  categories: CategoryMap;
}

export async function buildCatalogMemory(db: Db, importId: number): Promise<CatalogMemory> {
  const names = await buildNameIndex(db, importId);
  const { rows: words } = await run<{ word: string; products: number }>(
    db,
    sql`select word, products from catalog_words where import_id = ${importId}`,
  );
  const categories = await readCategories(db, importId);
  return { importId, names, words: wordIndex(words), categories };
}

/**
 * Distinct names the kept memories may hold together (a name costs about 480 bytes: 263 000 of the
 * corpus feeds' kind took 126 MB); past it the least recently used import's memory goes first.
 * Its searches are then answered by the database until a search builds it again.
 */
const KEPT_NAMES = 1_000_000;
/** And at most this many imports, however small. */
const KEPT_IMPORTS = 64;

/** The catalog memories of one database's live imports. */
export interface CatalogMemories {
  /** The import's memory when it is built; else starts building it and answers undefined. */
  ready(importId: number): CatalogMemory | undefined;
  /** The import's memory, built if need be (tests and benches). */
  built(importId: number): Promise<CatalogMemory>;
}

export function createCatalogMemories(
  db: Db,
  limits: { names: number; imports: number } = { names: KEPT_NAMES, imports: KEPT_IMPORTS },
): CatalogMemories {
  type Entry = { memory?: CatalogMemory; building: Promise<CatalogMemory> };
  const kept = new Map<number, Entry>();
  // The least recently used first (a read moves an entry to the end), never the newest.
  const evict = () => {
    let names = 0;
    for (const entry of kept.values()) names += entry.memory?.names.names.length ?? 0;
    for (const [importId, entry] of kept) {
      if (kept.size <= 1 || (names <= limits.names && kept.size <= limits.imports)) break;
      names -= entry.memory?.names.names.length ?? 0;
      kept.delete(importId);
    }
  };
  const entry = (importId: number) => {
    const found = kept.get(importId);
    if (found) {
      kept.delete(importId);
      kept.set(importId, found);
      return found;
    }
    const created: Entry = { building: buildCatalogMemory(db, importId) };
    kept.set(importId, created);
    created.building.then(
      (memory) => {
        created.memory = memory;
        evict();
      },
      // A failed build is tried again by a later search; meanwhile the database answers.
      () => kept.get(importId) === created && kept.delete(importId),
    );
    return created;
  };
  return {
    ready: (importId) => entry(importId).memory,
    built: (importId) => entry(importId).building,
  };
}
