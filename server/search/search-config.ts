/**
 * How a site's search configuration shapes the index and the public answers. The
 * index part (search document, SKU grouping, representatives, lowercase values) runs when an
 * import's products are built; the answer part (API defaults, response and SKU attributes,
 * facet attributes per category, custom sorts, thresholds) runs per query.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Facet, ParsedSearchFilter } from '#contract/public/search.ts';
import { toAttributes, type Product, type ProductAttributes } from '#contract/public/product.ts';
import type { BUILTIN_ATTRIBUTES } from '#contract/entities/search-config.ts';
import {
  customSortConfig,
  INDEX_KEYS,
  SETTING_DEFAULTS,
  SETTING_SCHEMAS,
  type CustomSortConfig,
  type IndexSettings,
  type SearchAttributes,
  type SearchSettings,
  type SettingKey,
} from '#contract/entities/search-config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { booleanFacet, distinctFacet, rangesFacet, sliderFacet } from './facet-shapes.ts';
import {
  catalogImports,
  facetAttributes,
  searchIndexState,
  searchSettings,
} from '../platform/db/schema.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { prefixPattern } from '../platform/db/like.ts';
import { run } from '../platform/db/sql.ts';

type QueryDb = Db | Tx;

/** The document the public queries match: the configured one, else the default generated one. */
export const SEARCH_DOC = sql.raw('coalesce(p.doc, p.search)');

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

