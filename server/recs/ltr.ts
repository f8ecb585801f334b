/**
 * XGBVECTORS (spec part 2 §3 "Models build job"): the learned ranking of the public
 * search. The job reads the event store's searches and what shoppers did with their answers —
 * a product clicked from the results (PRODUCT_CLICK), put in the cart, ordered — and fits a
 * linear model (ml-regression-multivariate-linear, least squares) of that graded relevance on the
 * ranking's own features, so a trained model is a set of ranking coefficients. It is measured
 * (NDCG@10 on held-out sessions) against the coefficients in use, the previous model and
 * popularity, stored, and served only once an operator switches it on (its weights become the
 * ranking coefficients, audited). docs/learned-ranking.md describes the features and labels.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import MLR from 'ml-regression-multivariate-linear';
import {
  RANKING_COEFFICIENTS,
  RANKING_MAX,
  type RankingCoefficients,
  type RankingModel,
} from '#contract/entities/recs.ts';
import { run } from '../platform/db/sql.ts';
import { GLOBAL_PRODUCTS } from '../search/regions.ts';
import { matchCondition, scoreExpression, type Matching } from '../search/common.ts';
import { normalise } from '../search/understanding.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { catalogs, rankingModels, sites } from '../platform/db/schema.ts';
import { CLICK_SOURCE_CODE, KIND } from '../events/codes.ts';
import { arr } from '../platform/db/sql-array.ts';
import type { JobHandler } from '../platform/jobs/runner.ts';
import { queueMail } from '../platform/mail/outbox.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { readCoefficients, saveCoefficients } from '../search/ranking-coefficients.ts';

export const RANKING_BUILD_JOB = 'ranking-build';

export interface RankingBuildPayload {
  jobName: 'XGBVECTORS';
  emailList?: string[];
  /** Days of events read (default 90). */
  windowDays?: number;
}

