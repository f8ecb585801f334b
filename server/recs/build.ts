import { sql, type SQL } from 'drizzle-orm';
import type { RecsModel, RecsQuality } from '#contract/entities/recs.ts';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { KIND } from '../events/codes.ts';
import { effectiveConfigs } from './models.ts';
import { measurePairs, pairIndex, pairRows, type PairOptions } from './item-knn.ts';
import { loadSessions, noRanks, tally, writeScores, type Ranks } from './session-data.ts';
import { buildSessionKnn, sessionKnnParams } from './session-knn-store.ts';

export { tally };

/** Sessions kept out of training to measure a model on (one in ten, by a hash of the id)… */
const HOLDOUT = sql`(abs(hashtext(e.session_id)) % 10 = 0)`;
/** …once the window holds at least this many sessions; below it every session trains. */
export const HOLDOUT_MIN_SESSIONS = 200;
/** How many products a global list (popular, trending) keeps. */
const GLOBAL_LIST = 500;
/** Held-out cases a build's quality figures are measured on (at most). */
const MEASURE_CASES = 20_000;

export interface BuildInput {
  siteId: number;
  hash: string;
  revision: number;
  model: RecsModel;
  configs: Record<string, string>;
  now: Date;
}

export interface BuildOutput {
  rows: number;
  events: number;
  quality: RecsQuality;
}

const daysAgo = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * Builds one revision of an event- or catalog-sourced strategy into recs_item_scores (the rows
 * of that revision only: serving reads the strategy's current revision, so nothing changes for
 * shoppers until the caller switches it). Answers the row count, the events read and the offline
 * quality (hit rate @10 and @20, MRR @20 of the next product of held-out sessions, against
 * popularity). Runs on `db`, not in one transaction: the session-built strategies write their
 * rows in batches (session-data.ts), each its own statement.
 *
 * The pair and session strategies serve a model of every session of the window and measure a
 * second one, of the training sessions only, in memory; the global lists (popular, trending)
 * and similar_attributes measure the revision they wrote, built from the training sessions.
 */
