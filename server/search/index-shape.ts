/**
 * The index part of a site's search configuration, run when an import's products are built: the
 * search document and its weight classes, SKU grouping, lowercase values; and the rank and
 * representative order the queries use over that document.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  BUILTIN_ATTRIBUTES,
  IndexSettings,
  SearchAttributes,
} from '#contract/entities/search-config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { catalogImports } from '../platform/db/schema.ts';
import { run } from '../platform/db/sql.ts';
import { appliedIndex } from './site-settings.ts';

type QueryDb = Db | Tx;

/** The document the public queries match: the configured one, else the default generated one. */
export const SEARCH_DOC = sql.raw('coalesce(p.doc, p.search)');

const LABELS = ['A', 'B', 'C', 'D'] as const;

/**
 * PostgreSQL's full text has four weight classes: the distinct weights, highest first, take A, B
 * and C; every lower one shares D. Each class ranks with its highest weight over the top one.
 */
export function weightClasses(config: SearchAttributes): {
  label: Map<string, (typeof LABELS)[number]>;
  rank: [number, number, number, number];
  /** The name's weight over the top one (0 when the name is not searched): scales the typo match. */
  name: number;
} {
  const distinct = [...new Set(config.attributes.map((a) => a.weight))].sort((a, b) => b - a);
  const top = distinct[0] ?? 1;
  const label = new Map<string, (typeof LABELS)[number]>();
  const classWeight = [0, 0, 0, 0];
  for (const attribute of config.attributes) {
    const index = Math.min(distinct.indexOf(attribute.weight), 3);
    label.set(attribute.name, LABELS[index]!);
    classWeight[index] = Math.max(classWeight[index]!, attribute.weight / top);
  }
  // ts_rank's array is {D, C, B, A}; an unused class gets a small weight (it never occurs).
  const [a, b, c, d] = classWeight.map((w) => Math.round((w || 0.01) * 1000) / 1000) as [
    number,
    number,
    number,
    number,
  ];
  const name = config.attributes.find((a) => a.name === 'name');
  return { label, rank: [d, c, b, a], name: name ? name.weight / top : 0 };
}

function attributeText(name: string): SQL {
  switch (name as (typeof BUILTIN_ATTRIBUTES)[number]) {
    case 'name':
      return sql`coalesce(p.name, '')`;
    case 'vendor':
      return sql`coalesce(p.vendor, '')`;
    case 'vendorCode':
      return sql`coalesce(p.vendor_code, '')`;
    case 'category':
      return sql`coalesce(p.category_names, '')`;
    case 'description':
      return sql`coalesce(p.description, '')`;
    case 'params':
      return sql`coalesce(p.params_text, '')`;
    default:
      return sql`coalesce((select string_agg(e->>'value', ' ') from jsonb_array_elements(p.params) e where e->>'name' = ${name}), '')`;
  }
}

/** The search document of a product row `p` for the configured attributes and weights. */
export function documentExpression(config: SearchAttributes): SQL {
  const { label } = weightClasses(config);
  return sql.join(
    config.attributes.map(
      (a) =>
        sql`setweight(to_tsvector('russian'::regconfig, ${attributeText(a.name)}), ${sql.raw(`'${label.get(a.name)}'`)})`,
    ),
    sql` || `,
  );
}

/** How the site's live index ranks: ts_rank_cd's class weights and the name's share. */
export interface RankWeights {
  weights: readonly number[];
  name: number;
}

/** The rank weights of the index settings the live catalog was built with (null: the default document). */
export function rankWeights(applied: IndexSettings | null): RankWeights | null {
  if (!applied) return null;
  const { rank, name } = weightClasses(applied.attributes);
  return { weights: rank, name };
}

/** The rank of a matched product under the given class weights (null: PostgreSQL's default). */
export function rankExpression(rank: RankWeights | null | undefined, query: SQL): SQL {
  return rank
    ? sql`ts_rank_cd(${`{${rank.weights.join(',')}}`}::float4[], ${SEARCH_DOC}, ${query})`
    : sql`ts_rank_cd(${SEARCH_DOC}, ${query})`;
}

/**
 * The typo match on the name, weighted like the name (1 for the default document). `measured`:
 * the similarities the name index measured for `text` (name-index.ts); the database measures the
 * names it did not.
 */