/** Candidates ranked per query: the top of the text match (the labelled products are added). */
const CANDIDATES = 50;
/** Queries learned from: the most frequent of the window. */
const MAX_QUERIES = 1000;
/** One session in ten (by a hash of its id) is held out to measure on. */
const held = (sessionId: string): boolean => {
  let h = 0;
  for (const c of sessionId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return Math.abs(h) % 10 === 0;
};

/** Graded relevance: 1 clicked from the answer, 2 put in the cart, 3 ordered. */
export const LABEL = { click: 1, cart: 2, order: 3 } as const;

type Features = [number, number, number, number];
interface Candidate {
  id: string;
  f: Features;
}
interface Group {
  query: string;
  heldOut: boolean;
  labels: Map<string, number>;
}

/** The features are the ranking's terms (server/search/ranking.ts), in RANKING_COEFFICIENTS order. */
async function candidatesFor(
  db: Db | Tx,
  siteId: number,
  importId: number,
  query: string,
  labelled: string[],
): Promise<Candidate[]> {
  const words = normalise(query);
  if (!words.length) return [];
  const m: Matching = {
    importId,
    products: GLOBAL_PRODUCTS,
    st: query,
    words,
    showUnavailable: true,
    multiplier: 1,
  };
  const engagement = sql`ln(1 + coalesce((select r.score from recs_strategies s
      join recs_item_scores r on r.site_id = s.site_id and r.hash = s.hash
        and r.revision = s.revision and r.product_id = '' and r.other_id = p.id
      where s.site_id = ${siteId} and s.model = 'popular_window' and s.enabled
      order by s.created_at, s.hash limit 1), 0)) / 5`;
  const { rows } = await run<{ id: string; t: number; p: number; a: number; e: number }>(
    db,
    sql`select id, t, p, a, e from (
          select p.id, ${scoreExpression(m)}::float8 as t,
            (ln(1 + greatest(p.popularity, 0)) / 10)::float8 as p,
            (case when p.available then 1 else 0 end)::float8 as a, (${engagement})::float8 as e,
            row_number() over (order by ${scoreExpression(m)} desc, p.id) as rn
          from ${m.products!} p
          where p.import_id = ${importId} and ${matchCondition(m)}
        ) x where rn <= ${CANDIDATES} or id = any(${arr(labelled)}::text[])`,
  );
  return rows.map((r) => ({
    id: r.id,
    f: [Number(r.t), Number(r.p), Number(r.a), Number(r.e)] as Features,
  }));
}

const dot = (w: readonly number[], f: Features) =>
  w[0]! * f[0] + w[1]! * f[1] + w[2]! * f[2] + w[3]! * f[3];

/** NDCG@10 of one ranked list against its graded labels (gain 2^rel − 1). */
export function ndcgAt10(ranked: readonly string[], labels: ReadonlyMap<string, number>): number {
  const gain = (rel: number) => 2 ** rel - 1;
  const dcg = ranked
    .slice(0, 10)
    .reduce((sum, id, i) => sum + gain(labels.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...labels.values()]
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, rel, i) => sum + gain(rel) / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Ranks candidates by weights (ties: id, as the search's last key). */
function rank(candidates: readonly Candidate[], w: readonly number[]): string[] {
  return [...candidates]
    .map((c) => ({ id: c.id, s: dot(w, c.f) }))
    .sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1))
    .map((c) => c.id);
}

const asVector = (c: RankingCoefficients) => RANKING_COEFFICIENTS.map((name) => c[name]);
/** Popularity alone (ties: text score), the baseline every model must beat. */
const POPULARITY = [1e-6, 1, 0, 0];

export interface TrainOutput {
  weights: RankingCoefficients;
  quality: RankingModel['quality'];
  queries: number;
  groups: number;
}

/**
 * Reads the window's search groups (a session's search of a query and what followed it), their
 * candidates and labels; fits the weights on the training sessions and measures every ranking on
 * the held-out ones. Answers null when no search led to a click, a cart or an order.
 */
export async function trainRanking(
  db: Db | Tx,
  siteId: number,
  options: {
    now?: Date;
    windowDays?: number;
    previous?: RankingCoefficients | null;
    signal?: AbortSignal;
    progress?: (percent: number) => Promise<void>;
  } = {},
): Promise<TrainOutput | null> {
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - (options.windowDays ?? 90) * 86_400_000).toISOString();
  const [live] = await db
    .select({ importId: catalogs.importId })
    .from(catalogs)
    .where(eq(catalogs.siteId, siteId));
  if (!live?.importId) throw new HttpError(409, 'The site has no catalog to learn a ranking on');
  // Per (session, day, query) searched: the products clicked from it, carted and ordered after.
  const { rows } = await run<{
    session_id: string;
    query: string;
    product_id: string;
    label: number;
  }>(
    db,
    sql`with searched as (
          select distinct e.session_id, e.day, e.query from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz
            and e.kind = ${KIND.SEARCH} and e.query is not null and e.hits > 0
        ), top as (
          select query from searched group by query order by count(*) desc, query
          limit ${MAX_QUERIES}
        ), clicks as (
          select distinct e.session_id, e.day, e.query, e.product_id from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz
            and e.kind = ${KIND.PRODUCT_CLICK} and e.block <> ${CLICK_SOURCE_CODE.RECOMMENDATION}
            and e.query is not null and e.product_id is not null
        ), carts as (
          select distinct e.session_id, e.day, e.product_id from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz
            and e.kind = ${KIND.ADD_TO_CART} and e.product_id is not null
        ), orders as (
          select distinct e.session_id, e.day from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and e.kind = ${KIND.ORDER}
        )
        select s.session_id, s.query, c.product_id,
          (case when o.session_id is not null and k.product_id is not null then ${LABEL.order}
                when k.product_id is not null then ${LABEL.cart} else ${LABEL.click} end)::int as label
        from searched s
        join top t on t.query = s.query
        join clicks c on c.session_id = s.session_id and c.day = s.day and c.query = s.query
        left join carts k on k.session_id = c.session_id and k.day = c.day
          and k.product_id = c.product_id
        left join orders o on o.session_id = s.session_id and o.day = s.day
        order by s.query, s.session_id, c.product_id`,
  );
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = `${row.session_id}\u0000${row.query}`;
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { query: row.query, heldOut: held(row.session_id), labels: new Map() }),
      );
    group.labels.set(row.product_id, Math.max(group.labels.get(row.product_id) ?? 0, row.label));
  }
  if (!groups.size) return null;
  const byQuery = new Map<string, Group[]>();
  for (const group of groups.values())
    byQuery.set(group.query, [...(byQuery.get(group.query) ?? []), group]);

  // Training rows: per query and candidate, the mean label over the query's training sessions.
  const x: number[][] = [];
  const y: number[][] = [];
  const test: { candidates: Candidate[]; labels: Map<string, number> }[] = [];
  let done = 0;
  for (const [query, list] of byQuery) {
    options.signal?.throwIfAborted();
    const labelled = [...new Set(list.flatMap((g) => [...g.labels.keys()]))];
    const candidates = await candidatesFor(db, siteId, live.importId, query, labelled);
    const training = list.filter((g) => !g.heldOut);
    // With too few sessions to hold any out, every session trains and is measured on.
    for (const group of list.some((g) => g.heldOut) ? list.filter((g) => g.heldOut) : list)
      test.push({ candidates, labels: group.labels });
    for (const c of candidates) {
      const sum = (training.length ? training : list).reduce(
        (total, g) => total + (g.labels.get(c.id) ?? 0),
        0,
      );
      x.push([...c.f]);
      y.push([sum / (training.length || list.length)]);
    }
    done += 1;
    if (options.progress && done % 20 === 0)
      await options.progress(Math.floor((done / byQuery.size) * 90));
  }
  if (x.length < 2) return null;
  const model = new MLR(x, y, { intercept: true, statistics: false });
  const raw = RANKING_COEFFICIENTS.map((_, i) => {
    const value = model.weights[i]?.[0] ?? 0;
    return Number.isFinite(value) ? value : 0;
  });
  // Any positive multiple ranks alike: scale into the coefficients' range (−9.99…9.99).
  const largest = Math.max(...raw.map(Math.abs));
  const scale = largest > 0 ? Math.min(RANKING_MAX, 1) / largest : 0;
  const weights = Object.fromEntries(
    RANKING_COEFFICIENTS.map((name, i) => [name, Math.round(raw[i]! * scale * 1000) / 1000]),
  ) as RankingCoefficients;
  if (RANKING_COEFFICIENTS.every((name) => weights[name] === 0)) weights.textScore = 1;

  const current = await readCoefficients(db, siteId);
  const measure = (w: readonly number[]) =>
    test.length
      ? Math.round(
          (test.reduce((sum, t) => sum + ndcgAt10(rank(t.candidates, w), t.labels), 0) /
            test.length) *
            10_000,
        ) / 10_000
      : null;
  return {
    weights,
    quality: {
      ndcgAt10: measure(asVector(weights)),
      currentNdcgAt10: measure(asVector(current)),
      previousNdcgAt10: options.previous ? measure(asVector(options.previous)) : null,
      popularityNdcgAt10: measure(POPULARITY),
      cases: test.length,
    },
    queries: byQuery.size,
    groups: groups.size,
  };
}

