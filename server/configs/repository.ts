import { and, desc, eq, sql } from 'drizzle-orm';
import {
  configTypeOf,
  type ConfigKind,
  type ConfigVersionMeta,
} from '#contract/entities/config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { configVersions, jobs } from '../platform/db/schema.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export type ConfigVersionRow = typeof configVersions.$inferSelect;

/** One copy of one config: key is the configId / componentId, 0 for the one-per-site kinds. */
export interface ConfigCopy {
  siteId: number;
  kind: ConfigKind;
  key: number;
  test: boolean;
}

export function toVersionMeta(row: ConfigVersionRow): ConfigVersionMeta {
  return {
    versionId: row.id,
    version: row.version,
    test: row.test,
    configType: configTypeOf(row.kind, row.test),
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    sourceVersionId: row.sourceVersionId,
  };
}

export const copyLabel = (copy: ConfigCopy) =>
  `${copy.kind}${copy.key ? ` ${copy.key}` : ''} (${copy.test ? 'integration' : 'production'})`;

/** 409 naming the version the save was not based on (contract/errors.ts `conflict`). */
export function staleSave(copy: ConfigCopy, newer: ConfigVersionRow): HttpError {
  return new HttpError(
    409,
    `The ${copyLabel(copy)} config was changed by ${newer.author} at ${newer.createdAt.toISOString()} (version ${newer.version}): reload it before saving`,
    undefined,
    { conflict: toVersionMeta(newer) },
  );
}

const copyWhere = (copy: ConfigCopy) =>
  and(
    eq(configVersions.siteId, copy.siteId),
    eq(configVersions.kind, copy.kind),
    eq(configVersions.key, copy.key),
    eq(configVersions.test, copy.test),
  );

async function latestIn(tx: Db | Tx, copy: ConfigCopy): Promise<ConfigVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(configVersions)
    .where(copyWhere(copy))
    .orderBy(desc(configVersions.version))
    .limit(1);
  return row;
}

export interface AppendEntry {
  copy: ConfigCopy;
  data: unknown;
  author: string;
  /** The version the writer read; null when it read nothing (a new copy). */
  baseVersionId: number | null;
  sourceVersionId?: number | null;
  /** A version id reserved beforehand (reserveVersionId), so a bundle can name it before it exists. */
  id?: number;
  /** Audit action (save, generate, deploy). */
  action?: string;
}

/**
 * Appends a version to a copy in the caller's transaction: the copy's newest version must be
 * the base (else 409), the new one is numbered base + 1 (the unique index refuses a racing
 * twin), and the change is audited.
 */
export async function appendVersion(tx: Db | Tx, entry: AppendEntry): Promise<ConfigVersionRow> {
  const { copy } = entry;
  const current = await latestIn(tx, copy);
  if (current?.deleted) throw notFound(`Config ${copyLabel(copy)}`);
  // Nothing saved yet: there is nothing to overwrite, whatever the writer based its edit on.
  if (current && entry.baseVersionId !== current.id) throw staleSave(copy, current);
  const [row] = await tx
    .insert(configVersions)
    .values({
      ...(entry.id !== undefined && { id: entry.id }),
      siteId: copy.siteId,
      kind: copy.kind,
      key: copy.key,
      test: copy.test,
      version: (current?.version ?? 0) + 1,
      data: entry.data,
      author: entry.author,
      sourceVersionId: entry.sourceVersionId ?? null,
    })
    .returning();
  await recordAudit(tx, {
    actor: entry.author,
    action: entry.action ?? 'save',
    entity: `config:${copy.kind}`,
    entityId: `${copy.siteId}/${copy.key}/${copy.test ? 'test' : 'prod'}`,
    before: current
      ? { versionId: current.id, version: current.version, data: current.data }
      : null,
    after: { versionId: row!.id, version: row!.version, data: entry.data },
  });
  return row!;
}

function firstRow(result: unknown): Record<string, unknown> {
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows[0] as Record<string, unknown>;
}

