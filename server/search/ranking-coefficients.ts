import { eq } from 'drizzle-orm';
import { RANKING_DEFAULTS, type RankingCoefficients } from '#contract/entities/recs.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { rankingCoefficients } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';

/** A site's ranking coefficients (the defaults reproduce part 1's ranking exactly). */
export async function readCoefficients(db: Db | Tx, siteId: number): Promise<RankingCoefficients> {
  const [row] = await db
    .select({ coefficients: rankingCoefficients.coefficients })
    .from(rankingCoefficients)
    .where(eq(rankingCoefficients.siteId, siteId));
  return { ...RANKING_DEFAULTS, ...(row?.coefficients ?? {}) };
}

export async function saveCoefficients(
  db: Db,
  siteId: number,
  coefficients: RankingCoefficients,
  actor: string,
  /** More writes of the same change (a ranking model switched on), in its transaction. */
  also?: (tx: Tx) => Promise<void>,
): Promise<RankingCoefficients> {
  return db.transaction(async (tx) => {
    const before = await readCoefficients(tx, siteId);
    await tx
      .insert(rankingCoefficients)
      .values({ siteId, coefficients, updatedBy: actor })
      .onConflictDoUpdate({
        target: rankingCoefficients.siteId,
        set: { coefficients, updatedBy: actor, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'ranking-coefficients',
      entityId: siteId,
      before,
      after: coefficients,
    });
    await also?.(tx);
    return coefficients;
  });
}
