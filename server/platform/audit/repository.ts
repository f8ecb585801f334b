import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  actor: string;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  /** The site of the change; when absent, read from `entityId` (`12/…`, `12:…`) or a `siteId` in after/before. */
  siteId?: number | null;
}

function siteOf(value: unknown): number | null {
  const siteId = (value as { siteId?: unknown } | null | undefined)?.siteId;
  return typeof siteId === 'number' && Number.isInteger(siteId) ? siteId : null;
}

/** The site an audit entry belongs to (the same rule as migration 0029's backfill). */
export function auditSiteId(entry: AuditEntry): number | null {
  if (entry.siteId !== undefined) return entry.siteId;
  const match = /^(\d{1,9})[/:]/.exec(String(entry.entityId));
  if (match) return Number(match[1]);
  return siteOf(entry.after) ?? siteOf(entry.before);
}

/** Written in the same transaction as the change it describes. */
export async function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    siteId: auditSiteId(entry),
  });
}
