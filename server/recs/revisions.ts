/**
 * A strategy's build: a new revision written beside the served one and switched to when it is
 * complete (docs/recs-diginetica.md, "How a build runs").
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecsQuality, RecsRevision } from '#contract/entities/recs.ts';
import { recsQuality } from '#contract/entities/recs.ts';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { recsItemScores, recsRevisions, recsStrategies } from '../platform/db/schema.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { buildRevision } from './build.ts';
import { modelOf } from './models.ts';
import { sessionIndex } from './session-knn-store.ts';

type RevisionRow = typeof recsRevisions.$inferSelect;

/** How many built revisions of a strategy are kept (the current one always is). */
export const KEEP_REVISIONS = 3;

/** The product_id of the row that reserves a revision while it is built (no product's id). */
const BUILDING = '\u0001building';

export function toRevision(row: RevisionRow): RecsRevision {
  return {
    revision: row.revision,
    configs: row.configs,
    rows: row.rows,
    events: row.events,
    // Revisions built before a figure was measured read it as null.
    quality: recsQuality.parse(row.quality),
    builtAt: row.builtAt.toISOString(),
  };
}

async function lockedStrategy(tx: Tx, siteId: number, hash: string) {
  const [found] = await tx
    .select()
    .from(recsStrategies)
    .where(and(eq(recsStrategies.siteId, siteId), eq(recsStrategies.hash, hash)))
    .for('update');
  if (!found) throw notFound('Strategy');
  return found;
}

/**
 * Builds a new revision of one strategy from the event store and, when `activate`, switches
 * shoppers to it; the older revisions beyond KEEP_REVISIONS go. Three steps, none a long
 * transaction: the revision number is reserved (a marker row of the new revision, under the
 * strategy's row lock), the rows are written in batches outside any transaction (invisible:
 * shoppers read the strategy's current revision), then one short transaction checks the
 * marker, records the revision and switches to it. The rows of revisions no longer kept
 * (and of builds that died) are deleted after the switch.
 */
export async function buildStrategy(
  db: Db,
  siteId: number,
  hash: string,
  options: { activate: boolean; now?: Date },
): Promise<RecsRevision | null> {
  const reserved = await db.transaction(async (tx) => {
    const current = await lockedStrategy(tx, siteId, hash);
    const model = modelOf(current.model);
    if (model.source !== 'events' && model.source !== 'catalog') return null;
    // Past every revision recorded and every one whose rows exist (a build in flight or dead).
    const [{ next } = { next: 1 }] = (
      await run<{ next: number }>(
        tx,
        sql`select greatest(
                  (select coalesce(max(revision), 0) from recs_revisions
                    where site_id = ${siteId} and hash = ${hash}),
                  (select coalesce(max(revision), 0) from recs_item_scores
                    where site_id = ${siteId} and hash = ${hash}))::int + 1 as next`,
      )
    ).rows;
    await tx.insert(recsItemScores).values({
      siteId,
      hash,
      revision: next,
      productId: BUILDING,
      otherId: '',
      score: 0,
    });
    return { model, configs: current.configs, next };
  });
  if (!reserved) return null;
  const { model, configs, next } = reserved;
  const rowsOf = (revision: number) =>
    and(
      eq(recsItemScores.siteId, siteId),
      eq(recsItemScores.hash, hash),
      eq(recsItemScores.revision, revision),
    );
  let output: Awaited<ReturnType<typeof buildRevision>>;
  try {
    output = await buildRevision(db, {
      siteId,
      hash,
      revision: next,
      model,
      configs,
      now: options.now ?? new Date(),
    });
  } catch (error) {
    await db
      .delete(recsItemScores)
      .where(rowsOf(next))
      .catch(() => undefined);
    throw error;
  }
  const { saved, keep } = await db.transaction(async (tx) => {
    const current = await lockedStrategy(tx, siteId, hash);
    const [marker] = await tx
      .delete(recsItemScores)
      .where(and(rowsOf(next), eq(recsItemScores.productId, BUILDING)))
      .returning({ revision: recsItemScores.revision });
    if (!marker)
      throw new HttpError(409, `Revision ${next} of ${hash} was dropped while it was built`);
    const [previous] = await tx
      .select()
      .from(recsRevisions)
      .where(
        and(
          eq(recsRevisions.siteId, siteId),
          eq(recsRevisions.hash, hash),
          eq(recsRevisions.revision, current.revision),
        ),
      );
    const quality: RecsQuality = {
      ...output.quality,
      previousHitRateAt10: previous ? (previous.quality as RecsQuality).hitRateAt10 : null,
    };
    const [saved] = await tx
      .insert(recsRevisions)
      .values({
        siteId,
        hash,
        revision: next,
        configs,
        rows: output.rows,
        events: output.events,
        quality,
      })
      .returning();
    const served = options.activate ? next : current.revision;
    if (options.activate)
      await tx
        .update(recsStrategies)
        .set({ revision: next, updatedAt: new Date() })
        .where(and(eq(recsStrategies.siteId, siteId), eq(recsStrategies.hash, hash)));
    const keep = (
      await tx
        .select({ revision: recsRevisions.revision })
        .from(recsRevisions)
        .where(and(eq(recsRevisions.siteId, siteId), eq(recsRevisions.hash, hash)))
        .orderBy(desc(recsRevisions.revision))
    )
      .map((r) => r.revision)
      .filter((r, index) => index < KEEP_REVISIONS || r === served);
    await run(
      tx,
      sql`delete from recs_revisions where site_id = ${siteId} and hash = ${hash}
                and not (revision = any(${`{${keep.join(',')}}`}::int[]))`,
    );
    return { saved: saved!, keep };
  });
  // Revisions below this one that are not kept: none can be switched to any more (the switch
  // needs a recorded revision), and builds in flight hold higher numbers.
  await db
    .delete(recsItemScores)
    .where(
      and(
        eq(recsItemScores.siteId, siteId),
        eq(recsItemScores.hash, hash),
        sql`${recsItemScores.revision} < ${next}`,
        sql`not (${recsItemScores.revision} = any(${`{${keep.join(',')}}`}::int[]))`,
      ),
    );
  // The process that switched serves the new revision from a warm index: its first shopper does
  // not wait for the load (other processes load it on their first call).
  if (options.activate && model.modelName === 'session_knn')
    void sessionIndex(db, siteId, hash, next).catch(() => {});
  return toRevision(saved);
}