export function nameSimilarity(
  rank: RankWeights | null | undefined,
  text: string,
  measured?: { json(): string } | null,
): SQL {
  // A one-word query's shortcut costs less than reading the measured list.
  const similarity =
    measured && !ONE_WORD.test(text)
      ? sql`coalesce((${measured.json()}::jsonb ->> p.id)::float4, ${wordSimilarity(text)})`
      : wordSimilarity(text);
  return rank ? sql`${similarity} * ${rank.name}::float8` : similarity;
}

const ONE_WORD = /^[0-9a-zа-яё]+$/;

/**
 * `word_similarity(text, p.name)`, the same value. A one-word query standing in the name as a
 * whole word is exactly 1: pg_trgm pads every word alike, so that word's trigrams are the query's.
 * A regular expression says so at about a tenth of the cost (computed for every matching product
 * of a search, word_similarity was a quarter of «куртка»'s first pass at 100 000 offers). Where
 * the two disagree on what a word is, the expression only misses (`_` is a word character to it,
 * a separator to pg_trgm; in the C locale Cyrillic is no word character to it) and the function
 * decides; tests/server/search/name-similarity.test.ts compares the two over a catalog.
 */
export function wordSimilarity(text: string): SQL {
  if (!ONE_WORD.test(text)) return sql`word_similarity(${text}, p.name)`;
  return sql`(case when p.name ~* ${`\\m${text}\\M`} then 1::real else word_similarity(${text}, p.name) end)`;
}

/** The order that picks a group's representative offer (`rep` in buildProducts). */
export function representativeOrder(index: IndexSettings | null): SQL {
  switch (index?.skuRepresentativeConfig.strategy) {
    case 'MOST_POPULAR':
      return sql`product_id, available desc, popularity desc, price, id`;
    case 'FIRST':
      return sql`product_id, id`;
    default:
      return sql`product_id, available desc, price, id`;
  }
}

async function siteOfImport(db: QueryDb, importId: number): Promise<number | null> {
  const [row] = await db
    .select({ siteId: catalogImports.siteId })
    .from(catalogImports)
    .where(eq(catalogImports.id, importId));
  return row?.siteId ?? null;
}

/**
 * Before an import's products are built: SKUs grouped by the configured attribute (SKU config
 * ATTRIBUTE) and the lowercase attributes' values lowercased. `index` undefined: the site's
 * applied settings (a feed import keeps what the last rebuild applied).
 */
export async function shapeOffers(
  db: Db,
  importId: number,
  index?: IndexSettings | null,
): Promise<IndexSettings | null> {
  if (index === undefined) {
    const siteId = await siteOfImport(db, importId);
    index = siteId === null ? null : await appliedIndex(db, siteId);
  }
  if (!index) return null;
  const lower = index.lowercaseAttributes.attributes;
  if (lower.length)
    await run(
      db,
      sql`update catalog_offers o set params = (
            select coalesce(jsonb_agg(case when e->>'name' = any(${lower}::text[])
              then jsonb_set(e, '{value}', to_jsonb(lower(e->>'value'))) else e end), '[]'::jsonb)
            from jsonb_array_elements(o.params) e)
          where o.import_id = ${importId}
            and exists (select 1 from jsonb_array_elements(o.params) e where e->>'name' = any(${lower}::text[]))`,
    );
  if (index.sku.type === 'ATTRIBUTE' && index.sku.attribute)
    await run(
      db,
      sql`update catalog_offers o set product_id = 'g:' || v.value
          from (select o2.id, min(e->>'value') as value from catalog_offers o2
                cross join lateral jsonb_array_elements(o2.params) e
                where o2.import_id = ${importId} and e->>'name' = ${index.sku.attribute} group by o2.id) v
          where o.import_id = ${importId} and o.id = v.id`,
    );
  return index;
}

/** After an import's products are built: the configured search document (none: the default). */
export async function shapeProducts(
  db: Db,
  importId: number,
  index: IndexSettings | null,
): Promise<void> {
  if (!index) return;
  await run(
    db,
    sql`update catalog_products p set doc = ${documentExpression(index.attributes)} where p.import_id = ${importId}`,
  );
}
