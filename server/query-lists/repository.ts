/**
 * The query lists (docs/query-lists.md): entries per list and vertical, enabled per site. Every
 * write is audited, runs in one transaction and drops the compiled lists the public search caches.
 * An entry's rules and which entries a site sees: entries.ts.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  QueryListEntry,
  QueryListKind,
  QueryListMode,
} from '#contract/entities/query-lists.ts';
import type { Site } from '#contract/entities/site.ts';
import type { UploadRejection } from '#contract/entities/upload.ts';
import { anyOf, arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { queryListEntries } from '../platform/db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import type { ReceivedRow } from '../platform/uploads/receive.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import {
  checked,
  checkEntry,
  checkVertical,
  lockVisible,
  toEntry,
  visibleOn,
  type EntryInput,
} from './entries.ts';

export { checkEntry, checkVertical, type EntryInput } from './entries.ts';

/** Entries one list answers at most (the console pages through them). */
export const MAX_LIST_ANSWER = 20_000;

export interface UploadFields {
  vertical: string;
  enableOnSiteId: number | null;
  disableOther: boolean;
}

export function createQueryListRepository(db: Db) {
  async function audit(
    tx: Tx,
    actor: string,
    action: string,
    list: QueryListKind,
    entityId: string,
    before: unknown,
    after: unknown,
    siteId?: number,
  ) {
    await recordAudit(tx, {
      actor,
      action,
      entity: `query-list:${list}`,
      entityId,
      before: before ?? null,
      after: after ?? null,
      ...(siteId !== undefined && { siteId }),
    });
  }

  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('An entry with this term already exists in this list and vertical');
      throw error;
    }
  }

  return {
    async list(
      list: QueryListKind,
      site: Site,
      filter: { search?: string | undefined; vertical?: string | undefined },
    ): Promise<QueryListEntry[]> {
      const conditions: SQL[] = [eq(queryListEntries.list, list), visibleOn(site)];
      if (filter.vertical !== undefined)
        conditions.push(eq(queryListEntries.vertical, filter.vertical));
      if (filter.search?.trim()) {
        const pattern = containsPattern(filter.search.trim());
        conditions.push(
          sql`(${queryListEntries.term} ilike ${pattern} or array_to_string(${queryListEntries.variants}, ' ') ilike ${pattern})`,
        );
      }
      const rows = await db
        .select()
        .from(queryListEntries)
        .where(and(...conditions))
        .orderBy(asc(queryListEntries.key), asc(queryListEntries.id))
        .limit(MAX_LIST_ANSWER);
      return rows.map((row) => toEntry(row, site.siteId));
    },

    add(
      list: QueryListKind,
      site: Site,
      input: EntryInput & { enabled: boolean },
      actor: string,
    ): Promise<QueryListEntry> {
      const siteId = site.siteId;
      const entry = checked(list, input);
      checkVertical(site, entry.vertical);
      return write(async (tx) => {
        const [row] = await tx
          .insert(queryListEntries)
          .values({ list, ...entry, siteIds: input.enabled ? [siteId] : [] })
          .returning();
        await audit(tx, actor, 'create', list, String(row!.id), null, { ...entry, siteId });
        return toEntry(row!, siteId);
      });
    },

    update(
      list: QueryListKind,
      site: Site,
      id: number,
      input: EntryInput,
      actor: string,
    ): Promise<QueryListEntry> {
      const siteId = site.siteId;
      const entry = checked(list, input);
      return write(async (tx) => {
        const [before] = await tx
          .select()
          .from(queryListEntries)
          .where(and(eq(queryListEntries.id, id), eq(queryListEntries.list, list), visibleOn(site)))
          .for('update');
        if (!before) throw notFound('Entry');
        checkVertical(site, entry.vertical, before.vertical);
        const [row] = await tx
          .update(queryListEntries)
          .set({ ...entry, updatedAt: new Date() })
          .where(eq(queryListEntries.id, id))
          .returning();
        // the whole before-state (sites included), so the audit screen can restore it
        await audit(
          tx,
          actor,
          'update',
          list,
          String(id),
          { ...toEntry(before, siteId), key: before.key, siteIds: before.siteIds },
          entry,
          siteId,
        );
        return toEntry(row!, siteId);
      });
    },

    remove(list: QueryListKind, site: Site, ids: number[], actor: string): Promise<number> {
      const siteId = site.siteId;
      return write(async (tx) => {
        const visible = await lockVisible(tx, list, site, ids);
        const rows = await tx
          .delete(queryListEntries)
          .where(and(eq(queryListEntries.list, list), anyOf(queryListEntries.id, visible, 'int')))
          .returning();
        if (!rows.length) throw notFound('Entry');
        await audit(
          tx,
          actor,
          'delete',
          list,
          rows.map((row) => row.id).join(','),
          // whole rows (vertical, mode, sites): the audit screen re-creates them on restore
          rows.map((row) => ({
            id: row.id,
            list: row.list,
            vertical: row.vertical,
            term: row.term,
            key: row.key,
            variants: row.variants,
            mode: row.mode,
            siteIds: row.siteIds,
          })),
          null,
          siteId,
        );
        return rows.length;
      });
    },

    enable(
      list: QueryListKind,
      site: Site,
      ids: number[],
      enabled: boolean,
      actor: string,
    ): Promise<number> {
      const siteId = site.siteId;
      return write(async (tx) => {
        const visible = await lockVisible(tx, list, site, ids);
        const siteIds = enabled
          ? sql`case when ${siteId} = any(${queryListEntries.siteIds}) then ${queryListEntries.siteIds} else array_append(${queryListEntries.siteIds}, ${siteId}::integer) end`
          : sql`array_remove(${queryListEntries.siteIds}, ${siteId}::integer)`;
        const rows = await tx
          .update(queryListEntries)
          .set({ siteIds, updatedAt: new Date() })
          .where(and(eq(queryListEntries.list, list), anyOf(queryListEntries.id, visible, 'int')))
          .returning({ id: queryListEntries.id });
        if (!rows.length) throw notFound('Entry');
        await audit(
          tx,
          actor,
          enabled ? 'enable' : 'disable',
          list,
          rows.map((r) => r.id).join(','),
          null,
          {
            siteId,
          },
          siteId,
        );
        return rows.length;
      });
    },

    /**
     * Applies an upload's rows in the caller's transaction (applyUpload): an entry of the same
     * term in the list and vertical is replaced; each entry is enabled on `enableOnSiteId`; with
     * `disableOther`, the list's other entries of the vertical are disabled there.
     */
    async applyUpload(
      tx: Tx,
      list: QueryListKind,
      fields: UploadFields,
      rows: ReceivedRow<Omit<EntryInput, 'vertical'>>[],
      actor: string,
    ): Promise<UploadRejection[]> {
      const rejected: UploadRejection[] = [];
      const byKey = new Map<
        string,
        { line: number; entry: EntryInput & { key: string; mode: QueryListMode } }
      >();
      for (const { line, row, id } of rows) {
        const result = checkEntry(list, { ...row, vertical: fields.vertical });
        if (!result.ok) {
          rejected.push({ line, reason: result.reason, ...(id && { id }) });
          continue;
        }
        const earlier = byKey.get(result.entry.key);
        if (earlier) {
          rejected.push({
            line,
            reason: `the same term as line ${earlier.line}`,
            ...(id && { id }),
          });
          continue;
        }
        byKey.set(result.entry.key, { line, entry: result.entry });
      }
      const site = fields.enableOnSiteId;
      const entries = [...byKey.values()];
      for (let start = 0; start < entries.length; start += 1000) {
        const chunk = entries.slice(start, start + 1000);
        await tx
          .insert(queryListEntries)
          .values(
            chunk.map(({ entry }) => ({
              list,
              vertical: fields.vertical,
              term: entry.term,
              key: entry.key,
              variants: entry.variants,
              mode: entry.mode,
              siteIds: site === null ? [] : [site],
            })),
          )
          .onConflictDoUpdate({
            target: [queryListEntries.list, queryListEntries.vertical, queryListEntries.key],
            set: {
              term: sql`excluded.term`,
              variants: sql`excluded.variants`,
              mode: sql`excluded.mode`,
              updatedAt: sql`now()`,
              ...(site !== null && {
                siteIds: sql`case when ${site} = any(${queryListEntries.siteIds}) then ${queryListEntries.siteIds} else array_append(${queryListEntries.siteIds}, ${site}::integer) end`,
              }),
            },
          });
      }
      let disabled = 0;
      if (fields.disableOther && site !== null) {
        const keys = entries.map(({ entry }) => entry.key);
        const result = await tx
          .update(queryListEntries)
          .set({ siteIds: sql`array_remove(${queryListEntries.siteIds}, ${site}::integer)` })
          .where(
            and(
              eq(queryListEntries.list, list),
              eq(queryListEntries.vertical, fields.vertical),
              sql`${site} = any(${queryListEntries.siteIds})`,
              sql`${queryListEntries.key} <> all(${arrayParam(keys, 'text')})`,
            ),
          )
          .returning({ id: queryListEntries.id });
        disabled = result.length;
      }
      await audit(tx, actor, 'upload', list, fields.vertical || '-', null, {
        ...fields,
        applied: entries.length,
        disabled,
      });
      return rejected;
    },
  };
}

export type QueryListRepository = ReturnType<typeof createQueryListRepository>;
