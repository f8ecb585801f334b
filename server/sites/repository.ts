import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Site } from '#contract/entities/site.ts';
import { anyOf } from '../platform/db/any.ts';
import { containsPattern } from '../platform/db/like.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  catalogImports,
  catalogs,
  feedHistory,
  jobs,
  sites,
  userSites,
  verticals,
} from '../platform/db/schema.ts';
import { conflict, HttpError } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { createSiteCache, type CachedSite, type SiteCache } from './cache.ts';
import { moveEventsToTimeZone } from '../events/time-zone.ts';

export type SiteRow = typeof sites.$inferSelect;

export function toSite(row: SiteRow): Site {
  return {
    siteId: row.id,
    apiKey: row.apiKey,
    siteName: row.name,
    siteUrl: row.url,
    enabled: row.enabled,
    verticals: row.verticals,
    // The spec's comma-separated segment (spec §3 Site), derived: no column of its own.
    segment: row.verticals.join(','),
    timeZone: row.timeZone,
    feedUrl: row.feedUrl,
    version: row.version,
  };
}

export interface SiteFields {
  siteName?: string | undefined;
  siteUrl?: string | undefined;
  verticals?: string[] | undefined;
  timeZone?: string | undefined;
  feedUrl?: string | null | undefined;
}

export function newApiKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The one apiKey → site lookup (the storefront's reads, events, error reports and integrations):
 * null for an unknown key. A key with control characters never reaches the database (a NUL byte
 * used to answer 500): no such key.
 */
export async function siteByApiKey(db: Db | Tx, apiKey: string): Promise<Site | null> {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(apiKey)) return null;
  const [row] = await db.select().from(sites).where(eq(sites.apiKey, apiKey));
  return row ? toSite(row) : null;
}

/** The one site → apiKey lookup (bundles, the /cdn loader, the demo seed): null for an unknown site. */
export async function apiKeyOfSite(db: Db | Tx, siteId: number): Promise<string | null> {
  const [row] = await db.select({ apiKey: sites.apiKey }).from(sites).where(eq(sites.id, siteId));
  return row?.apiKey ?? null;
}

