/**
 * A site's search profile: what every public search and autocomplete of the site reads besides
 * the catalog (its settings and custom sorts, its compiled query lists, ranking coefficients,
 * facet rules, imshop regions, the index settings its live catalog was built with). Each process
 * keeps the profile of a site with the version it was read at; the database's triggers (migration
 * 0047) bump the version on every change of those tables, whoever makes it. A call reads the
 * version with the live import in one statement and reloads the profile only when it moved, so an
 * answer never comes from a profile older than the last change committed before the call began —
 * in this process or any other — and a site's dozen small reads are one.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  ApiParams,
  CustomSortConfig,
  IndexSettings,
  SearchSettings,
} from '#contract/entities/search-config.ts';
import type { RankingCoefficients } from '#contract/entities/recs.ts';
import { imshopRegions } from '../platform/db/schema.ts';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from './common.ts';
import { compileLists, type CompiledLists } from './compiled-lists.ts';
import type { NameLookup } from './name-index.ts';
import type { CatalogMemory } from './catalog-memory.ts';
import { facetRules, type FacetRule } from './facet-rules.ts';
import { readCoefficients } from './ranking-coefficients.ts';
import { loadSorts } from './custom-sorts.ts';
import { appliedIndex, loadSettings, storedApiDefaults } from './site-settings.ts';
import { siteListRows } from './understanding.ts';

export interface SearchProfile {
  settings: SearchSettings;
  /** The stored API parameter defaults the public calls take (null: none stored). */
  apiDefaults: ApiParams | null;
  sorts: Record<'plain' | 'imshop', CustomSortConfig>;
  lists: CompiledLists;
  coefficients: RankingCoefficients;
  /** The index settings the live catalog was built with; null: never rebuilt (defaults). */
  applied: IndexSettings | null;
  /** The applied and disabled facet rules. */
  facetRules: FacetRule[];
  /** The regions the mobile app is regionalised by. */
  imshopRegions: ReadonlySet<string>;
}

export interface LiveSearch {
  /** The site's live import; null: no catalog yet. */
  importId: number | null;
  profile: SearchProfile;
  /** What this process keeps of the live import, when it has built it (catalog-memory.ts). */
  memory?: CatalogMemory;
  /** The call's view of the memory's name index. */
  names?: NameLookup;
}

/** The profiles one database's public calls read, kept per site at the version they were read. */
export interface SearchProfiles {
  /** The site's live import and its search profile, as of now. */
  live(db: QueryDb, siteId: number): Promise<LiveSearch>;
}

/** Profiles of at most this many sites are kept; the least recently read goes first. */
const KEPT = 1000;

/** The kept profiles of one database (the catalog repository holds one per database). */
export function createSearchProfiles(): SearchProfiles {
  const kept = new Map<number, { version: number; profile: Promise<SearchProfile> }>();
  return {
    async live(db, siteId) {
      const { importId, version } = await liveVersion(db, siteId);
      const hit = kept.get(siteId);
      kept.delete(siteId);
      if (hit && hit.version === version) {
        kept.set(siteId, hit);
        return { importId, profile: await hit.profile };
      }
      // Read after the version: the profile is at least as new as it (a later change bumps it).
      const entry = { version, profile: loadProfile(db, siteId) };
      kept.set(siteId, entry);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      entry.profile.catch(() => {
        if (kept.get(siteId) === entry) kept.delete(siteId);
      });
      return { importId, profile: await entry.profile };
    },
  };
}

/** The site's live import and its search profile read now, nothing kept (the console's previews). */
export async function readLiveSearch(db: QueryDb, siteId: number): Promise<LiveSearch> {
  const { importId } = await liveVersion(db, siteId);
  return { importId, profile: await loadProfile(db, siteId) };
}

async function liveVersion(
  db: QueryDb,
  siteId: number,
): Promise<{ importId: number | null; version: number }> {
  const { rows } = await run<{ import_id: number | null; version: number }>(
    db,
    sql`select (select import_id from catalogs where site_id = ${siteId})::float8 as import_id,
          coalesce((select version from search_profile_versions where site_id = ${siteId}), 0)::float8 as version`,
  );
  return { importId: rows[0]!.import_id, version: rows[0]!.version };
}

async function loadProfile(db: QueryDb, siteId: number): Promise<SearchProfile> {
  // One after another: a bounded query holds one connection.
  const settings = await loadSettings(db, siteId);
  const apiDefaults = await storedApiDefaults(db, siteId);
  const plain = await loadSorts(db, siteId, 'plain');
  const imshop = await loadSorts(db, siteId, 'imshop');
  const lists = compileLists(await siteListRows(db, siteId));
  const coefficients = await readCoefficients(db, siteId);
  const applied = await appliedIndex(db, siteId);
  const rules = await facetRules(db, siteId);
  const regions = await db
    .select({ regionId: imshopRegions.regionId })
    .from(imshopRegions)
    .where(eq(imshopRegions.siteId, siteId));
  return {
    settings,
    apiDefaults,
    sorts: { plain, imshop },
    lists,
    coefficients,
    applied,
    facetRules: rules,
    imshopRegions: new Set(regions.map((row) => row.regionId)),
  };
}
