import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  RecsStrategy,
  RecsStrategyInput,
  RecsWidget,
  RecsWidgetInput,
} from '#contract/entities/recs.ts';
import { recsWidgetInput, recsStrategyInput } from '#contract/entities/recs.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { recsRevisions, recsStrategies, recsWidgets } from '../platform/db/schema.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { buildStrategy, toRevision } from './revisions.ts';
import { modelOf, storedConfigs } from './models.ts';
import { pagesRefused, refusal, widgetPages } from './widget-pages.ts';

type StrategyRow = typeof recsStrategies.$inferSelect;
type RevisionRow = typeof recsRevisions.$inferSelect;

function toStrategy(row: StrategyRow, revisions: RevisionRow[]): RecsStrategy {
  return {
    hash: row.hash,
    name: row.name,
    modelName: row.model,
    enabled: row.enabled,
    revision: row.revision,
    configs: row.configs,
    revisions: revisions
      .filter((r) => r.hash === row.hash)
      .sort((a, b) => b.revision - a.revision)
      .map(toRevision),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Strategies, widgets and their builds (spec part 2 §7 "Recommendations"). */
export function createRecsRepository(db: Db) {
  async function revisionsOf(tx: Db | Tx, siteId: number, hash?: string) {
    return tx
      .select()
      .from(recsRevisions)
      .where(
        hash === undefined
          ? eq(recsRevisions.siteId, siteId)
          : and(eq(recsRevisions.siteId, siteId), eq(recsRevisions.hash, hash)),
      );
  }

  async function row(tx: Db | Tx, siteId: number, hash: string, lock = false) {
    const query = tx
      .select()
      .from(recsStrategies)
      .where(and(eq(recsStrategies.siteId, siteId), eq(recsStrategies.hash, hash)));
    const [found] = lock ? await query.for('update') : await query;
    if (!found) throw notFound('Strategy');
    return found;
  }

  async function get(siteId: number, hash: string): Promise<RecsStrategy> {
    return toStrategy(await row(db, siteId, hash), await revisionsOf(db, siteId, hash));
  }

  async function update(
    siteId: number,
    hash: string,
    actor: string,
    change: (current: StrategyRow, tx: Tx) => Promise<Partial<StrategyRow>>,
  ): Promise<RecsStrategy> {
    await db.transaction(async (tx) => {
      const current = await row(tx, siteId, hash, true);
      const set = await change(current, tx);
      await tx
        .update(recsStrategies)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(recsStrategies.siteId, siteId), eq(recsStrategies.hash, hash)));
      await recordAudit(tx, {
        actor,
        action: 'update',
        entity: 'recs-strategy',
        entityId: `${siteId}/${hash}`,
        before: { enabled: current.enabled, revision: current.revision, configs: current.configs },
        after: set,
      });
    });
    return get(siteId, hash);
  }

  return {
    async list(siteId: number): Promise<RecsStrategy[]> {
      const rows = await db
        .select()
        .from(recsStrategies)
        .where(eq(recsStrategies.siteId, siteId))
        .orderBy(asc(recsStrategies.createdAt), asc(recsStrategies.hash));
      const revisions = await revisionsOf(db, siteId);
      return rows.map((r) => toStrategy(r, revisions));
    },

    get,

    async create(siteId: number, raw: RecsStrategyInput, actor: string): Promise<RecsStrategy> {
      const input = recsStrategyInput.parse(raw);
      const model = modelOf(input.modelName);
      const configs = storedConfigs(model, input.configs);
      const hash = createHash('sha256')
        .update(`${siteId}:${model.modelName}:${randomBytes(8).toString('hex')}`)
        .digest('hex')
        .slice(0, 12);
      await db.transaction(async (tx) => {
        await tx.insert(recsStrategies).values({
          siteId,
          hash,
          model: model.modelName,
          name: input.name,
          configs,
          createdBy: actor,
        });
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'recs-strategy',
          entityId: `${siteId}/${hash}`,
          after: { name: input.name, model: model.modelName, configs },
        });
      });
      return get(siteId, hash);
    },

    async remove(siteId: number, hash: string, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await row(tx, siteId, hash, true);
        // A strategy built on this one (baseStrategy) would serve nothing: it goes first.
        const dependants = await tx
          .select({ name: recsStrategies.name })
          .from(recsStrategies)
          .where(
            and(
              eq(recsStrategies.siteId, siteId),
              sql`${recsStrategies.configs}->>'baseStrategy' = ${hash}`,
            ),
          )
          .orderBy(asc(recsStrategies.name));
        if (dependants.length > 0)
          throw new HttpError(
            409,
            `The strategy is the base of ${dependants.map((d) => `«${d.name}»`).join(', ')}: change or delete those first`,
            { code: 'strategy-in-use', strategies: dependants.map((d) => d.name) },
          );
        await tx
          .delete(recsStrategies)
          .where(and(eq(recsStrategies.siteId, siteId), eq(recsStrategies.hash, hash)));
        await tx
          .update(recsWidgets)
          .set({ strategyHash: null })
          .where(and(eq(recsWidgets.siteId, siteId), eq(recsWidgets.strategyHash, hash)));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'recs-strategy',
          entityId: `${siteId}/${hash}`,
          before: { name: current.name, model: current.model, configs: current.configs },
        });
      });
    },

    setEnabled: (siteId: number, hash: string, enabled: boolean, actor: string) =>
      update(siteId, hash, actor, async () => ({ enabled })),

    setConfigs: (siteId: number, hash: string, configs: Record<string, string>, actor: string) =>
      update(siteId, hash, actor, async (current) => ({
        configs: storedConfigs(modelOf(current.model), configs),
      })),

    /** Switches what shoppers are served to a built revision, in one statement (atomic). */
    setRevision: (siteId: number, hash: string, revision: number, actor: string) =>
      update(siteId, hash, actor, async (_current, tx) => {
        const [built] = await tx
          .select({ revision: recsRevisions.revision })
          .from(recsRevisions)
          .where(
            and(
              eq(recsRevisions.siteId, siteId),
              eq(recsRevisions.hash, hash),
              eq(recsRevisions.revision, revision),
            ),
          );
        if (!built) throw new HttpError(400, `Revision ${revision} of ${hash} is not built`);
        return { revision };
      }),

    /** Builds a new revision of one strategy and, when `activate`, switches shoppers to it. */
    build: (siteId: number, hash: string, options: { activate: boolean; now?: Date }) =>
      buildStrategy(db, siteId, hash, options),

    async listWidgets(siteId: number): Promise<RecsWidget[]> {
      const rows = await db
        .select()
        .from(recsWidgets)
        .where(eq(recsWidgets.siteId, siteId))
        .orderBy(asc(recsWidgets.widgetId));
      return rows.map((r) => ({
        widgetId: r.widgetId,
        name: r.name,
        type: r.type as RecsWidget['type'],
        placements: r.placements,
        strategyHash: r.strategyHash,
      }));
    },

    async saveWidget(
      siteId: number,
      raw: RecsWidgetInput,
      mode: 'create' | 'update',
      actor: string,
    ): Promise<RecsWidget> {
      const input = recsWidgetInput.parse(raw);
      return db.transaction(async (tx) => {
        if (input.strategyHash) {
          // A strategy that cannot fill every page the widget shows on is refused, saying which.
          const strategy = await row(tx, siteId, input.strategyHash);
          const model = modelOf(strategy.model);
          const refused = pagesRefused(model, await widgetPages(tx, siteId, input.placements));
          if (refused.length > 0) throw refusal(model, refused);
        }
        const [existing] = await tx
          .select()
          .from(recsWidgets)
          .where(and(eq(recsWidgets.siteId, siteId), eq(recsWidgets.widgetId, input.widgetId)))
          .for('update');
        if (mode === 'create' && existing)
          throw new HttpError(409, `Widget ${input.widgetId} exists already`);
        if (mode === 'update' && !existing) throw notFound('Widget');
        const values = {
          name: input.name,
          type: input.type,
          placements: [...new Set(input.placements)],
          strategyHash: input.strategyHash,
          updatedAt: new Date(),
        };
        await tx
          .insert(recsWidgets)
          .values({ siteId, widgetId: input.widgetId, ...values })
          .onConflictDoUpdate({ target: [recsWidgets.siteId, recsWidgets.widgetId], set: values });
        await recordAudit(tx, {
          actor,
          action: mode,
          entity: 'recs-widget',
          entityId: `${siteId}/${input.widgetId}`,
          before: existing ?? null,
          after: values,
        });
        return { widgetId: input.widgetId, ...values };
      });
    },

    async removeWidget(siteId: number, widgetId: string, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(recsWidgets)
          .where(and(eq(recsWidgets.siteId, siteId), eq(recsWidgets.widgetId, widgetId)))
          .returning();
        if (!gone) throw notFound('Widget');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'recs-widget',
          entityId: `${siteId}/${widgetId}`,
          before: gone,
        });
      });
    },
  };
}
export type RecsRepository = ReturnType<typeof createRecsRepository>;
