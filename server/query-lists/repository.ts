/**
 * The query lists (docs/query-lists.md): entries per list and vertical, enabled per site. Every
 * write is audited, runs in one transaction and drops the compiled lists the public search caches.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  LIST_MODES,
  LIST_VARIANTS,
  type QueryListEntry,
  type QueryListKind,
  type QueryListMode,
} from '#contract/entities/query-lists.ts';
import { normaliseTerm } from '#contract/text.ts';
import type { Site } from '#contract/entities/site.ts';
import type { UploadRejection } from '#contract/entities/upload.ts';
import { anyOf, arrayParam } from '../platform/db/any.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { queryListEntries } from '../platform/db/schema.ts';
import { invalidateQueryLists } from '../search/understanding.ts';
import { conflict, HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import type { ReceivedRow } from '../platform/uploads/receive.ts';
import { recordAudit } from '../platform/audit/repository.ts';

/** Entries one list answers at most (the console pages through them). */
export const MAX_LIST_ANSWER = 20_000;

export interface EntryInput {
  term: string;
  variants: string[];
  mode?: QueryListMode | undefined;
  vertical: string;
}

type Row = typeof queryListEntries.$inferSelect;

function toEntry(row: Row, siteId: number): QueryListEntry {
  return {
    id: row.id,
    list: row.list as QueryListKind,
    vertical: row.vertical,
    term: row.term,
    variants: row.variants,
    mode: row.mode as QueryListMode,
    enabled: row.siteIds.includes(siteId),
    siteCount: row.siteIds.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Checks an entry against its list's rules; answers the normalised entry or the reason it is
 * refused (a synonym needs at least one other term, a transliteration exactly one target …).
 */
export function checkEntry(
  list: QueryListKind,
  input: EntryInput,
):
  | { ok: true; entry: EntryInput & { key: string; mode: QueryListMode } }
  | { ok: false; reason: string } {
  const key = normaliseTerm(input.term);
  if (!key) return { ok: false, reason: 'term: must have a letter or a digit' };
  const modes = LIST_MODES[list];
  const mode = input.mode ?? modes[0]!;
  if (!modes.includes(mode))
    return { ok: false, reason: `mode: must be one of ${modes.join(', ')}` };
  const variants = [...new Set(input.variants.map((v) => v.trim()).filter(Boolean))];
  if (variants.some((variant) => !normaliseTerm(variant)))
    return { ok: false, reason: 'variants: each must have a letter or a digit' };
  const rule = LIST_VARIANTS[list];
  if (rule === 'none' && variants.length)
    return { ok: false, reason: 'variants: this list takes none' };
  if (rule === 'many' && !variants.some((variant) => normaliseTerm(variant) !== key))
    return { ok: false, reason: 'variants: a synonym needs at least one other term' };
  if (rule === 'one' && variants.length !== 1)
    return { ok: false, reason: 'variants: a transliteration has exactly one target' };
  if (rule === 'one' && normaliseTerm(variants[0]!) === key)
    return { ok: false, reason: 'variants: the target must differ from the source' };
  return {
    ok: true,
    entry: { term: input.term.trim(), variants, mode, vertical: input.vertical, key },
  };
}

function checked(list: QueryListKind, input: EntryInput) {
  const result = checkEntry(list, input);
  if (!result.ok) throw new HttpError(400, `Invalid request: ${result.reason}`);
  return result.entry;
}

/** The entries an operator of a site sees: of no vertical, of the site's verticals, or enabled there. */
function visibleOn(site: Site): SQL {
  return sql`(${queryListEntries.vertical} = '' or ${queryListEntries.vertical} = any(${arrayParam(site.verticals, 'text')}) or ${site.siteId} = any(${queryListEntries.siteIds}))`;
}

/**
 * A vertical an entry of the site's call may be written in: none, or one of the site's. Another
 * site's vertical would put the entry in front of that site's operators (and an upload would
 * replace their entries); `keep` is the entry's own vertical, which an edit may leave as it is.
 */
export function checkVertical(site: Site, vertical: string, keep?: string): void {
  if (vertical === '' || vertical === keep || site.verticals.includes(vertical)) return;
  throw new HttpError(
    400,
    `Invalid request: vertical must be one of the site's (${site.verticals.join(', ') || 'none'}) or empty`,
  );
}

/**
 * The distinct ids of `ids` the site sees in the list, locked; 404 unless it sees every one, so a
 * call naming another site's entry changes nothing at all.
 */
async function lockVisible(
  tx: Tx,
  list: QueryListKind,
  site: Site,
  ids: number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: queryListEntries.id })
    .from(queryListEntries)
    .where(
      and(
        eq(queryListEntries.list, list),
        anyOf(queryListEntries.id, wanted, 'int'),
        visibleOn(site),
      ),
    )
    .for('update');
  if (rows.length !== wanted.length) throw notFound('Entry');
  return wanted;
}

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
      const result = await db.transaction(work);
      invalidateQueryLists();
      return result;
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
      invalidateQueryLists();
      return rejected;
    },
  };
}

export type QueryListRepository = ReturnType<typeof createQueryListRepository>;
