/**
 * The session_knn revision table and its in-memory index. A revision's rows in recs_item_scores
 * are its training sessions, one row each: product_id the session's rank (oldest first by its
 * last view; also the score), other_id the JSON array of the products it viewed, in order.
 * Serving loads a revision once per process into a SessionIndex (a few revisions are kept); the
 * build measures the revision it wrote through the same loader and scorer.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { KIND } from '../events/codes.ts';
import type { effectiveConfigs } from './models.ts';
import {
  buildSessionIndex,
  sessionKnnScores,
  type SessionIndex,
  type SessionKnnParams,
} from './session-knn.ts';

/** Ranks of held-out cases: as many as the item strategies' measure reads. */
const MEASURE_CASES = 20_000;

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

/**
 * The statement that writes a revision: the window's training sessions of two views or more.
 * `train` and `from` as the build gives them for the other event strategies.
 */
export function sessionKnnInsert(into: SQL, head: SQL, siteId: number, from: string, train: SQL) {
  return sql`${into}
    with s as (
      select max(e.at) as last_at, e.session_id, e.day,
        json_agg(e.product_id order by e.at, e.id)::text as products
      from events e
      where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and ${train}
        and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
      group by e.session_id, e.day having count(*) >= 2
    ), ranked as (
      select products, row_number() over (order by last_at, session_id, day) as rank from s
    )
    select ${head}, rank::text, products, rank::real from ranked`;
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

/** The index of a served revision, loaded on first use (a revision never changes once built). */
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

/** Hit rate and MRR of one case set, with the hit rate at 10 the other strategies report. */
export interface Ranks {
  cases: number;
  hitsAt10: number;
  hitsAt20: number;
  reciprocalAt20: number;
}

/**
 * Measures a just-written revision on the window's held-out sessions: each view after the first
 * that differs from the one before it is a case (prefix → that view), scored as the storefront
 * scores it (the page's product left out); also popularity's top 10 (training views).
 */
export async function measureSessionKnn(
  tx: Db | Tx,
  input: { siteId: number; hash: string; revision: number },
  from: string,
  holdout: SQL,
  params: SessionKnnParams,
): Promise<{ model: Ranks; popularity: Ranks }> {
  const { siteId } = input;
  const index = await readIndex(tx, siteId, input.hash, input.revision);
  const { rows } = await run<{ key: string; product_id: string }>(
    tx,
    sql`select e.session_id || '/' || e.day::text as key, e.product_id from events e
        where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and ${holdout}
          and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
        order by e.session_id, e.day, e.at, e.id`,
  );
  const { rows: popular } = await run<{ product_id: string }>(
    tx,
    sql`select e.product_id from events e
        where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and not ${holdout}
          and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
        group by e.product_id order by count(*) desc, e.product_id limit 11`,
  );
  const model: Ranks = { cases: 0, hitsAt10: 0, hitsAt20: 0, reciprocalAt20: 0 };
  const popularity: Ranks = { cases: 0, hitsAt10: 0, hitsAt20: 0, reciprocalAt20: 0 };
  const count = (ranks: Ranks, ranked: string[], next: string) => {
    const rank = ranked.indexOf(next) + 1;
    ranks.cases += 1;
    if (rank > 0 && rank <= 10) ranks.hitsAt10 += 1;
    if (rank > 0 && rank <= 20) {
      ranks.hitsAt20 += 1;
      ranks.reciprocalAt20 += 1 / rank;
    }
  };
  for (let i = 1; i < rows.length && model.cases < MEASURE_CASES; i++) {
    const row = rows[i]!;
    const previous = rows[i - 1]!;
    if (row.key !== previous.key || row.product_id === previous.product_id) continue;
    let start = i - 1;
    while (start > 0 && rows[start - 1]!.key === row.key) start--;
    const prefix = rows.slice(start, i).map((r) => r.product_id);
    const ranked = sessionKnnScores(index, prefix, params, 21)
      .map(([id]) => id)
      .filter((id) => id !== previous.product_id)
      .slice(0, 20);
    count(model, ranked, row.product_id);
    count(
      popularity,
      popular
        .map((p) => p.product_id)
        .filter((id) => id !== previous.product_id)
        .slice(0, 10),
      row.product_id,
    );
  }
  return { model, popularity };
}