async function assertVerticalsExist(
  tx: Db | Tx,
  names: readonly string[] | undefined,
): Promise<void> {
  if (!names?.length) return;
  const found = await tx
    .select({ name: verticals.name })
    .from(verticals)
    .where(anyOf(verticals.name, names));
  const missing = names.filter((name) => !found.some((row) => row.name === name));
  if (missing.length) throw new HttpError(400, `Unknown vertical: ${missing.join(', ')}`);
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function assertTimeZone(zone: string | undefined): void {
  if (zone !== undefined && !isValidTimeZone(zone))
    throw new HttpError(400, `Unknown time zone: ${zone}`);
}

/** Every site's id and name, by id: the picker of a screen that may name any site. */
export async function siteNames(db: Db | Tx): Promise<{ siteId: number; name: string }[]> {
  return db.select({ siteId: sites.id, name: sites.name }).from(sites).orderBy(sites.id);
}

export function createSiteRepository(db: Db, cache: SiteCache = createSiteCache({ ttlMs: 0 })) {
  // The site selector's list, read on every console load: built once, run with placeholders.
  const matching = sql`(${sql.placeholder('term')} = '' or ${sites.name} ilike ${sql.placeholder('pattern')}
    or ${sites.url} ilike ${sql.placeholder('pattern')} or ${sites.id}::text = ${sql.placeholder('term')})`;
  const listAll = db
    .select()
    .from(sites)
    .where(matching)
    .orderBy(asc(sites.id))
    .prepare('list_sites');
  const listAttached = db
    .select(getTableColumns(sites))
    .from(sites)
    .innerJoin(
      userSites,
      and(eq(userSites.siteId, sites.id), eq(userSites.userId, sql.placeholder('userId'))),
    )
    .where(matching)
    .orderBy(asc(sites.id))
    .prepare('list_user_sites');
  const getOne = db
    .select()
    .from(sites)
    .where(eq(sites.id, sql.placeholder('siteId')))
    .prepare('site_by_id');
  const attachedUsers = db
    .select({ userId: userSites.userId })
    .from(userSites)
    .where(eq(userSites.siteId, sql.placeholder('siteId')))
    .prepare('site_attached_users');

  /** The site and its attached users, from the cache (read in one snapshot when loaded). */
  function cached(siteId: number): Promise<CachedSite | null> {
    return cache.get(siteId, async () => {
      const [row] = await getOne.execute({ siteId });
      if (!row) return null;
      const users = await attachedUsers.execute({ siteId });
      return { site: toSite(row), attached: new Set(users.map((user) => user.userId)) };
    });
  }

  /** Runs a write, then drops the site's cached entry (after the commit: no stale reload). */
  async function changing<T>(siteId: number | '*', write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      cache.invalidate(siteId);
    }
  }

  async function lockRow(tx: Tx, siteId: number): Promise<SiteRow | undefined> {
    const [row] = await tx.select().from(sites).where(eq(sites.id, siteId)).for('update');
    return row;
  }

  return {
    /**
     * The site an apiKey names (siteByApiKey), kept as the site lists are: dropped on any change
     * of any site, in any process. The storefront's every public call asks it.
     */
    async byApiKey(apiKey: string): Promise<Site | null> {
      const [site] = await cache.list(`apiKey\u0001${apiKey}`, async () => {
        const found = await siteByApiKey(db, apiKey);
        return found ? [found] : [];
      });
      return site ?? null;
    },

    async list(scope: { userId: number; all: boolean }, search?: string): Promise<Site[]> {
      const term = search?.trim() ?? '';
      return cache.list(`${scope.all ? '*' : scope.userId}\u0000${term}`, async () => {
        const rows = await (scope.all ? listAll : listAttached).execute({
          userId: scope.userId,
          term,
          pattern: containsPattern(term),
        });
        return rows.map(toSite);
      });
    },

    async get(siteId: number): Promise<Site | undefined> {
      return (await cached(siteId))?.site;
    },

    /** The site as the user may see it: 'forbidden' when it exists but is not attached to them. */
    async getFor(
      siteId: number,
      user: { id: number; seesAllSites: boolean },
    ): Promise<Site | 'forbidden' | undefined> {
      const entry = await cached(siteId);
      if (!entry) return undefined;
      return entry.attached.has(user.id) || user.seesAllSites ? entry.site : 'forbidden';
    },

    async create(
      fields: Required<Omit<SiteFields, 'feedUrl'>> & SiteFields,
      actor: string,
      tx?: Tx,
    ): Promise<Site> {
      const run = async (t: Tx) => {
        await assertVerticalsExist(t, fields.verticals);
        assertTimeZone(fields.timeZone);
        const [row] = await t
          .insert(sites)
          .values({
            apiKey: newApiKey(),
            name: fields.siteName,
            url: fields.siteUrl,
            verticals: fields.verticals,
            timeZone: fields.timeZone,
            feedUrl: fields.feedUrl ?? null,
          })
          .returning();
        const site = toSite(row!);
        await recordAudit(t, {
          actor,
          action: 'create',
          entity: 'site',
          entityId: site.siteId,
          after: site,
        });
        return site;
      };
      // The cached lists lack the new site: dropped after the commit (in a caller's transaction,
      // which may still roll back, the triggers' notification at its commit drops them).
      if (tx) return run(tx);
      const site = await db.transaction(run);
      cache.invalidate(site.siteId);
      return site;
    },

    async update(
      siteId: number,
      fields: SiteFields & { version?: number | undefined },
      actor: string,
    ) {
      return changing(siteId, () =>
        db.transaction(async (tx) => {
          const row = await lockRow(tx, siteId);
          if (!row) return undefined;
          if (fields.version !== undefined && fields.version !== row.version) {
            throw conflict(`The site was changed by someone else (now version ${row.version})`, {
              version: row.version,
              updatedAt: row.updatedAt.toISOString(),
            });
          }
          await assertVerticalsExist(tx, fields.verticals);
          assertTimeZone(fields.timeZone);
          const [updated] = await tx
            .update(sites)
            .set({
              name: fields.siteName,
              url: fields.siteUrl,
              verticals: fields.verticals,
              timeZone: fields.timeZone,
              feedUrl: fields.feedUrl,
              version: row.version + 1,
              updatedAt: new Date(),
            })
            .where(eq(sites.id, siteId))
            .returning();
          // Events and rollups are kept by day in the site's zone: re-day them in the same transaction.
          if (updated!.timeZone !== row.timeZone)
            await moveEventsToTimeZone(tx, siteId, updated!.timeZone);
          const site = toSite(updated!);
          await recordAudit(tx, {
            actor,
            action: 'update',
            entity: 'site',
            entityId: siteId,
            before: toSite(row),
            after: site,
          });
          return site;
        }),
      );
    },

    /** Switches `enabled`; `inside` runs in the same transaction (job scheduling, data purge). */
    async setEnabled(
      siteId: number,
      enabled: boolean,
      actor: string,
      inside: (tx: Tx, site: Site) => Promise<void>,
    ) {
      return changing(siteId, () =>
        db.transaction(async (tx) => {
          const row = await lockRow(tx, siteId);
          if (!row) return undefined;
          const [updated] = await tx
            .update(sites)
            .set({ enabled, version: row.version + 1, updatedAt: new Date() })
            .where(eq(sites.id, siteId))
            .returning();
          const site = toSite(updated!);
          await inside(tx, site);
          await recordAudit(tx, {
            actor,
            action: enabled ? 'activate' : 'deactivate',
            entity: 'site',
            entityId: siteId,
            before: toSite(row),
            after: site,
          });
          return site;
        }),
      );
    },

    /** Switches `enabled` inside the caller's transaction, without audit (seeding). */
    async setEnabledIn(tx: Tx, siteId: number, enabled: boolean): Promise<void> {
      await tx.update(sites).set({ enabled }).where(eq(sites.id, siteId));
    },

    /** Deletes what a deactivated site no longer needs: feed history, jobs and search indexes. */
    async purgeData(tx: Tx, siteId: number): Promise<void> {
      await tx.delete(feedHistory).where(eq(feedHistory.siteId, siteId));
      await tx.delete(jobs).where(eq(jobs.siteId, siteId));
      await tx.delete(catalogs).where(eq(catalogs.siteId, siteId));
      await tx.delete(catalogImports).where(eq(catalogImports.siteId, siteId));
    },

    async remove(siteId: number, actor: string): Promise<boolean> {
      return changing(siteId, () =>
        db.transaction(async (tx) => {
          const row = await lockRow(tx, siteId);
          if (!row) return false;
          await tx.delete(sites).where(eq(sites.id, siteId));
          await recordAudit(tx, {
            actor,
            action: 'delete',
            entity: 'site',
            entityId: siteId,
            before: toSite(row),
          });
          return true;
        }),
      );
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