export async function buildRevision(db: Db | Tx, input: BuildInput): Promise<BuildOutput> {
  const { siteId, hash, revision, model, now } = input;
  const c = effectiveConfigs(model, input.configs);
  const window =
    model.modelName === 'trending'
      ? c.int('recentDays') + c.int('baselineDays')
      : model.configs.some((def) => def.name === 'windowDays')
        ? c.int('windowDays')
        : 90;
  const from = daysAgo(now, window);
  const { rows: counted } = await run<{ sessions: number; events: number }>(
    db,
    sql`select count(distinct e.session_id)::int as sessions, count(*)::int as events
        from events e where e.site_id = ${siteId} and e.at >= ${from}::timestamptz
          and e.kind in (${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART})`,
  );
  const events = counted[0]?.events ?? 0;
  const holdout = (counted[0]?.sessions ?? 0) >= HOLDOUT_MIN_SESSIONS;
  const train = holdout ? sql`not ${HOLDOUT}` : sql`true`;
  const into = sql`insert into recs_item_scores (site_id, hash, revision, product_id, other_id, score)`;
  const head = sql`${siteId}::int, ${hash}::text, ${revision}::int`;
  const target = { siteId, hash, revision };
  let query: SQL;
  switch (model.modelName) {
    case 'co_viewed':
    case 'co_bought': {
      const bought = model.modelName === 'co_bought';
      const ordered =
        bought && c.bool('orderedOnly')
          ? sql`and exists (select 1 from events o where o.site_id = e.site_id
                  and o.session_id = e.session_id and o.day = e.day and o.kind = ${KIND.ORDER})`
          : sql``;
      const loaded = await loadSessions(db, {
        siteId,
        from,
        now,
        where: sql`e.kind = ${bought ? KIND.ADD_TO_CART : KIND.PRODUCT_VIEW} ${ordered}`,
        holdout: holdout && HOLDOUT,
      });
      // co_viewed is item-kNN (the session-based recommendation papers' Item-KNN): the cosine of
      // two products' session vectors, each product's session count shrunk by `shrinkage`, so a
      // pair seen once between two rare products is not outranked by any pair with a bestseller,
      // nor a bestseller's chance pairs by rare ones. co_bought keeps the plain count: baskets
      // are few and short, their pairs rarely tie.
      const options: PairOptions = {
        cosine: !bought,
        shrinkage: bought ? 0 : c.float('shrinkage'),
        minSupport: c.int('minSupport'),
        maxPerProduct: c.int('maxPerProduct'),
      };
      const index = pairIndex(loaded);
      const rows = await writeScores(db, target, pairRows(index, options));
      if (!holdout) return { rows, events, quality: emptyQuality() };
      const measured = measurePairs(
        index,
        options,
        await popularViews(db, siteId, from),
        MEASURE_CASES,
      );
      return { rows, events, quality: fromRanks(measured.model, measured.popularity) };
    }
    case 'session_knn': {
      const loaded = await loadSessions(db, {
        siteId,
        from,
        now,
        where: sql`e.kind = ${KIND.PRODUCT_VIEW}`,
        holdout: holdout && HOLDOUT,
      });
      const built = await buildSessionKnn(db, target, loaded, {
        params: sessionKnnParams(c),
        holdout,
        popular: holdout ? await popularViews(db, siteId, from) : [],
        limit: MEASURE_CASES,
      });
      return {
        rows: built.rows,
        events,
        quality: holdout ? fromRanks(built.model, built.popularity) : emptyQuality(),
      };
    }
    case 'popular_window':
    case 'zero_result_fallback': {
      const cartWeight = model.modelName === 'popular_window' ? c.float('cartWeight') : 3;
      const cats = c.list('categories');
      const inCategories = cats.length
        ? sql`and exists (select 1 from catalogs k join catalog_products p
                on p.import_id = k.import_id and p.id = e.product_id
              where k.site_id = ${siteId} and p.category_path && ${`{${cats.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`
        : sql``;
      query = sql`${into}
        select ${head}, '', e.product_id,
          sum(case when e.kind = ${KIND.ADD_TO_CART} then ${cartWeight}::real else 1 end)::real as score
        from events e
        where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and ${train}
          and e.kind in (${KIND.PRODUCT_VIEW}, ${KIND.ADD_TO_CART}) and e.product_id is not null
          ${inCategories}
        group by e.product_id order by score desc, e.product_id limit ${GLOBAL_LIST}`;
      break;
    }
    case 'trending': {
      const recentFrom = daysAgo(now, c.int('recentDays'));
      query = sql`${into}
        select ${head}, '', product_id, score from (
          select e.product_id,
            count(*) filter (where e.at >= ${recentFrom}::timestamptz) as recent,
            ((count(*) filter (where e.at >= ${recentFrom}::timestamptz))::real / ${c.int('recentDays')} + 1)
              / ((count(*) filter (where e.at < ${recentFrom}::timestamptz))::real / ${c.int('baselineDays')} + 1)
              as score
          from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and ${train}
            and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
          group by e.product_id
        ) t where recent >= ${c.int('minViews')}
        order by score desc, product_id limit ${GLOBAL_LIST}`;
      break;
    }
    case 'similar_attributes': {
      const weights = { category: 1, vendor: 0.5, price: 1, ...(c.json('weights') as object) } as {
        category: number;
        vendor: number;
        price: number;
      };
      const tolerance = c.float('priceTolerance');
      query = sql`${into}
        with live as (select import_id from catalogs where site_id = ${siteId}),
        pairs as (
          select a.id as product_id, b.id as other_id,
            (${Number(weights.category) || 0}::real
              + case when a.vendor is not distinct from b.vendor then ${Number(weights.vendor) || 0}::real else 0 end
              + ${Number(weights.price) || 0}::real
                * greatest(0, 1 - abs(a.price - b.price) / greatest(a.price, 1)))::real as score
          from live join catalog_products a on a.import_id = live.import_id
          join catalog_products b on b.import_id = a.import_id and b.category_id = a.category_id
            and b.id <> a.id and abs(a.price - b.price) <= ${tolerance}::float8 * greatest(a.price, 1)
            ${c.bool('sameVendor') ? sql`and a.vendor is not distinct from b.vendor` : sql``}
        ), ranked as (
          select *, row_number() over (partition by product_id order by score desc, other_id) as rn
          from pairs
        )
        select ${head}, product_id, other_id, score from ranked where rn <= ${c.int('maxPerProduct')}`;
      break;
    }
    default:
      return { rows: 0, events: 0, quality: emptyQuality() };
  }
  const { count } = await run(db, query);
  const quality = holdout ? await measure(db, input, from, model.needsProduct) : emptyQuality();
  return { rows: count, events, quality };
}

/** Popularity's top 11 (training views of the window), the baseline of the quality figures. */
async function popularViews(db: Db | Tx, siteId: number, from: string): Promise<string[]> {
  const { rows } = await run<{ product_id: string }>(
    db,
    sql`select e.product_id from events e
        where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and not ${HOLDOUT}
          and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
        group by e.product_id order by count(*) desc, e.product_id limit 11`,
  );
  return rows.map((row) => row.product_id);
}

const fraction = (n: number, cases: number) =>
  cases ? Math.round((n / cases) * 10_000) / 10_000 : null;

function fromRanks(model: Ranks, popularity: Ranks): RecsQuality {
  return {
    hitRateAt10: fraction(model.hitsAt10, model.cases),
    hitRateAt20: fraction(model.hitsAt20, model.cases),
    mrrAt20: fraction(model.reciprocalAt20, model.cases),
    popularityHitRateAt10: fraction(popularity.hitsAt10, popularity.cases),
    previousHitRateAt10: null,
    cases: model.cases,
  };
}

const emptyQuality = (): RecsQuality => ({
  hitRateAt10: null,
  hitRateAt20: null,
  mrrAt20: null,
  popularityHitRateAt10: null,
  previousHitRateAt10: null,
  cases: 0,
});

/** A case's rank in the top 20 the revision gives for the product before (c.prev). */
const pairRank = ({ siteId, hash, revision }: BuildInput) =>
  sql`(select top.rn from (
          select r.other_id, row_number() over (order by r.score desc, r.other_id)::int as rn
          from recs_item_scores r
          where r.site_id = ${siteId} and r.hash = ${hash} and r.revision = ${revision}
            and r.product_id = c.prev and r.other_id <> c.prev
          order by r.score desc, r.other_id limit 20
        ) top where top.other_id = c.product_id) as rank`;

/**
 * A global list's top 21, read once (it was ranked again for each of 20 000 cases: most of a
 * popular list's build on the embedded engine)…
 */
const globalTop = ({ siteId, hash, revision }: BuildInput) =>
  sql`, global_top as materialized (
        select r.other_id, row_number() over (order by r.score desc, r.other_id)::int as rn
        from recs_item_scores r
        where r.site_id = ${siteId} and r.hash = ${hash} and r.revision = ${revision}
          and r.product_id = ''
        order by r.score desc, r.other_id limit 21
      )`;

/**
 * …and a case's rank in its top 20 with the product before (c.prev) left out: one place higher
 * when c.prev came before it, none past the 20th.
 */
const globalRank = sql`(select r.rank from (
          select t.rn - (select count(*) from global_top x
              where x.other_id = c.prev and x.rn < t.rn)::int as rank
          from global_top t where t.other_id = c.product_id
        ) r where r.rank <= 20) as rank`;

/**
 * Hit rate @10 and @20 and MRR @20 of a written revision on held-out sessions: for each
 * consecutive pair (a → b) of distinct products a held-out session viewed, the rank of b in the
 * top 20 the revision gives for a (or in its global list, a left out); popularity's top 10
 * (training views) is the baseline.
 */
export async function measure(
  db: Db | Tx,
  input: BuildInput,
  from: string,
  itemToItem: boolean,
): Promise<RecsQuality> {
  const { siteId } = input;
  const { rows } = await run<{ rank: number | null; popular_rank: number | null }>(
    db,
    sql`with seq as (
          select e.session_id, e.day, e.product_id, e.at,
            lag(e.product_id) over (partition by e.session_id, e.day order by e.at, e.id) as prev
          from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and ${HOLDOUT}
            and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
        ), cases as (
          select prev, product_id from seq where prev is not null and prev <> product_id
          limit 20000
        ), popular as materialized (
          select e.product_id, count(*) as n from events e
          where e.site_id = ${siteId} and e.at >= ${from}::timestamptz and not ${HOLDOUT}
            and e.kind = ${KIND.PRODUCT_VIEW} and e.product_id is not null
          group by e.product_id order by count(*) desc, e.product_id limit 11
        )
        ${itemToItem ? sql`` : globalTop(input)}
        select
          ${itemToItem ? pairRank(input) : globalRank},
          (select top.rn from (
              select p.product_id, row_number() over (order by p.n desc, p.product_id)::int as rn
              from popular p where p.product_id <> c.prev
              order by p.n desc, p.product_id limit 10
            ) top where top.product_id = c.product_id) as popular_rank
        from cases c`,
  );
  const model = noRanks();
  const popularity = noRanks();
  for (const row of rows) {
    tally(model, row.rank);
    tally(popularity, row.popular_rank);
  }
  return fromRanks(model, popularity);
}
