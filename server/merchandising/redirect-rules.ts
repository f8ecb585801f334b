/** Redirect rules (spec part 2 §7 "Merchandising"): a query that sends the shopper to a page. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { RedirectRule, redirectRuleInput } from '#contract/entities/merchandising.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { merchRedirects } from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { queryKey } from '../search/merchandising.ts';

export type RedirectInput = z.output<typeof redirectRuleInput>;

function toRedirect(row: typeof merchRedirects.$inferSelect): RedirectRule {
  return {
    id: row.id,
    query: row.query,
    url: row.url,
    mobileUrl: row.mobileUrl,
    name: row.name,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createRedirectRules(db: Db) {
  return {
    async redirects(siteId: number, text: string, paging: { offset: number; limit: number }) {
      const where = and(
        eq(merchRedirects.siteId, siteId),
        text
          ? sql`(${merchRedirects.query} ilike ${containsPattern(text)} or ${merchRedirects.url} ilike ${containsPattern(text)} or coalesce(${merchRedirects.name}, '') ilike ${containsPattern(text)})`
          : undefined,
      );
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(merchRedirects)
        .where(where);
      const rows = await db
        .select()
        .from(merchRedirects)
        .where(where)
        .orderBy(asc(merchRedirects.query), asc(merchRedirects.id))
        .limit(paging.limit)
        .offset(paging.offset);
      return { total: n, items: rows.map(toRedirect) };
    },

    async saveRedirect(
      siteId: number,
      input: RedirectInput,
      actor: string,
      id?: number,
      tx?: Tx,
    ): Promise<RedirectRule> {
      const key = queryKey(input.query);
      if (!key) throw new HttpError(400, `The query «${input.query}» has no words`);
      const values = {
        siteId,
        query: input.query.trim(),
        queryKey: key,
        url: input.url,
        mobileUrl: input.mobileUrl,
        name: input.name || null,
        updatedAt: new Date(),
      };
      const write = async (t: Tx) => {
        let before: typeof merchRedirects.$inferSelect | undefined;
        if (id !== undefined) {
          [before] = await t
            .select()
            .from(merchRedirects)
            .where(and(eq(merchRedirects.siteId, siteId), eq(merchRedirects.id, id)));
          if (!before) throw notFound('Redirect rule');
        }
        const [row] = (
          id === undefined
            ? await t.insert(merchRedirects).values(values).returning()
            : await t
                .update(merchRedirects)
                .set(values)
                .where(eq(merchRedirects.id, id))
                .returning()
        ) as [typeof merchRedirects.$inferSelect];
        await recordAudit(t, {
          actor,
          action: id === undefined ? 'create' : 'update',
          entity: 'redirect-rule',
          entityId: row.id,
          before: before ?? null,
          after: row,
        });
        return toRedirect(row);
      };
      try {
        return tx ? await write(tx) : await db.transaction(write);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, `There is already a redirect for «${input.query}»`, {
            code: 'duplicate',
          });
        throw error;
      }
    },

    deleteRedirect: (siteId: number, id: number, actor: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .delete(merchRedirects)
          .where(and(eq(merchRedirects.siteId, siteId), eq(merchRedirects.id, id)))
          .returning();
        if (!row) throw notFound('Redirect rule');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'redirect-rule',
          entityId: id,
          before: row,
        });
      }),
  };
}
