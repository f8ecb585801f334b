/**
 * Restore from the audit log: puts one entity back to the before-state an audit
 * row recorded — a config copy (a new version holding the old data), a query-list entry, a
 * merchandising rule (boost, redirect, recommendation), a custom model (the model, or the lists
 * a change of its lists replaced or removed) — in one transaction with its own audit row (action
 * `restore`). Anything else answers 409 and changes nothing.
 */
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { configKind, type ConfigKind } from '#contract/entities/config.ts';
import { queryListKind } from '#contract/entities/query-lists.ts';
import { normaliseTerm } from '#contract/text.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  auditLog,
  configVersions,
  customModelEntries,
  customModels,
  merchBoostRules,
  merchRecsRules,
  merchRedirects,
  queryListEntries,
} from '../platform/db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { appendVersion } from '../configs/repository.ts';
import { arrayParam } from '../platform/db/any.ts';
import { modelSnapshot } from '../merchandising/rules.ts';

export type AuditRow = typeof auditLog.$inferSelect;

const RULE_TABLES = {
  'boost-rule': merchBoostRules,
  'redirect-rule': merchRedirects,
  'recs-rule': merchRecsRules,
} as const satisfies Record<string, PgTable>;
type RuleEntity = keyof typeof RULE_TABLES;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MODEL = 'custom-model';

/** One entry of a custom model's lists as the audit records it. */
const isEntry = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  typeof value['queryKey'] === 'string' &&
  typeof value['productId'] === 'string';

/** Why a row cannot be restored, or null when it can. */
export function whyNotRestorable(row: AuditRow): string | null {
  const { entity, action, before, after } = row;
  if (entity.startsWith('config:')) {
    if (!configKind.safeParse(entity.slice('config:'.length)).success)
      return 'an unknown config kind';
    if (!/^\d+\/\d+\/(test|prod)$/.test(row.entityId)) return 'an unknown config copy';
    if (!isRecord(before) || !('data' in before))
      return 'the config had no version before this change';
    return null;
  }
  if (entity.startsWith('query-list:')) {
    if (!queryListKind.safeParse(entity.slice('query-list:'.length)).success)
      return 'an unknown query list';
    if (action === 'create' && isRecord(after) && /^\d+$/.test(row.entityId)) return null;
    if (action === 'update' && isRecord(before) && typeof before['term'] === 'string') return null;
    if (
      action === 'delete' &&
      Array.isArray(before) &&
      before.every((b) => isRecord(b) && 'key' in b)
    )
      return null;
    if (action === 'restore' && (isRecord(before) || Array.isArray(before))) return null;
    return 'this change of a query list has no before-state to restore';
  }
  if (entity in RULE_TABLES) {
    if (isRecord(before) || isRecord(after)) return null;
    return 'the rule has no recorded state';
  }
  if (entity === MODEL) {
    // a creation (or a restore that brought the model back): the model goes
    if (before === null && isRecord(after) && (action === 'create' || action === 'restore'))
      return null;
    if (isRecord(before)) {
      // a deletion recorded before the lists were kept with it would bring back an empty model
      if (action === 'delete' && !Array.isArray(before['entries']))
        return "the deleted model's query lists were not recorded";
      return null;
    }
    if (Array.isArray(before) && before.every(isEntry)) {
      if (action === 'delete-query' || action === 'delete-product') return null;
      if (action === 'upload' && isRecord(after)) return null;
    }
    return 'this change of a custom model has no before-state to restore';
  }
  return 'only config versions, query-list entries, merchandising rules and custom models can be restored';
}

/** Drizzle values of a table row from its JSON (timestamps back to Date). */
function rowValues(table: PgTable, json: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (!(name in json)) continue;
    const value = json[name];
    values[name] =
      column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value;
  }
  return values;
}

function toJson(row: unknown): unknown {
  return row === undefined ? null : JSON.parse(JSON.stringify(row));
}