export const toRankingModel = (row: typeof rankingModels.$inferSelect): RankingModel => ({
  version: row.version,
  weights: row.weights as RankingCoefficients,
  quality: row.quality as RankingModel['quality'],
  queries: row.queries,
  groups: row.groups,
  builtAt: row.builtAt.toISOString(),
  activatedAt: row.activatedAt?.toISOString() ?? null,
  activatedBy: row.activatedBy,
});

export async function listRankingModels(db: Db | Tx, siteId: number): Promise<RankingModel[]> {
  const rows = await db
    .select()
    .from(rankingModels)
    .where(eq(rankingModels.siteId, siteId))
    .orderBy(desc(rankingModels.version))
    .limit(20);
  return rows.map(toRankingModel);
}

/** Switches a model on: its weights become the ranking coefficients (audited), in one transaction. */
export async function activateRankingModel(
  db: Db,
  siteId: number,
  version: number,
  actor: string,
): Promise<RankingModel> {
  const [row] = await db
    .select()
    .from(rankingModels)
    .where(and(eq(rankingModels.siteId, siteId), eq(rankingModels.version, version)));
  if (!row) throw new HttpError(404, `Ranking model ${version} not found`);
  await saveCoefficients(db, siteId, row.weights as RankingCoefficients, actor, async (tx) => {
    await tx
      .update(rankingModels)
      .set({ activatedAt: new Date(), activatedBy: actor })
      .where(and(eq(rankingModels.siteId, siteId), eq(rankingModels.version, version)));
  });
  const [after] = await db
    .select()
    .from(rankingModels)
    .where(and(eq(rankingModels.siteId, siteId), eq(rankingModels.version, version)));
  return toRankingModel(after!);
}

/** The XGBVECTORS job: trains, stores the model (off), mails `emailList`. */
export const rankingBuildJob: JobHandler = async ({ job, db, signal, progress }) => {
  const payload = (job.payload ?? { jobName: 'XGBVECTORS' }) as RankingBuildPayload;
  const [last] = await db
    .select()
    .from(rankingModels)
    .where(eq(rankingModels.siteId, job.siteId))
    .orderBy(desc(rankingModels.version))
    .limit(1);
  const trained = await trainRanking(db, job.siteId, {
    ...(payload.windowDays && { windowDays: payload.windowDays }),
    previous: (last?.weights as RankingCoefficients | undefined) ?? null,
    signal,
    progress,
  });
  if (!trained)
    throw new Error(
      'No search in the window led to a click, a cart or an order: nothing to learn from',
    );
  const version = (last?.version ?? 0) + 1;
  const [row] = await db
    .insert(rankingModels)
    .values({
      siteId: job.siteId,
      version,
      weights: trained.weights,
      quality: trained.quality,
      queries: trained.queries,
      groups: trained.groups,
      jobId: job.id,
    })
    .returning();
  if (payload.emailList?.length) {
    const [site] = await db
      .select({ name: sites.name })
      .from(sites)
      .where(eq(sites.id, job.siteId));
    const q = trained.quality;
    const f = (value: number | null) => (value === null ? '—' : value.toFixed(4));
    await queueMail(db, {
      siteId: job.siteId,
      kind: 'models-build',
      to: payload.emailList,
      subject: `XGBVECTORS: ranking model ${version} built for ${site?.name ?? job.siteId}`,
      body: [
        `The XGBVECTORS job ${job.id} has finished: model ${version}, ${trained.queries} queries, ${trained.groups} search sessions.`,
        `NDCG@10 ${f(q.ndcgAt10)} (coefficients in use ${f(q.currentNdcgAt10)}, previous model ${f(q.previousNdcgAt10)}, popularity ${f(q.popularityNdcgAt10)}) on ${q.cases} held-out searches.`,
        `Weights: ${RANKING_COEFFICIENTS.map((name) => `${name} ${trained.weights[name]}`).join(', ')}.`,
        'It serves shoppers once switched on in the model training screen.',
      ].join('\n'),
    });
  }
  return { jobName: 'XGBVECTORS', model: toRankingModel(row!) };
};
