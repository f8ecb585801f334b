import { and, desc, eq, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFacets, AuditPage } from '#contract/entities/audit.ts';
import type { Db } from '../platform/db/client.ts';
import { auditLog } from '../platform/db/schema.ts';
import { prefixPattern } from '../platform/db/like.ts';
import { whyNotRestorable, type AuditRow } from './restore.ts';

export interface AuditFilter {
  siteId?: number | undefined;
  actor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  beforeId?: number | undefined;
  limit: number;
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    siteId: row.siteId,
    before: row.before ?? null,
    after: row.after ?? null,
    restorable: whyNotRestorable(row) === null,
  };
}

/** The audit log, newest first, one page (the next starts below the last id). */
export async function listAudit(db: Db, filter: AuditFilter): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (filter.siteId !== undefined) conditions.push(eq(auditLog.siteId, filter.siteId));
  if (filter.actor !== undefined) conditions.push(eq(auditLog.actor, filter.actor));
  if (filter.entity !== undefined) {
    // `config` matches `config` and every `config:<kind>`
    conditions.push(
      or(
        eq(auditLog.entity, filter.entity),
        like(auditLog.entity, prefixPattern(`${filter.entity}:`)),
      )!,
    );
  }
  if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from !== undefined) conditions.push(gte(auditLog.at, new Date(filter.from)));
  if (filter.to !== undefined) conditions.push(lte(auditLog.at, new Date(filter.to)));
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  return {
    entries: rows.slice(0, filter.limit).map(toAuditEntry),
    hasMore: rows.length > filter.limit,
  };
}

/** Entity kinds (with their `config`/`query-list` families) and users in the log. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const entities = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(auditLog.entity)
    .limit(500);
  const actors = await db
    .selectDistinct({ actor: auditLog.actor })
    .from(auditLog)
    .orderBy(auditLog.actor)
    .limit(500);
  const names = new Set<string>();
  for (const { entity } of entities) {
    const family = /^([a-z-]+):/.exec(entity)?.[1];
    if (family) names.add(family);
    names.add(entity);
  }
  return { entities: [...names].sort(), actors: actors.map((a) => a.actor) };
}
