/**
 * What the session-built strategies (co_viewed, co_bought, session_knn) read and write, outside
 * any long transaction: the window's sessions read one day at a time into compact arrays (a
 * session is one session id on one day, so a day holds whole sessions), and a revision's rows
 * written in batches of their own statements. A build of a million rows thus never holds one
 * transaction for minutes (the embedded engine restarts past DB_WATCHDOG_MS), and its memory is
 * the window's views as 32-bit numbers plus one day's rows at a time.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';
import { arr } from '../platform/db/sql-array.ts';

/** The window's sessions, oldest first by their last event. */
export interface LoadedSessions {
  /** Product ids by internal number. */
  products: string[];
  /** Session s's views are items[starts[s] … starts[s + 1]), in the order they happened. */
  starts: Int32Array;
  items: Int32Array;
  /** 1 for a session kept out of training to measure the model on. */
  holdout: Uint8Array;
}

export const sessionCount = (loaded: LoadedSessions) => loaded.starts.length - 1;

/** The views of session s as product ids. */
export function sessionProducts(loaded: LoadedSessions, s: number): string[] {
  const out: string[] = [];
  for (let i = loaded.starts[s]!; i < loaded.starts[s + 1]!; i++)
    out.push(loaded.products[loaded.items[i]!]!);
  return out;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Reads the sessions of the events matching `where` (over `events e`) from `from` on, one day
 * a statement (the day index), each session's products in event order. `holdout` marks the
 * sessions the build keeps out of training (false: none).
 */
export async function loadSessions(
  db: Db | Tx,
  input: { siteId: number; from: string; now: Date; where: SQL; holdout: SQL | false },
): Promise<LoadedSessions> {
  const productNumber = new Map<string, number>();
  const products: string[] = [];
  const starts: number[] = [0];
  const items: number[] = [];
  const holdout: number[] = [];
  // A site's day is its local calendar day: a day either side of the UTC range covers any zone.
  const first = Date.parse(input.from) - 86_400_000;
  const last = input.now.getTime() + 2 * 86_400_000;
  for (let day = first; day <= last; day += 86_400_000) {
    const { rows } = await run<{ products: string; holdout: boolean }>(
      db,
      sql`select json_agg(e.product_id order by e.at, e.id)::text as products,
            ${input.holdout === false ? sql`false` : sql`bool_or(${input.holdout})`} as holdout
          from events e
          where e.site_id = ${input.siteId} and e.day = ${isoDay(day)}::date
            and e.at >= ${input.from}::timestamptz and e.product_id is not null and ${input.where}
          group by e.session_id order by max(e.at), e.session_id`,
    );
    for (const row of rows) {
      for (const id of JSON.parse(row.products) as string[]) {
        let n = productNumber.get(id);
        if (n === undefined) {
          n = products.length;
          productNumber.set(id, n);
          products.push(id);
        }
        items.push(n);
      }
      starts.push(items.length);
      holdout.push(row.holdout ? 1 : 0);
    }
  }
  return {
    products,
    starts: Int32Array.from(starts),
    items: Int32Array.from(items),
    holdout: Uint8Array.from(holdout),
  };
}

/** Rows a revision writes: [product_id, other_id, score]. */
export type ScoreRow = readonly [string, string, number];

/** Rows one insert statement carries. */
const WRITE_BATCH = 20_000;

/**
 * Writes a revision's rows in batches, each its own statement (unnest of three arrays: a fixed
 * number of parameters). Answers how many were written.
 */
export async function writeScores(
  db: Db | Tx,
  target: { siteId: number; hash: string; revision: number },
  rows: Iterable<ScoreRow>,
): Promise<number> {
  let written = 0;
  let batch: ScoreRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await run(
      db,
      sql`insert into recs_item_scores (site_id, hash, revision, product_id, other_id, score)
          select ${target.siteId}::int, ${target.hash}::text, ${target.revision}::int, u.p, u.o, u.s
          from unnest(${arr(batch.map((r) => r[0]))}::text[], ${arr(batch.map((r) => r[1]))}::text[],
            ${arr(batch.map((r) => r[2]))}::real[]) as u(p, o, s)`,
    );
    written += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
  return written;
}

/** Hit rate at 10 and 20 and MRR at 20 of a case set, as counts. */
export interface Ranks {
  cases: number;
  hitsAt10: number;
  hitsAt20: number;
  reciprocalAt20: number;
}

export const noRanks = (): Ranks => ({ cases: 0, hitsAt10: 0, hitsAt20: 0, reciprocalAt20: 0 });

/** Counts one case whose answer came at `rank` (1-based; null: not in the list). */
export function tally(ranks: Ranks, rank: number | null): void {
  ranks.cases += 1;
  if (rank === null || rank < 1) return;
  if (rank <= 10) ranks.hitsAt10 += 1;
  if (rank <= 20) {
    ranks.hitsAt20 += 1;
    ranks.reciprocalAt20 += 1 / rank;
  }
}

/** Counts a ranked list against the case's answer. */
export function tallyList(ranks: Ranks, ranked: readonly string[], next: string): void {
  const at = ranked.indexOf(next);
  tally(ranks, at < 0 ? null : at + 1);
}