/** The rank weights of the site's live index, or null for the default document. */
export async function rankWeights(db: QueryDb, siteId: number): Promise<RankWeights | null> {
  const applied = await appliedIndex(db, siteId);
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

/** The typo match on the name, weighted like the name (1 for the default document). */
export function nameSimilarity(rank: RankWeights | null | undefined, text: string): SQL {
  return rank
    ? sql`word_similarity(${text}, p.name) * ${rank.name}::float8`
    : sql`word_similarity(${text}, p.name)`;
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

/** Custom sorts of the site (plain or imshop). */
export async function loadSorts(
  db: QueryDb,
  siteId: number,
  kind: 'plain' | 'imshop',
): Promise<CustomSortConfig> {
  const [row] = await db
    .select()
    .from(searchSettings)
    .where(
      and(
        eq(searchSettings.siteId, siteId),
        eq(searchSettings.key, kind === 'plain' ? 'customSort' : 'imshopSort'),
      ),
    );
  const parsed = customSortConfig.safeParse(row?.value);
  return parsed.success ? parsed.data : { attributes: [], regions: [] };
}

/** `ASC:attribute` / `DESC:attribute`: a configured custom sort. */
export const CUSTOM_SORT = /^(ASC|DESC):(.{1,100})$/;

/** The ORDER BY of a custom sort; 400 for a sort the site has not configured. */
export async function customSortOrder(
  db: QueryDb,
  siteId: number,
  sort: string,
): Promise<SQL | null> {
  const match = CUSTOM_SORT.exec(sort);
  if (!match) return null;
  const [, direction, attribute] = match as unknown as [string, 'ASC' | 'DESC', string];
  const sorts = await loadSorts(db, siteId, 'plain');
  if (!sorts.attributes.some((a) => a.attribute === attribute && a.direction === direction))
    throw new HttpError(400, `The sort ${sort} is not configured for this site`);
  const value = sql`(select e->>'value' from jsonb_array_elements(p.params) e where e->>'name' = ${attribute} limit 1)`;
  const numeric = sql`(case when ${value} ~ '^-?[0-9]+([.,][0-9]+)?$' then replace(${value}, ',', '.')::float8 end)`;
  const dir = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  return sql`p.available desc, ${numeric} ${dir} nulls last, ${value} ${dir} nulls last, p.id`;
}

/** The sort options the storefront may offer: the built-in ones and the site's custom sorts. */
export function sortOptions(sorts: CustomSortConfig): { value: string; title: string }[] {
  return sorts.attributes.map((a) => ({ value: `${a.direction}:${a.attribute}`, title: a.title }));
}

/**
 * The answer's params: the response attributes when set (else all), carried even in a short
 * answer (fullData=false); SKUs told apart by the SKU attributes when set.
 */
export function shapeAnswer(
  products: Product[],
  settings: SearchSettings,
  rows: { id: string; params: { name: string; value: string }[] }[],
): Product[] {
  const paramsOf = new Map(rows.map((row) => [row.id, row.params]));
  const response = settings.responseAttributes.attributes.map((name) => name.toLowerCase());
  const skuAttributes = settings.skuAttributes.attributes.map((name) => name.toLowerCase());
  if (!response.length && !skuAttributes.length) return products;
  const pick = (attributes: ProductAttributes, names: string[]): ProductAttributes =>
    Object.fromEntries(
      names.flatMap((name) => (attributes[name] ? [[name, attributes[name]] as const] : [])),
    );
  return products.map((product) => ({
    ...product,
    ...(response.length && {
      attributes: pick(
        paramsOf.has(product.id) ? toAttributes(paramsOf.get(product.id)!) : product.attributes,
        response,
      ),
    }),
    ...(skuAttributes.length &&
      product.skus && {
        skus: product.skus.map((sku) => ({
          ...sku,
          attributes: pick(sku.attributes, skuAttributes),
        })),
      }),
  }));
}

export interface FacetRule {
  categoryId: string;
  attribute: string;
  state: 'SUGGESTED' | 'APPLY' | 'DISABLE';
  dataType: 'DISTINCT' | 'NUM_DISTINCT' | 'RANGES' | 'BOOLEAN' | 'SLIDER';
  booleanView: 'DEFAULT' | 'TRUE_ONLY' | 'FALSE_ONLY';
  sort: 'ASC' | 'DESC' | 'POPULARITY';
  position: number;
}

export async function facetRules(db: QueryDb, siteId: number): Promise<FacetRule[]> {
  return db
    .select({
      categoryId: facetAttributes.categoryId,
      attribute: facetAttributes.attribute,
      state: facetAttributes.state,
      dataType: facetAttributes.dataType,
      booleanView: facetAttributes.booleanView,
      sort: facetAttributes.sort,
      position: facetAttributes.position,
    })
    .from(facetAttributes)
    .where(and(eq(facetAttributes.siteId, siteId), sql`${facetAttributes.state} <> 'SUGGESTED'`));
}

type ParamRow = { name: string; value: string; unit: string | null; n: number };

/**
 * The param facets of a search under the facet rules: in a category (the selected `categoryId`,
 * its nearest ancestor with rules) exactly the applied attributes, in their order and with their
 * data type, sort and boolean view; elsewhere the automatic facets without the attributes applied
 * to some category (they belong there) and without the disabled ones.
 */
export function ruledParamFacets(
  rules: FacetRule[],
  categoryPath: string[] | null,
  rows: ParamRow[],
  automatic: Facet[],
  filters: ParsedSearchFilter[],
): Facet[] | null {
  if (!rules.length) return null;
  const byCategory = new Map<string, FacetRule[]>();
  for (const rule of rules)
    byCategory.set(rule.categoryId, [...(byCategory.get(rule.categoryId) ?? []), rule]);
  const chain = categoryPath ? [...categoryPath].reverse() : [];
  const context = chain.find((id) => byCategory.get(id)?.some((r) => r.state === 'APPLY'));
  const disabled = new Set(
    chain.flatMap((id) =>
      (byCategory.get(id) ?? []).filter((r) => r.state === 'DISABLE').map((r) => r.attribute),
    ),
  );
  if (!context) {
    const appliedSomewhere = new Set(
      rules.filter((r) => r.state === 'APPLY').map((r) => r.attribute),
    );
    return automatic.filter((f) => !appliedSomewhere.has(f.name) && !disabled.has(f.name));
  }
  const applied = byCategory
    .get(context)!
    .filter((r) => r.state === 'APPLY' && !disabled.has(r.attribute))
    .sort((a, b) => a.position - b.position || a.attribute.localeCompare(b.attribute));
  const out: Facet[] = [];
  for (const rule of applied) {
    const values = rows.filter((row) => row.name === rule.attribute);
    if (!values.length) continue;
    const selected = new Set(
      filters
        .filter((f) => f.facet === rule.attribute && f.kind === 'value')
        .map((f) => (f as { value: string }).value),
    );
    const range = filters.find((f) => f.facet === rule.attribute && f.kind === 'range');
    const unit = values.find((row) => row.unit)?.unit ?? null;
    const numbers = values
      .map((row) => ({ x: Number(row.value.replace(',', '.')), n: row.n }))
      .filter((v) => Number.isFinite(v.x));
    const head = { name: rule.attribute, title: rule.attribute, unit };
    if (rule.dataType === 'SLIDER' || rule.dataType === 'RANGES') {
      if (!numbers.length) continue;
      const min = Math.min(...numbers.map((v) => v.x));
      const max = Math.max(...numbers.map((v) => v.x));
      if (rule.dataType === 'SLIDER') {
        out.push(
          sliderFacet(
            head,
            { min, max },
            range?.kind === 'range' ? { min: range.min, max: range.max } : { min: null, max: null },
          ),
        );
        continue;
      }
      const step = (max - min) / 5 || 1;
      const ranges = Array.from({ length: 5 }, (_, i) => {
        const from = Math.round((min + step * i) * 100) / 100;
        const to = i === 4 ? null : Math.round((min + step * (i + 1)) * 100) / 100;
        const count = numbers
          .filter((v) => v.x >= from && (to === null || v.x < to))
          .reduce((sum, v) => sum + v.n, 0);
        const selected =
          !!range && range.kind === 'range' && range.min === from && range.max === to;
        return { from, to, count, selected };
      }).filter((r) => r.count > 0);
      out.push(rangesFacet(head, ranges));
      continue;
    }
    if (rule.dataType === 'BOOLEAN') {
      const truthy = (v: string) => /^(true|да|yes|1)$/i.test(v.trim());
      const t = values.filter((row) => truthy(row.value)).reduce((s, r) => s + r.n, 0);
      const f = values.filter((row) => !truthy(row.value)).reduce((s, r) => s + r.n, 0);
      out.push(
        booleanFacet(
          head,
          {
            trueCount: rule.booleanView === 'FALSE_ONLY' ? 0 : t,
            falseCount: rule.booleanView === 'TRUE_ONLY' ? 0 : f,
          },
          selected.size ? [...selected].some(truthy) : null,
        ),
      );
      continue;
    }
    const numeric = rule.dataType === 'NUM_DISTINCT';
    const key = (v: string) => Number(v.replace(',', '.'));
    const sorted = [...values].sort((a, b) =>
      rule.sort === 'POPULARITY'
        ? b.n - a.n || a.value.localeCompare(b.value, 'ru')
        : (rule.sort === 'ASC' ? 1 : -1) *
          (numeric ? key(a.value) - key(b.value) : a.value.localeCompare(b.value, 'ru')),
    );
    out.push(
      distinctFacet(
        head,
        numeric ? 'NUM_DISTINCT' : 'DISTINCT',
        sorted
          .slice(0, 100)
          .map((row) => ({ value: row.value, count: row.n, selected: selected.has(row.value) })),
      ),
    );
  }
  return out;
}

/** Suggestions of the autocomplete job's index that start with the query, best first. */
export async function suggestionsFor(
  db: QueryDb,
  siteId: number,
  query: string,
  limit: number,
): Promise<{ st: string; amount: number }[]> {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const { rows } = await run<{ text: string; searches: number | null }>(
    db,
    sql`select text, searches from autocomplete_suggestions where site_id = ${siteId}
        and text like ${prefixPattern(text)} and text <> ${text} order by weight desc, text limit ${limit}`,
  );
  return rows.map((row) => ({ st: row.text, amount: Number(row.searches ?? 0) }));
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

/**
 * The site's API parameter defaults (/site/api-config) for the parameters a public call did not
 * give (read from its query string): a call that says keeps what it says.
 */
export async function withApiDefaults<T extends object>(
  db: QueryDb,
  siteId: number,
  params: T,
  url: string,
): Promise<T> {
  const [row] = await db
    .select({ value: searchSettings.value })
    .from(searchSettings)
    .where(and(eq(searchSettings.siteId, siteId), eq(searchSettings.key, 'api-params')));
  const parsed = SETTING_SCHEMAS['api-params'].safeParse(row?.value);
  if (!parsed.success) return params;
  const given = new URLSearchParams(url.split('?')[1] ?? '');
  const out = { ...params } as Record<string, unknown>;
  for (const key of DEFAULTED) if (key in out && !given.has(key)) out[key] = parsed.data[key];
  return out as T;
}