async function restoreConfig(tx: Tx, row: AuditRow, actor: string): Promise<void> {
  const kind = row.entity.slice('config:'.length) as ConfigKind;
  const [siteId, key, copyName] = row.entityId.split('/');
  const copy = { siteId: Number(siteId), kind, key: Number(key), test: copyName === 'test' };
  const before = row.before as { data: unknown; versionId?: number };
  const [current] = await tx
    .select()
    .from(configVersions)
    .where(
      and(
        eq(configVersions.siteId, copy.siteId),
        eq(configVersions.kind, kind),
        eq(configVersions.key, copy.key),
        eq(configVersions.test, copy.test),
      ),
    )
    .orderBy(desc(configVersions.version))
    .limit(1)
    .for('update');
  if (current && !current.deleted) {
    // appendVersion audits the new version with action `restore`
    await appendVersion(tx, {
      copy,
      data: before.data,
      author: actor,
      baseVersionId: current.id,
      action: 'restore',
    });
    return;
  }
  // a deleted copy (or one never saved): a new live version brings it back
  const [created] = await tx
    .insert(configVersions)
    .values({
      siteId: copy.siteId,
      kind,
      key: copy.key,
      test: copy.test,
      version: (current?.version ?? 0) + 1,
      data: before.data,
      author: actor,
    })
    .returning();
  await recordAudit(tx, {
    actor,
    action: 'restore',
    entity: row.entity,
    entityId: row.entityId,
    before: current ? { versionId: current.id, version: current.version, deleted: true } : null,
    after: { versionId: created!.id, version: created!.version, data: before.data },
  });
}

type ListRow = typeof queryListEntries.$inferSelect;

async function restoreQueryList(tx: Tx, row: AuditRow, actor: string): Promise<void> {
  const list = row.entity.slice('query-list:'.length);
  const byId = async (id: number): Promise<ListRow | undefined> =>
    (
      await tx
        .select()
        .from(queryListEntries)
        .where(and(eq(queryListEntries.id, id), eq(queryListEntries.list, list)))
        .for('update')
    )[0];
  const entryJson = (entry: ListRow) => toJson(entry);
  const audit = (before: unknown, after: unknown, entityId: string) =>
    recordAudit(tx, {
      actor,
      action: 'restore',
      entity: row.entity,
      entityId,
      before,
      after,
      siteId: row.siteId,
    });

  /** Writes one before-state: the entry updated in place, or re-created with its id. */
  async function put(state: Record<string, unknown>): Promise<void> {
    const id = Number(state['id'] ?? row.entityId);
    const current = await byId(id);
    const term = String(state['term']);
    const fields = {
      term,
      key: typeof state['key'] === 'string' ? state['key'] : normaliseTerm(term),
      variants: Array.isArray(state['variants']) ? state['variants'].map(String) : [],
      mode: typeof state['mode'] === 'string' ? state['mode'] : 'none',
      vertical:
        typeof state['vertical'] === 'string' ? state['vertical'] : (current?.vertical ?? ''),
      ...(Array.isArray(state['siteIds']) && { siteIds: state['siteIds'].map(Number) }),
      updatedAt: new Date(),
    };
    if (current) {
      const [updated] = await tx
        .update(queryListEntries)
        .set(fields)
        .where(eq(queryListEntries.id, id))
        .returning();
      await audit(entryJson(current), entryJson(updated!), String(id));
    } else {
      const [created] = await tx
        .insert(queryListEntries)
        .values({ id, list, siteIds: [], ...fields })
        .returning();
      await audit(null, entryJson(created!), String(id));
    }
  }

  if (row.action === 'create' || (row.action === 'restore' && row.before === null)) {
    const id = Number(row.entityId);
    const current = await byId(id);
    if (!current) throw conflict(`Entry ${id} no longer exists: there is nothing to remove`);
    await tx.delete(queryListEntries).where(eq(queryListEntries.id, id));
    await audit(entryJson(current), null, String(id));
    return;
  }
  const states = Array.isArray(row.before) ? row.before : [row.before];
  for (const state of states) await put(state as Record<string, unknown>);
}

async function restoreRule(tx: Tx, row: AuditRow, actor: string): Promise<void> {
  const entity = row.entity as RuleEntity;
  const table = RULE_TABLES[entity];
  const id = Number(row.entityId);
  const before = isRecord(row.before) ? row.before : null;
  const siteId = row.siteId ?? (isRecord(row.after) ? Number(row.after['siteId']) : null);
  const [current] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as Array<
    Record<string, unknown>
  >;
  if (current && siteId !== null && current['siteId'] !== siteId)
    throw conflict(`Rule ${id} belongs to another site`);
  if (!before) {
    // the change created the rule: its before-state is no rule
    if (!current) throw conflict(`Rule ${id} no longer exists: there is nothing to remove`);
    await tx.delete(table).where(eq(table.id, id));
  } else {
    const values = rowValues(table, before);
    if (current) {
      const { id: _id, ...rest } = values;
      await tx.update(table).set(rest).where(eq(table.id, id));
    } else {
      // the id came from the table's sequence, so re-using it never collides with a later row
      await tx.insert(table).values(values as never);
    }
  }
  const [after] = await tx.select().from(table).where(eq(table.id, id));
  await recordAudit(tx, {
    actor,
    action: 'restore',
    entity,
    entityId: id,
    before: toJson(current) ?? null,
    after: toJson(after) ?? null,
    siteId,
  });
}

