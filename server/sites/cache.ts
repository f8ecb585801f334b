/**
 * The per-site read cache: every console call about a site reads the site and whether
 * it is attached to the caller; both are kept here per site and dropped on any write to the site or
 * to its attached users. The site repository drops an entry after its own writes commit; the
 * database's triggers (migration 0007) NOTIFY `vitrina_site_changed` with the site's id on every
 * change, whichever process or code makes it, so the other processes (and writers elsewhere in this
 * one) drop it too. A time limit bounds what a lost notification could leave behind.
 */
import type { Site } from '#contract/entities/site.ts';

export const SITE_CHANGED_CHANNEL = 'vitrina_site_changed';

export interface CachedSite {
  site: Site;
  /** The ids of the users the site is attached to. */
  attached: ReadonlySet<number>;
}

export interface SiteCache {
  /** The cached entry, else `load()`'s (shared by concurrent callers); absent sites are not kept. */
  get(siteId: number, load: () => Promise<CachedSite | null>): Promise<CachedSite | null>;
  /** A cached site list (by who asks and the search), else `load()`'s; any change drops them all. */
  list(key: string, load: () => Promise<Site[]>): Promise<Site[]>;
  /** Drops one site's entry, or all of them ('*'), and every cached list. */
  invalidate(siteId: number | '*'): void;
}

export function createSiteCache(options: { ttlMs: number }): SiteCache {
  const entries = new Map<number, { at: number; value: Promise<CachedSite | null> }>();
  const lists = new Map<string, { at: number; value: Promise<Site[]> }>();
  return {
    list(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = lists.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      const entry = { at: now, value: load() };
      lists.set(key, entry);
      entry.value.catch(() => {
        if (lists.get(key) === entry) lists.delete(key);
      });
      // A list is one row per site: keep a bounded number of searches.
      if (lists.size > 1000) lists.delete(lists.keys().next().value!);
      return entry.value;
    },
    get(siteId, load) {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(siteId);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      const value = load();
      const entry = { at: now, value };
      entries.set(siteId, entry);
      value.then(
        (found) => {
          if (!found && entries.get(siteId) === entry) entries.delete(siteId);
        },
        () => {
          if (entries.get(siteId) === entry) entries.delete(siteId);
        },
      );
      return value;
    },
    invalidate(siteId) {
      lists.clear();
      if (siteId === '*') entries.clear();
      else entries.delete(siteId);
    },
  };
}

/** The payload of a `vitrina_site_changed` notification as an invalidate() argument. */
export function changedSite(payload: string): number | '*' {
  const id = Number(payload);
  return Number.isInteger(id) && payload !== '' ? id : '*';
}
