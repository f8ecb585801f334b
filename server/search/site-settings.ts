/**
 * A site's search settings as the search reads them: every setting with its default where none
 * is stored, the index part the live catalog was built with, and the API parameter defaults.
 */
import { and, eq } from 'drizzle-orm';
import {
  INDEX_KEYS,
  type ApiParams,
  SETTING_DEFAULTS,
  SETTING_SCHEMAS,
  type IndexSettings,
  type SearchSettings,
  type SettingKey,
} from '#contract/entities/search-config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { searchIndexState, searchSettings } from '../platform/db/schema.ts';

type QueryDb = Db | Tx;

/** Reads the site's settings (the defaults where none is stored). */
export async function loadSettings(db: QueryDb, siteId: number): Promise<SearchSettings> {
  const rows = await db.select().from(searchSettings).where(eq(searchSettings.siteId, siteId));
  const settings: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if (!(row.key in SETTING_SCHEMAS)) continue;
    const parsed = SETTING_SCHEMAS[row.key as SettingKey].safeParse(row.value);
    if (parsed.success) settings[row.key] = parsed.data;
  }
  return settings as SearchSettings;
}

export function indexPart(settings: SearchSettings): IndexSettings {
  return Object.fromEntries(INDEX_KEYS.map((key) => [key, settings[key]])) as IndexSettings;
}

/** The index settings the site's live catalog was built with; null: never rebuilt (defaults). */
export async function appliedIndex(db: QueryDb, siteId: number): Promise<IndexSettings | null> {
  const [row] = await db
    .select({ applied: searchIndexState.applied })
    .from(searchIndexState)
    .where(eq(searchIndexState.siteId, siteId));
  return row ? (row.applied as IndexSettings) : null;
}

const DEFAULTED = [
  'size',
  'showUnavailable',
  'unavailableMultiplier',
  'withCorrection',
  'useCategoryPrediction',
  'treeFacets',
  'withSku',
] as const;

/** The site's stored API parameter defaults (/site/api-config); null when none are stored. */
export async function storedApiDefaults(db: QueryDb, siteId: number): Promise<ApiParams | null> {
  const [row] = await db
    .select({ value: searchSettings.value })
    .from(searchSettings)
    .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, 'api-params')));
  const parsed = SETTING_SCHEMAS['api-params'].safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * The site's API parameter defaults for the parameters a public call did not give (read from its
 * query string): a call that says keeps what it says.
 */
export function withApiDefaults<T extends object>(
  defaults: ApiParams | null,
  params: T,
  url: string,
): T {
  if (!defaults) return params;
  const given = new URLSearchParams(url.split('?')[1] ?? '');
  const out = { ...params } as Record<string, unknown>;
  for (const key of DEFAULTED) if (key in out && !given.has(key)) out[key] = defaults[key];
  return out as T;
}
