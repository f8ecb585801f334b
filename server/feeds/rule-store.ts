import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FeedRule, FeedRuleInput } from '#contract/entities/feeds.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { feedAttributes, feedRules } from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

const toRule = (row: typeof feedRules.$inferSelect): FeedRule => ({
  ruleId: row.id,
  entityId: row.entityId,
  entityName: row.entityName as FeedRule['entityName'],
  type: row.type as FeedRule['type'],
});

/** A site's feed rules and the attribute names its feeds carry; rule writes audited in their transaction. */
export function createFeedRuleStore(db: Db) {
  return {
    async rules(siteId: number): Promise<FeedRule[]> {
      const rows = await db
        .select()
        .from(feedRules)
        .where(eq(feedRules.siteId, siteId))
        .orderBy(asc(feedRules.id));
      return rows.map(toRule);
    },

    async saveRule(siteId: number, input: FeedRuleInput, actor: string): Promise<FeedRule> {
      try {
        return await db.transaction(async (tx) => {
          const values = {
            entityId: input.entityId,
            entityName: input.entityName,
            type: input.type,
          };
          let row: typeof feedRules.$inferSelect | undefined;
          let before: FeedRule | null = null;
          if (input.ruleId !== undefined) {
            const [old] = await tx
              .select()
              .from(feedRules)
              .where(and(eq(feedRules.siteId, siteId), eq(feedRules.id, input.ruleId)))
              .for('update');
            if (!old) throw notFound('Feed rule');
            before = toRule(old);
            [row] = await tx
              .update(feedRules)
              .set(values)
              .where(eq(feedRules.id, input.ruleId))
              .returning();
          } else {
            [row] = await tx
              .insert(feedRules)
              .values({ siteId, ...values })
              .returning();
          }
          const rule = toRule(row!);
          await recordAudit(tx, {
            actor,
            action: before ? 'update' : 'create',
            entity: 'feed-rule',
            entityId: rule.ruleId,
            before,
            after: { siteId, ...rule },
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'The same feed rule already exists', { code: 'duplicate' });
        throw error;
      }
    },

    async deleteRule(siteId: number, ruleId: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(feedRules)
          .where(and(eq(feedRules.siteId, siteId), eq(feedRules.id, ruleId)))
          .returning();
        if (!row) throw notFound('Feed rule');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'feed-rule',
          entityId: ruleId,
          before: { siteId, ...toRule(row) },
        });
      });
    },

    // --- attributes ---------------------------------------------------------------------

    async attributes(siteId: number): Promise<string[]> {
      const rows = await db
        .select({ name: feedAttributes.name })
        .from(feedAttributes)
        .where(eq(feedAttributes.siteId, siteId))
        .orderBy(asc(feedAttributes.name));
      return rows.map((row) => row.name);
    },

    /** Adds names (in the caller's transaction); the ones already there are returned as duplicates. */
    async addAttributes(tx: Tx, siteId: number, names: string[]): Promise<Set<string>> {
      const added = new Set<string>();
      for (let i = 0; i < names.length; i += 1000) {
        const rows = await tx
          .insert(feedAttributes)
          .values(names.slice(i, i + 1000).map((name) => ({ siteId, name })))
          .onConflictDoNothing()
          .returning({ name: feedAttributes.name });
        for (const row of rows) added.add(row.name);
      }
      return added;
    },

    async removeAttributes(tx: Tx, siteId: number, names: string[]): Promise<Set<string>> {
      const removed = new Set<string>();
      for (let i = 0; i < names.length; i += 1000) {
        const rows = await tx
          .delete(feedAttributes)
          .where(
            and(
              eq(feedAttributes.siteId, siteId),
              inArray(feedAttributes.name, names.slice(i, i + 1000)),
            ),
          )
          .returning({ name: feedAttributes.name });
        for (const row of rows) removed.add(row.name);
      }
      return removed;
    },
  };
}
