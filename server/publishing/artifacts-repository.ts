import { and, desc, eq, sql } from 'drizzle-orm';
import type { BundleManifest } from './bundle/types.ts';
import { bundleHash } from './bundle/hash.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { artifactPointers, artifacts } from '../platform/db/schema.ts';
import { conflict, notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export type ArtifactSlot = 'production' | 'preview';

/** An artifact without its bytes. */
export interface ArtifactInfo {
  id: number;
  siteId: number;
  hash: string;
  manifest: BundleManifest;
  /** The slot it was built for (its boot config carries it): only production builds roll back. */
  builtFor: ArtifactSlot;
  createdBy: string;
  createdAt: string;
}

export interface ArtifactHistoryEntry extends ArtifactInfo {
  /** The slots pointing at it now. */
  production: boolean;
  preview: boolean;
}

export interface ArtifactFiles {
  id: number;
  hash: string;
  js: string;
  css: string;
  createdAt: Date;
}

const info = {
  id: artifacts.id,
  siteId: artifacts.siteId,
  hash: artifacts.hash,
  manifest: artifacts.manifest,
  builtFor: artifacts.builtFor,
  createdBy: artifacts.createdBy,
  createdAt: artifacts.createdAt,
};

const toInfo = (row: {
  id: number;
  siteId: number;
  hash: string;
  manifest: unknown;
  builtFor: ArtifactSlot;
  createdBy: string;
  createdAt: Date;
}): ArtifactInfo => ({
  ...row,
  manifest: row.manifest as BundleManifest,
  createdAt: row.createdAt.toISOString(),
});

// Artifacts never change once written, so their bytes can be kept per process.
const FILE_CACHE_LIMIT = 32;

/**
 * What each slot points at, kept per process (and per database) for a second: the loader reads
 * it on every page load. A pointer moved by this process is forgotten at once; one moved by
 * another process shows within POINTER_TTL_MS (the loader is allowed a short cache anyway).
 */
const POINTER_TTL_MS = 1000;
const pointerCaches = new WeakMap<object, Map<string, { hash: string | null; at: number }>>();
function pointerCache(db: object): Map<string, { hash: string | null; at: number }> {
  let cache = pointerCaches.get(db);
  if (!cache) pointerCaches.set(db, (cache = new Map()));
  return cache;
}

export function createArtifactRepository(db: Db) {
  const files = new Map<string, ArtifactFiles>();
  const pointers = pointerCache(db);
  const forget = (siteId: number, slot: ArtifactSlot) => pointers.delete(`${siteId}/${slot}`);

  async function point(
    tx: Db | Tx,
    siteId: number,
    slot: ArtifactSlot,
    artifactId: number,
    login: string,
  ): Promise<{ previous: number | null }> {
    const [owned] = await tx
      .select({ id: artifacts.id })
      .from(artifacts)
      .where(and(eq(artifacts.id, artifactId), eq(artifacts.siteId, siteId)));
    if (!owned) throw notFound(`Artifact ${artifactId} of site ${siteId}`);
    const [before] = await tx
      .select({ artifactId: artifactPointers.artifactId })
      .from(artifactPointers)
      .where(and(eq(artifactPointers.siteId, siteId), eq(artifactPointers.slot, slot)))
      .for('update');
    await tx
      .insert(artifactPointers)
      .values({ siteId, slot, artifactId, updatedBy: login })
      .onConflictDoUpdate({
        target: [artifactPointers.siteId, artifactPointers.slot],
        set: { artifactId, updatedBy: login, updatedAt: sql`now()` },
      });
    forget(siteId, slot);
    return { previous: before?.artifactId ?? null };
  }

  /**
   * The one way production goes back to an earlier bundle — the versions panel's «Вернуть на
   * сайт» and the automatic rollback alike: refuses a build made for the preview slot (409),
   * points production at the artifact and audits it (`rollback`, or the caller's action with its
   * extra fields), inside the caller's transaction. Config versions are not rewound: which
   * version is in production is what the production bundle carries (productionConfigs), and the
   * next generate builds from the current production versions. The caller forgets the cached
   * pointer once the transaction commits.
   */
  async function rollbackIn(
    tx: Db | Tx,
    input: {
      siteId: number;
      artifactId: number;
      actor: string;
      action?: string;
      auditAfter?: Record<string, unknown>;
    },
  ): Promise<ArtifactInfo> {
    const { siteId, artifactId, actor } = input;
    const [target] = await tx
      .select({ builtFor: artifacts.builtFor })
      .from(artifacts)
      .where(and(eq(artifacts.id, artifactId), eq(artifacts.siteId, siteId)));
    if (target?.builtFor === 'preview') {
      throw conflict(
        `Artifact ${artifactId} was built for the preview slot (integration copies): production cannot be rolled back to it`,
      );
    }
    const { previous } = await point(tx, siteId, 'production', artifactId, actor);
    const [row] = await tx.select(info).from(artifacts).where(eq(artifacts.id, artifactId));
    await recordAudit(tx, {
      actor,
      action: input.action ?? 'rollback',
      entity: 'artifact-pointer',
      entityId: `${siteId}/production`,
      siteId,
      before: { artifactId: previous },
      after: { artifactId, hash: row!.hash, ...input.auditAfter },
    });
    return toInfo(row!);
  }

  return {
    /** Stores a built bundle; the same js + css for the same site is the same row. */
    async store(
      tx: Db | Tx,
      entry: {
        siteId: number;
        js: string;
        css: string;
        manifest: BundleManifest;
        /** @default the manifest's slot, else production */
        builtFor?: ArtifactSlot;
        createdBy: string;
      },
    ): Promise<{ id: number; hash: string; created: boolean }> {
      const hash = bundleHash(entry.js, entry.css);
      const builtFor = entry.builtFor ?? entry.manifest.slot ?? 'production';
      const [inserted] = await tx
        .insert(artifacts)
        .values({ ...entry, builtFor, hash })
        .onConflictDoNothing({ target: [artifacts.siteId, artifacts.hash] })
        .returning({ id: artifacts.id });
      if (inserted) return { id: inserted.id, hash, created: true };
      const [existing] = await tx
        .select({ id: artifacts.id })
        .from(artifacts)
        .where(and(eq(artifacts.siteId, entry.siteId), eq(artifacts.hash, hash)));
      if (!existing) throw new Error(`artifact ${hash} vanished while storing it`);
      return { id: existing.id, hash, created: false };
    },

    /** Points a slot at an artifact of the same site (404 otherwise); returns what it pointed at. */
    point,

    async current(siteId: number, slot: ArtifactSlot): Promise<ArtifactInfo | null> {
      const [row] = await db
        .select(info)
        .from(artifactPointers)
        .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
        .where(and(eq(artifactPointers.siteId, siteId), eq(artifactPointers.slot, slot)));
      return row ? toInfo(row) : null;
    },

    /** The hash the slot points at (null: nothing yet), cached for at most a second. */
    async currentHash(siteId: number, slot: ArtifactSlot): Promise<string | null> {
      const key = `${siteId}/${slot}`;
      const hit = pointers.get(key);
      const now = Date.now();
      if (hit && now - hit.at < POINTER_TTL_MS) return hit.hash;
      const [row] = await db
        .select({ hash: artifacts.hash })
        .from(artifactPointers)
        .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
        .where(and(eq(artifactPointers.siteId, siteId), eq(artifactPointers.slot, slot)));
      const hash = row?.hash ?? null;
      pointers.set(key, { hash, at: now });
      return hash;
    },

    /** The site's artifacts, newest first, with the slots pointing at each. */
    async list(siteId: number): Promise<ArtifactHistoryEntry[]> {
      const [rows, pointers] = await Promise.all([
        db
          .select(info)
          .from(artifacts)
          .where(eq(artifacts.siteId, siteId))
          .orderBy(desc(artifacts.createdAt), desc(artifacts.id)),
        db
          .select({ slot: artifactPointers.slot, artifactId: artifactPointers.artifactId })
          .from(artifactPointers)
          .where(eq(artifactPointers.siteId, siteId)),
      ]);
      const at = (slot: ArtifactSlot) => pointers.find((p) => p.slot === slot)?.artifactId;
      return rows.map((row) => ({
        ...toInfo(row),
        production: row.id === at('production'),
        preview: row.id === at('preview'),
      }));
    },

    async byHash(siteId: number, hash: string): Promise<ArtifactFiles | null> {
      const key = `${siteId}/${hash}`;
      const hit = files.get(key);
      if (hit) return hit;
      const [row] = await db
        .select({
          id: artifacts.id,
          hash: artifacts.hash,
          js: artifacts.js,
          css: artifacts.css,
          createdAt: artifacts.createdAt,
        })
        .from(artifacts)
        .where(and(eq(artifacts.siteId, siteId), eq(artifacts.hash, hash)));
      if (!row) return null;
      if (files.size >= FILE_CACHE_LIMIT) files.delete(files.keys().next().value!);
      files.set(key, row);
      return row;
    },

    /** One artifact of the site, without its bytes (null: none with that id on that site). */
    async get(siteId: number, artifactId: number): Promise<ArtifactInfo | null> {
      const [row] = await db
        .select(info)
        .from(artifacts)
        .where(and(eq(artifacts.id, artifactId), eq(artifacts.siteId, siteId)));
      return row ? toInfo(row) : null;
    },

    /**
     * Points production back at an earlier artifact of the site, in one transaction with its
     * audit entry (see rollbackIn). Nothing is rebuilt: the loader serves it on its next request.
     */
    async rollback(siteId: number, artifactId: number, login: string): Promise<ArtifactInfo> {
      const result = await db.transaction((tx) =>
        rollbackIn(tx, { siteId, artifactId, actor: login }),
      );
      // a loader that read the old pointer while the transaction ran must not keep it
      forget(siteId, 'production');
      return result;
    },

    rollbackIn,

    /**
     * What production serves of each config: the config entries of the bundle the production
     * pointer is at (null: no production bundle yet). A rollback, manual or automatic, moves the
     * pointer and so what this answers; the saved config versions are not rewound.
     */
    async productionConfigs(siteId: number): Promise<BundleManifest['configs'] | null> {
      const [row] = await db
        .select({ manifest: artifacts.manifest })
        .from(artifactPointers)
        .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
        .where(and(eq(artifactPointers.siteId, siteId), eq(artifactPointers.slot, 'production')));
      return row ? (row.manifest as BundleManifest).configs : null;
    },

    /** Drops this process's cached pointer (after a transaction that moved it commits). */
    forget,
  };
}

export type ArtifactRepository = ReturnType<typeof createArtifactRepository>;
