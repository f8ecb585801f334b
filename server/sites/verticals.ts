import { asc, count, sql } from 'drizzle-orm';
import type { Vertical } from '#contract/entities/site.ts';
import type { Db } from '../platform/db/client.ts';
import { sites, verticals } from '../platform/db/schema.ts';
import { conflict, isUniqueViolation } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export function createVerticalRepository(db: Db) {
  return {
    async list(): Promise<Vertical[]> {
      const rows = await db
        .select({ name: verticals.name, siteCount: count(sites.id) })
        .from(verticals)
        .leftJoin(sites, sql`${verticals.name} = any(${sites.verticals})`)
        .groupBy(verticals.name)
        .orderBy(asc(verticals.name));
      return rows.map((row) => ({ name: row.name, siteCount: Number(row.siteCount) }));
    },

    async create(name: string, actor: string): Promise<Vertical> {
      try {
        return await db.transaction(async (tx) => {
          await tx.insert(verticals).values({ name });
          await recordAudit(tx, {
            actor,
            action: 'create',
            entity: 'vertical',
            entityId: name,
            after: { name },
          });
          return { name, siteCount: 0 };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Vertical ${name} already exists`);
        throw error;
      }
    },
  };
}
