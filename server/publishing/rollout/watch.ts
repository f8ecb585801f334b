/**
 * Automatic rollback: every promotion to production opens a watch for the site's
 * window; the watcher compares the storefront's own signals since the promotion — widget render
 * errors the runtime reported, searches and click-through (product views per search) from the
 * event store against the same hours of the previous week — with the site's thresholds, and on a
 * clear drop points production back at the previous bundle, audits it, e-mails the monitoring
 * list and the user who promoted, and leaves the watch as the console's notice.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { RolloutFigures, RolloutSettings, RolloutWatch } from '#contract/entities/rollout.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import {
  artifactPointers,
  artifacts,
  bundleErrorViews,
  bundleViews,
  events,
  monitoringEmails,
  rolloutWatches,
  sites,
  users,
} from '../../platform/db/schema.ts';
import { KIND } from '../../events/codes.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { createArtifactRepository } from '../artifacts-repository.ts';
import { readRolloutSettings } from './settings.ts';

/** Who the automatic actions are audited as. */
export const ROLLOUT_ACTOR = 'system:rollout';
const WEEK_MS = 7 * 24 * 3600 * 1000;

type WatchRow = typeof rolloutWatches.$inferSelect;

export function toRolloutWatch(row: WatchRow): RolloutWatch {
  return {
    id: row.id,
    artifactId: row.artifactId,
    previousArtifactId: row.previousArtifactId,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: row.state,
    reason: (row.reason as RolloutWatch['reason']) ?? null,
    figures: (row.figures as RolloutFigures | null) ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
  };
}

/**
 * Called in the promotion's transaction once production points at the new bundle: opens the
 * watch (when the site's rollback is on and there is an earlier bundle to go back to); a watch
 * still open for the site is closed as passed — the newer promotion is what is watched now.
 */
export async function startRolloutWatch(
  tx: Db | Tx,
  input: { siteId: number; artifactId: number; previousArtifactId: number | null; login: string },
): Promise<void> {
  await tx
    .update(rolloutWatches)
    .set({ state: 'passed', checkedAt: new Date() })
    .where(and(eq(rolloutWatches.siteId, input.siteId), eq(rolloutWatches.state, 'watching')));
  const settings = await readRolloutSettings(tx, input.siteId);
  if (!settings.enabled) return;
  if (input.previousArtifactId === null || input.previousArtifactId === input.artifactId) return;
  const now = new Date();
  await tx.insert(rolloutWatches).values({
    siteId: input.siteId,
    artifactId: input.artifactId,
    previousArtifactId: input.previousArtifactId,
    startedAt: now,
    endsAt: new Date(now.getTime() + settings.windowMinutes * 60_000),
    createdBy: input.login,
  });
}

async function countEvents(tx: Tx, siteId: number, kind: number, from: Date, to: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.siteId, siteId),
        eq(events.kind, kind),
        gte(events.at, from),
        lt(events.at, to),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The storefront's signals since the watch started (up to `now`), and the same hours a week before. */
