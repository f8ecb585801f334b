/**
 * Custom models (spec part 2 §7 "Custom model"): named lists of products per query, uploaded or
 * edited, each write audited with the lists it replaced so the audit can restore them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { CustomModel, customModelInput } from '#contract/entities/merchandising.ts';
import { arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { customModelEntries, customModels } from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { queryKey } from '../search/merchandising.ts';

/**
 * A custom model as the audit records it: the model row with every entry of its lists, so a
 * restore from the audit (server/audit/restore.ts) can put both back.
 */
export async function modelSnapshot(tx: Db | Tx, modelId: number) {
  const [row] = await tx.select().from(customModels).where(eq(customModels.id, modelId));
  if (!row) return null;
  const entries = await tx
    .select()
    .from(customModelEntries)
    .where(eq(customModelEntries.modelId, modelId))
    .orderBy(asc(customModelEntries.queryKey), asc(customModelEntries.position));
  return { ...row, entries };
}

export function createCustomModels(db: Db) {
  const models = {
    async models(siteId: number, modelId?: number): Promise<CustomModel[]> {
      const models = await db
        .select()
        .from(customModels)
        .where(
          and(
            eq(customModels.siteId, siteId),
            modelId === undefined ? undefined : eq(customModels.id, modelId),
          ),
        )
        .orderBy(asc(customModels.id));
      if (!models.length) return [];
      const entries = await db
        .select()
        .from(customModelEntries)
        .where(
          sql`${customModelEntries.modelId} = any(${arrayParam(
            models.map((m) => m.id),
            'int',
          )})`,
        )
        .orderBy(
          asc(customModelEntries.modelId),
          asc(customModelEntries.queryKey),
          asc(customModelEntries.position),
        );
      return models.map((model) => {
        const queries = new Map<string, { query: string; productIds: string[] }>();
        for (const entry of entries.filter((e) => e.modelId === model.id)) {
          const list = queries.get(entry.queryKey) ?? { query: entry.query, productIds: [] };
          list.productIds.push(entry.productId);
          queries.set(entry.queryKey, list);
        }
        return {
          id: model.id,
          name: model.name,
          enabled: model.enabled,
          queries: [...queries.values()],
          updatedAt: model.updatedAt.toISOString(),
        };
      });
    },

    async saveModel(
      siteId: number,
      input: z.output<typeof customModelInput>,
      actor: string,
      id?: number,
    ): Promise<CustomModel> {
      try {
        const modelId = await db.transaction(async (tx) => {
          const [before] =
            id === undefined
              ? []
              : await tx
                  .select()
                  .from(customModels)
                  .where(and(eq(customModels.siteId, siteId), eq(customModels.id, id)))
                  .for('update');
          if (id !== undefined && !before) throw notFound('Custom model');
          const [row] =
            id === undefined
              ? await tx
                  .insert(customModels)
                  .values({ siteId, name: input.name, enabled: input.enabled })
                  .returning()
              : await tx
                  .update(customModels)
                  .set({ name: input.name, enabled: input.enabled, updatedAt: new Date() })
                  .where(and(eq(customModels.siteId, siteId), eq(customModels.id, id)))
                  .returning();
          if (!row) throw notFound('Custom model');
          await recordAudit(tx, {
            actor,
            action: id === undefined ? 'create' : 'update',
            entity: 'custom-model',
            entityId: row.id,
            before: before ?? null,
            after: row,
          });
          return row.id;
        });
        return (await models.models(siteId, modelId))[0]!;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `There is already a model named «${input.name}»`, {
            code: 'duplicate',
          });
        throw error;
      }
    },

    deleteModel: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        // the lists go with the model (cascade): the audit keeps them for a restore
        const before = await modelSnapshot(tx, id);
        if (!before || before.siteId !== siteId) throw notFound('Custom model');
        await tx.delete(customModels).where(eq(customModels.id, id));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'custom-model',
          entityId: id,
          before,
        });
      }),

    async modelOf(tx: Db | Tx, siteId: number, modelId: number) {
      const [row] = await tx
        .select()
        .from(customModels)
        .where(and(eq(customModels.siteId, siteId), eq(customModels.id, modelId)));
      if (!row) throw notFound('Custom model');
      return row;
    },

    /** Replaces the lists of the uploaded queries (each query's list as the file orders it). */
    async replaceModelLists(
      tx: Tx,
      siteId: number,
      modelId: number,
      actor: string,
      lists: Map<string, { query: string; productIds: string[] }>,
    ) {
      // the lists the file replaces, for the audit's before-state
      const before = lists.size
        ? await tx
            .select()
            .from(customModelEntries)
            .where(
              and(
                eq(customModelEntries.modelId, modelId),
                sql`${customModelEntries.queryKey} = any(${arrayParam([...lists.keys()], 'text')})`,
              ),
            )
            .orderBy(asc(customModelEntries.queryKey), asc(customModelEntries.position))
        : [];
      for (const [key, list] of lists) {
        await tx
          .delete(customModelEntries)
          .where(
            and(eq(customModelEntries.modelId, modelId), eq(customModelEntries.queryKey, key)),
          );
        await tx.insert(customModelEntries).values(
          list.productIds.map((productId, position) => ({
            modelId,
            query: list.query,
            queryKey: key,
            productId,
            position,
          })),
        );
      }
      await tx
        .update(customModels)
        .set({ updatedAt: new Date() })
        .where(eq(customModels.id, modelId));
      await recordAudit(tx, {
        actor,
        action: 'upload',
        entity: 'custom-model',
        entityId: modelId,
        before,
        after: Object.fromEntries(lists),
        siteId,
      });
    },

    deleteModelEntries: (
      siteId: number,
      modelId: number,
      actor: string,
      what: { query?: string | undefined; productId?: string | undefined },
    ) =>
      db.transaction(async (tx) => {
        const [model] = await tx
          .select()
          .from(customModels)
          .where(and(eq(customModels.siteId, siteId), eq(customModels.id, modelId)));
        if (!model) throw notFound('Custom model');
        const removed = await tx
          .delete(customModelEntries)
          .where(
            and(
              eq(customModelEntries.modelId, modelId),
              what.query !== undefined
                ? eq(customModelEntries.queryKey, queryKey(what.query))
                : undefined,
              what.productId !== undefined
                ? eq(customModelEntries.productId, what.productId)
                : undefined,
            ),
          )
          .returning();
        if (!removed.length)
          throw notFound(
            what.productId !== undefined ? 'Product in the model' : 'Query in the model',
          );
        await recordAudit(tx, {
          actor,
          action: what.productId !== undefined ? 'delete-product' : 'delete-query',
          entity: 'custom-model',
          entityId: modelId,
          before: removed,
          siteId,
        });
      }),
  };
  return models;
}
