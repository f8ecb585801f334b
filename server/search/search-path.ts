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