export async function watchFigures(tx: Tx, watch: WatchRow, now: Date): Promise<RolloutFigures> {
  const to = now < watch.endsAt ? now : watch.endsAt;
  const from = watch.startedAt;
  // the page views of the watched bundle, and those of them that reported an error (each view
  // once, with a token the server gave it: server/publishing/rollout/views.ts), and from how many networks
  const [artifact] = await tx
    .select({ hash: artifacts.hash })
    .from(artifacts)
    .where(eq(artifacts.id, watch.artifactId));
  const bundle = artifact?.hash ?? '';
  const [viewed] = await tx
    .select({ n: sql<number>`coalesce(sum(${bundleViews.views}), 0)::int` })
    .from(bundleViews)
    .where(
      and(
        eq(bundleViews.siteId, watch.siteId),
        eq(bundleViews.bundle, bundle),
        gte(bundleViews.minute, new Date(Math.floor(from.getTime() / 60_000) * 60_000)),
        lte(bundleViews.minute, to),
      ),
    );
  const [errors] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      networks: sql<number>`count(distinct ${bundleErrorViews.network})::int`,
    })
    .from(bundleErrorViews)
    .where(
      and(
        eq(bundleErrorViews.siteId, watch.siteId),
        eq(bundleErrorViews.bundle, bundle),
        gte(bundleErrorViews.at, from),
        lte(bundleErrorViews.at, to),
      ),
    );
  const weekAgo = (date: Date) => new Date(date.getTime() - WEEK_MS);
  const searches = await countEvents(tx, watch.siteId, KIND.SEARCH, from, to);
  const views = await countEvents(tx, watch.siteId, KIND.PRODUCT_VIEW, from, to);
  const baselineSearches = await countEvents(
    tx,
    watch.siteId,
    KIND.SEARCH,
    weekAgo(from),
    weekAgo(to),
  );
  const baselineViews = await countEvents(
    tx,
    watch.siteId,
    KIND.PRODUCT_VIEW,
    weekAgo(from),
    weekAgo(to),
  );
  return {
    widgetErrors: Number(errors?.n ?? 0),
    views: Number(viewed?.n ?? 0),
    errorSources: Number(errors?.networks ?? 0),
    searches,
    baselineSearches,
    ctr: searches > 0 ? views / searches : null,
    baselineCtr: baselineSearches > 0 ? baselineViews / baselineSearches : null,
  };
}

/**
 * Whether the widget errors alone justify a rollback: enough erroring page views, a large enough
 * share of the bundle's views (over a minimum of views), from enough client networks.
 */
export function errorsRollBack(figures: RolloutFigures, settings: RolloutSettings): boolean {
  const views = figures.views ?? 0;
  return (
    figures.widgetErrors >= settings.maxWidgetErrors &&
    views >= settings.minViews &&
    figures.widgetErrors * 100 >= views * settings.maxErrorRatePercent &&
    (figures.errorSources ?? 0) >= settings.minErrorSources
  );
}

/** Which signal dropped clearly, or null. */
export function dropOf(
  figures: RolloutFigures,
  settings: RolloutSettings,
): 'errors' | 'searches' | 'ctr' | null {
  if (errorsRollBack(figures, settings)) return 'errors';
  if (figures.baselineSearches < settings.minBaselineSearches) return null;
  if (figures.searches < figures.baselineSearches * (1 - settings.searchDropPercent / 100))
    return 'searches';
  if (
    figures.ctr !== null &&
    figures.baselineCtr !== null &&
    figures.searches >= settings.minBaselineSearches &&
    figures.ctr < figures.baselineCtr * (1 - settings.ctrDropPercent / 100)
  )
    return 'ctr';
  return null;
}

const REASON_TEXT = {
  errors: 'ошибки отрисовки виджетов',
  searches: 'число поисков упало',
  ctr: 'кликабельность упала',
} as const;

async function notify(
  tx: Tx,
  watch: WatchRow,
  reason: 'errors' | 'searches' | 'ctr',
  figures: RolloutFigures,
) {
  const [site] = await tx
    .select({ name: sites.name })
    .from(sites)
    .where(eq(sites.id, watch.siteId));
  const list = await tx
    .select({ email: monitoringEmails.email })
    .from(monitoringEmails)
    .where(eq(monitoringEmails.siteId, watch.siteId));
  const [promoter] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.login, watch.createdBy));
  const to = [
    ...new Map(
      [...list.map((row) => row.email), ...(promoter?.email ? [promoter.email] : [])].map(
        (email) => [email.toLowerCase(), email],
      ),
    ).values(),
  ];
  const percent = (value: number | null) =>
    value === null ? '—' : `${(value * 100).toFixed(1).replace('.', ',')} %`;
  await queueMail(tx, {
    siteId: watch.siteId,
    kind: 'rollout-rollback',
    to,
    subject: `Vitrina: продакшн откачен автоматически — ${site?.name ?? `сайт ${watch.siteId}`}`,
    body: [
      `Сайт: ${site?.name ?? ''} (id ${watch.siteId})`,
      `Публикация: бандл ${watch.artifactId} (${watch.createdBy}, ${watch.startedAt.toISOString()})`,
      `Причина: ${REASON_TEXT[reason]}`,
      `Ошибки виджетов: ${figures.widgetErrors} (просмотров страниц с бандлом: ${figures.views ?? 0}, сетей с ошибками: ${figures.errorSources ?? 0})`,
      `Поиски: ${figures.searches} (неделю назад в те же часы: ${figures.baselineSearches})`,
      `Кликабельность: ${percent(figures.ctr)} (неделю назад: ${percent(figures.baselineCtr)})`,
      '',
      `Продакшн снова указывает на бандл ${watch.previousArtifactId}. Конфигурации не изменены: следующая генерация соберёт их текущие версии.`,
    ].join('\n'),
  });
}

