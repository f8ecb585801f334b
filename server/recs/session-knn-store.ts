/**
 * The session_knn revision table and its in-memory index. A revision's rows in recs_item_scores
 * are the window's sessions of two views or more, one row each: product_id the session's rank
 * (oldest first by its last view; also the score), other_id the JSON array of the products it
 * viewed, in order. Serving loads a revision once per process into a SessionIndex (a few
 * revisions are kept); the build measures an index of the training sessions, built by the same
 * code, on the held-out ones with the same scorer.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import type { effectiveConfigs } from './models.ts';
import {
  noRanks,
  sessionCount,
  sessionProducts,
  tallyList,
  writeScores,
  type LoadedSessions,
  type Ranks,
  type ScoreRow,
} from './session-data.ts';
import {
  buildSessionIndex,
  sessionKnnScores,
  type SessionIndex,
  type SessionKnnParams,
} from './session-knn.ts';
import { inKeyOrder } from './item-knn.ts';

export type { Ranks } from './session-data.ts';

/** A session_knn strategy's scoring settings from its effective configs. */
export function sessionKnnParams(c: ReturnType<typeof effectiveConfigs>): SessionKnnParams {
  return {
    neighbours: c.int('neighbours'),
    sampleSize: c.int('sampleSize'),
    positionDecay: c.float('positionDecay'),
    matchDecay: c.float('matchDecay'),
    normalise: c.bool('normalise'),
    idfWeight: c.float('idfWeight'),
    reminder: c.float('reminder'),
  };
}

async function readIndex(
  db: Db | Tx,
  siteId: number,
  hash: string,
  revision: number,
): Promise<SessionIndex> {
  const { rows } = await run<{ other_id: string }>(
    db,
    sql`select other_id from recs_item_scores
        where site_id = ${siteId} and hash = ${hash} and revision = ${revision}
        order by score`,
  );
  return buildSessionIndex(rows.map((row) => JSON.parse(row.other_id) as string[]));
}

/** Loaded revisions by `site:hash:revision`, the most recently used last. */
const loaded = new Map<string, Promise<SessionIndex>>();
const KEEP_LOADED = 4;

/**
 * The index of a served revision, loaded on first use (a revision never changes once built).
 * `db` should be the process's own database, not a public call's bounded read: a load (186 670
 * sessions on DIGINETICA) may take longer than one call's budget, and a load the budget cut
 * short answered 503 and was started again by the next call; run on its own, it finishes for
 * the calls after it whatever happens to the call that started it.
 */
export function sessionIndex(
  db: Db | Tx,
  siteId: number,
  hash: string,
  revision: number,
): Promise<SessionIndex> {
  const key = `${siteId}:${hash}:${revision}`;
  let index = loaded.get(key);
  if (index) loaded.delete(key);
  else {
    index = readIndex(db, siteId, hash, revision);
    index.catch(() => loaded.delete(key));
  }
  loaded.set(key, index);
  while (loaded.size > KEEP_LOADED) loaded.delete(loaded.keys().next().value!);
  return index;
}

/** Whether this process holds the revision's index (loaded or loading). */
export function sessionIndexHeld(siteId: number, hash: string, revision: number): boolean {
  return loaded.has(`${siteId}:${hash}:${revision}`);
}

/** A stored session's JSON stays well inside a btree entry (the table's key holds it). */
const MAX_SESSION_JSON = 2000;

/** A session as its stored JSON: its newest views that fit (two at least). */
function storedSession(products: string[]): string {
  let length = 2;
  let from = products.length;
  while (from > 0) {
    const add = JSON.stringify(products[from - 1]).length + (from < products.length ? 1 : 0);
    if (length + add > MAX_SESSION_JSON && products.length - from >= 2) break;
    length += add;
    from -= 1;
  }
  return JSON.stringify(from === 0 ? products : products.slice(from));
}

/**
 * Writes a revision: every session of two views or more of the window, held-out ones included
 * (they are kept out of the index the quality is measured with, not out of the one served), as
 * rows (rank, products JSON, rank), oldest first. With `holdout`, measures the held-out sessions
 * against an index of the training ones: each view after the first that differs from the one
 * before it is a case (prefix → that view), scored as the storefront scores it (the page's
 * product left out), up to `limit` cases; popularity's top 10 (`popular`) the baseline.
 */
export async function buildSessionKnn(
  db: Db | Tx,
  target: { siteId: number; hash: string; revision: number },
  loaded: LoadedSessions,
  options: {
    params: SessionKnnParams;
    holdout: boolean;
    popular: readonly string[];
    limit: number;
  },
): Promise<{ rows: number; model: Ranks; popularity: Ranks }> {
  const sessions = sessionCount(loaded);
  const long = (s: number) => loaded.starts[s + 1]! - loaded.starts[s]! >= 2;
  // Written in the order of the key (the rank as text), so the table's key grows at its end.
  function* rows(): Generator<ScoreRow> {
    const kept: number[] = [];
    for (let s = 0; s < sessions; s++) if (long(s)) kept.push(s);
    for (const at of inKeyOrder(kept.map((_, i) => String(i + 1)))) {
      const rank = at + 1;
      yield [String(rank), storedSession(sessionProducts(loaded, kept[at]!)), rank];
    }
  }
  const written = await writeScores(db, target, rows());
  const model = noRanks();
  const popularity = noRanks();
  if (!options.holdout) return { rows: written, model, popularity };
  const training: string[][] = [];
  for (let s = 0; s < sessions; s++)
    if (long(s) && loaded.holdout[s] === 0) training.push(sessionProducts(loaded, s));
  const index = buildSessionIndex(training);
  for (let s = 0; s < sessions && model.cases < options.limit; s++) {
    if (loaded.holdout[s] === 0 || !long(s)) continue;
    const views = sessionProducts(loaded, s);
    for (let i = 1; i < views.length && model.cases < options.limit; i++) {
      const current = views[i - 1]!;
      if (views[i] === current) continue;
      const ranked = sessionKnnScores(index, views.slice(0, i), options.params, 21)
        .map(([id]) => id)
        .filter((id) => id !== current)
        .slice(0, 20);
      tallyList(model, ranked, views[i]!);
      tallyList(popularity, options.popular.filter((id) => id !== current).slice(0, 10), views[i]!);
    }
  }
  return { rows: written, model, popularity };
}