/** Takes the next config_versions id without inserting (the row comes later, or never). */
export async function reserveVersionId(tx: Db | Tx): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('config_versions', 'id')) as id`,
  );
  return Number(firstRow(result).id);
}

export function createConfigRepository(db: Db) {
  /** remove() in one transaction; a unique violation means another writer took a version number. */
  function removeIn(siteId: number, kind: ConfigKind, key: number, login: string) {
    return db.transaction(async (tx) => {
      let removed = false;
      for (const test of [true, false]) {
        const copy = { siteId, kind, key, test };
        const current = await latestIn(tx, copy);
        if (!current || current.deleted) continue;
        await tx.insert(configVersions).values({
          siteId,
          kind,
          key,
          test,
          version: current.version + 1,
          data: current.data,
          deleted: true,
          author: login,
        });
        await recordAudit(tx, {
          actor: login,
          action: 'delete',
          entity: `config:${kind}`,
          entityId: `${siteId}/${key}/${test ? 'test' : 'prod'}`,
          before: { versionId: current.id, version: current.version, data: current.data },
          after: null,
        });
        removed = true;
      }
      return removed;
    });
  }

  return {
    /** The newest version of a copy, tombstone included (check `deleted`). */
    latest: (copy: ConfigCopy) => latestIn(db, copy),

    /** The newest live version of every key of a kind in one copy (tombstoned keys left out). */
    async latestPerKey(siteId: number, kind: ConfigKind, test: boolean) {
      const rows = await db
        .selectDistinctOn([configVersions.key])
        .from(configVersions)
        .where(
          and(
            eq(configVersions.siteId, siteId),
            eq(configVersions.kind, kind),
            eq(configVersions.test, test),
          ),
        )
        .orderBy(configVersions.key, desc(configVersions.version));
      return rows.filter((row) => !row.deleted);
    },

    /** A copy's versions, newest first (tombstones left out). */
    async versions(copy: ConfigCopy): Promise<ConfigVersionRow[]> {
      return db
        .select()
        .from(configVersions)
        .where(and(copyWhere(copy), eq(configVersions.deleted, false)))
        .orderBy(desc(configVersions.version));
    },

    async byId(siteId: number, kind: ConfigKind, id: number) {
      const [row] = await db
        .select()
        .from(configVersions)
        .where(
          and(
            eq(configVersions.id, id),
            eq(configVersions.siteId, siteId),
            eq(configVersions.kind, kind),
            eq(configVersions.deleted, false),
          ),
        );
      return row;
    },

    /** Whether a block / component id belongs to the site (either copy, even deleted). */
    async keyExists(siteId: number, kind: ConfigKind, key: number): Promise<boolean> {
      const [row] = await db
        .select({ id: configVersions.id })
        .from(configVersions)
        .where(
          and(
            eq(configVersions.siteId, siteId),
            eq(configVersions.kind, kind),
            eq(configVersions.key, key),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async allocateKey(tx: Db | Tx = db): Promise<number> {
      return Number(firstRow(await tx.execute(sql`select nextval('config_key_seq') as id`)).id);
    },

    /**
     * Saves a version (see appendVersion) in its own transaction. A racing save that took the
     * version number first turns this one into the same 409.
     */
    async save(entry: AppendEntry): Promise<ConfigVersionRow> {
      try {
        return await db.transaction((tx) => appendVersion(tx, entry));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const newer = await latestIn(db, entry.copy);
        if (!newer) throw error;
        throw staleSave(entry.copy, newer);
      }
    },

    /**
     * Deletes both copies of a block / component (tombstones; the history stays). A save that
     * took the tombstone's version number first makes this a 409 naming that save (the user
     * deletes what they have not seen otherwise); a racing delete that won makes it a 404.
     */
    async remove(siteId: number, kind: ConfigKind, key: number, login: string): Promise<boolean> {
      try {
        return await removeIn(siteId, kind, key, login);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        let raced: { row: ConfigVersionRow; copy: ConfigCopy } | undefined;
        for (const test of [true, false]) {
          const copy = { siteId, kind, key, test };
          const row = await latestIn(db, copy);
          if (row && !row.deleted && (!raced || row.createdAt > raced.row.createdAt))
            raced = { row, copy };
        }
        if (!raced) return false;
        const { row, copy } = raced;
        throw new HttpError(
          409,
          `The ${copyLabel(copy)} config was changed by ${row.author} at ${row.createdAt.toISOString()} (version ${row.version}) while it was being deleted: reload it before deleting`,
          undefined,
          { conflict: toVersionMeta(row) },
        );
      }
    },

    /** The site's newest job of a kind (preview / generate status). */
    async latestJob(siteId: number, kind: string) {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.siteId, siteId), eq(jobs.kind, kind)))
        .orderBy(desc(jobs.createdAt))
        .limit(1);
      return row;
    },
  };
}

export type ConfigRepository = ReturnType<typeof createConfigRepository>;