export interface WatchOutcome {
  watchId: number;
  siteId: number;
  state: 'watching' | 'passed' | 'rolled_back';
  reason: 'errors' | 'searches' | 'ctr' | null;
}

/**
 * Checks every open watch at `now` (claimed with SKIP LOCKED, so several processes never act
 * twice): rolls back on a clear drop, closes the watch as passed when its window is over.
 */
export async function checkRolloutWatches(db: Db, now: Date = new Date()): Promise<WatchOutcome[]> {
  const open = await db
    .select({ id: rolloutWatches.id })
    .from(rolloutWatches)
    .where(eq(rolloutWatches.state, 'watching'))
    .orderBy(asc(rolloutWatches.id))
    .limit(500);
  const outcomes: WatchOutcome[] = [];
  const repository = createArtifactRepository(db);
  for (const { id } of open) {
    const outcome = await db.transaction(async (tx): Promise<WatchOutcome | null> => {
      const [watch] = await tx
        .select()
        .from(rolloutWatches)
        .where(and(eq(rolloutWatches.id, id), eq(rolloutWatches.state, 'watching')))
        .for('update', { skipLocked: true });
      if (!watch) return null;
      const settings = await readRolloutSettings(tx, watch.siteId);
      const figures = await watchFigures(tx, watch, now);
      const reason = settings.enabled ? dropOf(figures, settings) : null;
      const [pointer] = await tx
        .select({ artifactId: artifactPointers.artifactId })
        .from(artifactPointers)
        .where(
          and(eq(artifactPointers.siteId, watch.siteId), eq(artifactPointers.slot, 'production')),
        );
      // production moved on (a manual rollback): there is nothing of this promotion to undo
      const stillLive = pointer?.artifactId === watch.artifactId;
      if (reason && stillLive && watch.previousArtifactId !== null) {
        // the same path as the versions panel's «Вернуть на сайт»: the production pointer (and
        // so the production version the console shows) goes back to the previous bundle
        await repository.rollbackIn(tx, {
          siteId: watch.siteId,
          artifactId: watch.previousArtifactId,
          actor: ROLLOUT_ACTOR,
          action: 'auto-rollback',
          auditAfter: { reason, figures, watchId: id },
        });
        await tx
          .update(rolloutWatches)
          .set({ state: 'rolled_back', reason, figures, checkedAt: now })
          .where(eq(rolloutWatches.id, id));
        await notify(tx, watch, reason, figures);
        return { watchId: id, siteId: watch.siteId, state: 'rolled_back', reason };
      }
      const over = now >= watch.endsAt || !stillLive || !settings.enabled;
      await tx
        .update(rolloutWatches)
        .set({ state: over ? 'passed' : 'watching', figures, checkedAt: now })
        .where(eq(rolloutWatches.id, id));
      return {
        watchId: id,
        siteId: watch.siteId,
        state: over ? 'passed' : 'watching',
        reason: null,
      };
    });
    if (outcome) {
      if (outcome.state === 'rolled_back') repository.forget(outcome.siteId, 'production');
      outcomes.push(outcome);
    }
  }
  return outcomes;
}

export async function listRolloutWatches(
  db: Db,
  siteId: number,
  limit: number,
): Promise<RolloutWatch[]> {
  const rows = await db
    .select()
    .from(rolloutWatches)
    .where(eq(rolloutWatches.siteId, siteId))
    .orderBy(desc(rolloutWatches.id))
    .limit(limit);
  return rows.map(toRolloutWatch);
}