/**
 * A custom model back to its before-state: removed (the change created it), its row and, when
 * recorded, all its lists (an edit, a deletion, a restore), or the lists a change of its lists
 * replaced (an upload) or removed (a query or product deleted from it).
 */
async function restoreModel(tx: Tx, row: AuditRow, actor: string): Promise<void> {
  const id = Number(row.entityId);
  const siteId = row.siteId;
  const [current] = await tx
    .select()
    .from(customModels)
    .where(eq(customModels.id, id))
    .for('update');
  if (current && siteId !== null && current.siteId !== siteId)
    throw conflict(`Custom model ${id} belongs to another site`);
  const was = await modelSnapshot(tx, id);
  const putEntries = async (states: Record<string, unknown>[]) => {
    if (states.length)
      await tx
        .insert(customModelEntries)
        .values(
          states.map((state) => rowValues(customModelEntries, { ...state, modelId: id }) as never),
        );
  };
  if (row.before === null) {
    if (!current) throw conflict(`Custom model ${id} no longer exists: there is nothing to remove`);
    await tx.delete(customModels).where(eq(customModels.id, id));
  } else if (Array.isArray(row.before)) {
    if (!current) throw conflict(`Custom model ${id} no longer exists: restore the model first`);
    if (row.action === 'upload' && isRecord(row.after)) {
      // the uploaded queries' lists go back to what they were (none, for a query the file added)
      const keys = Object.keys(row.after);
      if (keys.length)
        await tx
          .delete(customModelEntries)
          .where(
            and(
              eq(customModelEntries.modelId, id),
              sql`${customModelEntries.queryKey} = any(${arrayParam(keys, 'text')})`,
            ),
          );
    }
    // a removed product or query comes back at the positions it held
    await putEntries(row.before as Record<string, unknown>[]);
    await tx.update(customModels).set({ updatedAt: new Date() }).where(eq(customModels.id, id));
  } else {
    const before = row.before as Record<string, unknown>;
    const { id: _id, ...rest } = rowValues(customModels, before);
    if (current) await tx.update(customModels).set(rest).where(eq(customModels.id, id));
    // the id came from the table's sequence, so re-using it never collides with a later model
    else await tx.insert(customModels).values({ ...rest, id } as never);
    if (Array.isArray(before['entries'])) {
      await tx.delete(customModelEntries).where(eq(customModelEntries.modelId, id));
      await putEntries(before['entries'].filter(isEntry));
    }
  }
  await recordAudit(tx, {
    actor,
    action: 'restore',
    entity: MODEL,
    entityId: id,
    before: toJson(was ?? undefined),
    after: toJson((await modelSnapshot(tx, id)) ?? undefined),
    siteId: siteId ?? current?.siteId ?? null,
  });
}

/** Restores the entity of audit row `id`; answers the restore's own audit row. */
export async function restoreFromAudit(db: Db, id: number, actor: string): Promise<AuditRow> {
  try {
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(auditLog).where(eq(auditLog.id, id));
      if (!row) throw notFound(`Audit entry ${id}`);
      const reason = whyNotRestorable(row);
      if (reason) throw conflict(`Audit entry ${id} cannot be restored: ${reason}`);
      if (row.entity.startsWith('config:')) await restoreConfig(tx, row, actor);
      else if (row.entity.startsWith('query-list:')) await restoreQueryList(tx, row, actor);
      else if (row.entity === MODEL) await restoreModel(tx, row, actor);
      else await restoreRule(tx, row, actor);
      const [own] = await tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, actor), eq(auditLog.action, 'restore')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return own!;
    });
    return result;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        'The before-state clashes with what exists now (an entry, rule or model with the same term, query or name): change that first',
      );
    throw error;
  }
}
