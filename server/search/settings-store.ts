/** The search settings of a site: read, written with their audit, and what the index applies. */
import { and, eq, sql } from 'drizzle-orm';
import {
  INDEX_KEYS,
  SETTING_DEFAULTS,
  type SearchJobStatus,
  type Setting,
  type SettingKey,
} from '#contract/entities/search-config.ts';
import { wordsOf } from '#contract/text.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { searchIndexState, searchSettings } from '../platform/db/schema.ts';
import { latestJob } from '../platform/jobs/repository.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { run } from '../platform/db/sql.ts';
import { documentExpression, indexPart, loadSettings, weightClasses } from './search-config.ts';
import {
  liveImport,
  matchCondition,
  PRODUCT_COLUMNS,
  scoreExpression,
  toProducts,
  type ProductRow,
} from './common.ts';

/** Equal as JSON values (jsonb keeps keys in its own order). */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
export const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export async function readSetting(db: Db, siteId: number, key: SettingKey): Promise<Setting> {
  const [row] = await db
    .select()
    .from(searchSettings)
    .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)));
  const settings = await loadSettings(db, siteId);
  let live: boolean | null = null;
  if ((INDEX_KEYS as readonly string[]).includes(key)) {
    const [state] = await db
      .select()
      .from(searchIndexState)
      .where(eq(searchIndexState.siteId, siteId));
    const applied = state ? (state.applied as Record<string, unknown>)[key] : SETTING_DEFAULTS[key];
    live = sameJson(applied, settings[key]);
  }
  return {
    key,
    value: settings[key],
    custom: !!row,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    live,
  };
}

export async function writeSetting(
  db: Db,
  siteId: number,
  key: string,
  value: unknown,
  actor: string,
  /** What else changes with the setting, in its transaction. */
  alongside?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(searchSettings)
      .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)))
      .for('update');
    if (value === null) {
      if (!before) return;
      await tx
        .delete(searchSettings)
        .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, key)));
    } else {
      await tx
        .insert(searchSettings)
        .values({ siteId, key, value, updatedBy: actor })
        .onConflictDoUpdate({
          target: [searchSettings.siteId, searchSettings.key],
          set: { value, updatedBy: actor, updatedAt: new Date() },
        });
    }
    await recordAudit(tx, {
      actor,
      action: value === null ? 'delete' : before ? 'update' : 'create',
      entity: `search-setting:${key}`,
      entityId: siteId,
      before: before?.value ?? null,
      after: value,
    });
    await alongside?.(tx);
  });
}

export async function jobStatus(
  db: Db,
  siteId: number,
  kind: string,
): Promise<SearchJobStatus['job']> {
  const row = await latestJob(db, siteId, kind);
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Whether saved settings wait for an index build, and when the index was built. */
export async function indexState(db: Db, siteId: number) {
  const settings = indexPart(await loadSettings(db, siteId));
  const [state] = await db
    .select()
    .from(searchIndexState)
    .where(eq(searchIndexState.siteId, siteId));
  const applied = state?.applied ?? indexPart(SETTING_DEFAULTS);
  return {
    pending: !sameJson(applied, settings),
    builtAt: state?.builtAt.toISOString() ?? null,
  };
}

/**
 * The first ten products of a query as the live index ranks them, and as the unsaved attributes
 * and weights would.
 */
export async function rankingPreview(
  db: Db,
  siteId: number,
  body: { st: string; attributes: Parameters<typeof weightClasses>[0] },
) {
  const importId = await liveImport(db, siteId);
  if (importId === null) return { live: [], draft: [] };
  const words = wordsOf(body.st);
  const m = { importId, st: body.st, words, showUnavailable: true, multiplier: 0.2 };
  const [state] = await db
    .select()
    .from(searchIndexState)
    .where(eq(searchIndexState.siteId, siteId));
  const liveClasses = state
    ? weightClasses((state.applied as { attributes: typeof body.attributes }).attributes)
    : null;
  const liveRank = liveClasses ? { weights: liveClasses.rank, name: liveClasses.name } : null;
  const liveRows = await run<ProductRow>(
    db,
    sql`select ${PRODUCT_COLUMNS} from catalog_products p
          where p.import_id = ${importId} and ${matchCondition(m)}
          order by ${scoreExpression({ ...m, rank: liveRank })} desc, p.popularity desc, p.id limit 10`,
  );
  // The draft: the document computed on the fly from the unsaved attributes and weights.
  const query = sql`to_tsquery('russian', ${words.map((w) => `${w}:*`).join(' & ') || 'a'})`;
  const { rank, name } = weightClasses(body.attributes);
  const doc = documentExpression(body.attributes);
  const draftRows = words.length
    ? await run<ProductRow>(
        db,
        sql`select * from (select ${PRODUCT_COLUMNS}, ${doc} as d from catalog_products p
                where p.import_id = ${importId}) p
              where p.d @@ ${query} or p.name %> ${words.join(' ')}
              order by (case when p.available then 1 else 0.2 end) * (ts_rank_cd(${`{${rank.join(',')}}`}::float4[], p.d, ${query})
                + word_similarity(${words.join(' ')}, p.name) * ${name}::float8 + ln(1 + p.popularity) / 100) desc,
                p.popularity desc, p.id limit 10`,
      )
    : { rows: [] };
  return {
    live: await toProducts(db, importId, liveRows.rows, { withSku: false }),
    draft: await toProducts(db, importId, draftRows.rows, { withSku: false }),
  };
}
