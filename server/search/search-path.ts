/**
 * Which statements the public search and autocomplete count with. `one-pass` computes the match
 * once into a materialized set that every facet and suggestion count reads; `per-statement` is
 * the earlier path (one statement per facet, each computing the match again), kept callable only
 * so the equivalence suite (tests/server/search/search-equivalence.test.ts) and `npm run bench:search`
 * can compare the two on the same catalog. It goes once the equivalence holds on both databases.
 */
export type SearchPath = 'one-pass' | 'per-statement';

let current: SearchPath = 'one-pass';

export const searchPath = (): SearchPath => current;

/** Switches the process's path (tests and the bench only). */
export function useSearchPath(path: SearchPath): void {
  current = path;
}

let memoryOn = true;

/**
 * Whether a search reads what the process keeps of the live catalog (catalog-memory.ts: the
 * names' typo match, the words, the categories): on the one-pass path, unless the bench turned it
 * off to measure what it saves.
 */
export const readsCatalogMemory = (): boolean => current === 'one-pass' && memoryOn;

/** Turns the catalog memory on or off for the process (the bench only). */
export function useCatalogMemory(on: boolean): void {
  memoryOn = on;
}
