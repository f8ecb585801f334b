import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AutocompleteParams, AutocompleteResponse } from '#contract/public/autocomplete.ts';
import type { Product, ProductParam, Sku } from '#contract/public/product.ts';
import type {
  RecommendationsParams,
  RecommendationsResponse,
} from '#contract/public/recommendations.ts';
import {
  filterList,
  parseSearchFilter,
  type Facet,
  type FacetTreeNode,
  type ParsedSearchFilter,
  type SearchParams,
  type SearchResponse,
} from '#contract/public/search.ts';
import type { WidgetEvent } from '#contract/public/tracking.ts';
import { compareSizes } from '#storefront/runtime/size-order.ts';
import { wordsOf } from '../catalog/yml-import.ts';
import { run } from '../catalog/sql.ts';
import type { Db } from '../db/client.ts';
import { catalogCategories, catalogOffers, catalogs, widgetEvents } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';

interface ProductRow {
  id: string;
  name: string;
  url: string;
  vendor: string | null;
  vendor_code: string | null;
  description: string | null;
  price: number;
  old_price: number | null;
  currency_id: string;
  available: boolean;
  pictures: string[];
  category_id: string;
  category_path: string[];
  params: ProductParam[];
  popularity: number;
}

const PRODUCT_COLUMNS = sql.raw(
  'p.id, p.name, p.url, p.vendor, p.vendor_code, p.description, p.price, p.old_price, p.currency_id, p.available, p.pictures, p.category_id, p.category_path, p.params, p.popularity',
);

const FIXED_FACETS = new Set(['brand', 'categoryId', 'price', 'available']);
const PRICE_EDGES = [
  0, 500, 1000, 2000, 3000, 5000, 7000, 10_000, 15_000, 20_000, 30_000, 50_000, 100_000,
];

/** The words of a query as a prefix tsquery (`крос:* & найк:*`); words are [0-9a-zа-я] only. */
function prefixQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

interface Matching {
  importId: number;
  st: string;
  words: string[];
  showUnavailable: boolean;
  multiplier: number;
}

function matchCondition(m: Matching): SQL {
  if (!m.words.length) return sql`true`;
  const text = m.words.join(' ');
  return sql`(p.search @@ to_tsquery('russian', ${prefixQuery(m.words)}) or p.name %> ${text})`;
}

function scoreExpression(m: Matching): SQL {
  const availability = sql`(case when p.available then 1 else ${m.multiplier}::float8 end)`;
  if (!m.words.length) return sql`${availability} * (1 + ln(1 + p.popularity) / 100)`;
  const text = m.words.join(' ');
  return sql`${availability} * (ts_rank_cd(p.search, to_tsquery('russian', ${prefixQuery(m.words)})) + word_similarity(${text}, p.name) + ln(1 + p.popularity) / 100)`;
}

function filterCondition(filters: ParsedSearchFilter[]): SQL {
  const byFacet = new Map<string, ParsedSearchFilter[]>();
  for (const filter of filters)
    byFacet.set(filter.facet, [...(byFacet.get(filter.facet) ?? []), filter]);
  const parts: SQL[] = [];
  for (const [facet, list] of byFacet) {
    const ors = list.map((filter): SQL => {
      if (filter.kind === 'range') {
        const value = facet === 'price' ? sql`p.price` : sql`(e->>'value')::float8`;
        const bounds = and(
          filter.min !== null ? sql`${value} >= ${filter.min}` : undefined,
          filter.max !== null ? sql`${value} <= ${filter.max}` : undefined,
        )!;
        if (facet === 'price') return bounds;
        return sql`exists (select 1 from jsonb_array_elements(p.params) e where e->>'name' = ${facet} and (e->>'value') ~ '^-?[0-9]+([.][0-9]+)?$' and ${bounds})`;
      }
      const value = filter.value;
      if (facet === 'brand') return sql`p.vendor = ${value}`;
      if (facet === 'categoryId') return sql`${value} = any(p.category_path)`;
      if (facet === 'available') return sql`p.available = ${value === 'true'}`;
      if (facet === 'price') return sql`p.price = ${Number(value) || -1}`;
      return sql`p.params @> ${JSON.stringify([{ name: facet, value }])}::jsonb`;
    });
    parts.push(sql`(${sql.join(ors, sql` or `)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function parseFilters(raw: SearchParams['filter']): ParsedSearchFilter[] {
  return filterList(raw).map((text) => {
    const parsed = parseSearchFilter(text);
    if (!parsed)
      throw new HttpError(400, `Invalid filter "${text}": write facet:value or facet:min..max`);
    return parsed;
  });
}

export function createCatalogRepository(db: Db) {
  async function liveImport(siteId: number): Promise<number | null> {
    const [row] = await db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
    return row?.importId ?? null;
  }

  async function categoryMap(importId: number, ids: string[]) {
    const map = new Map<
      string,
      { name: string; pathIds: string[]; pathNames: string[]; url: string | null }
    >();
    if (!ids.length) return map;
    const rows = await db
      .select()
      .from(catalogCategories)
      .where(
        and(
          eq(catalogCategories.importId, importId),
          inArray(catalogCategories.id, [...new Set(ids)]),
        ),
      );
    for (const row of rows)
      map.set(row.id, {
        name: row.name,
        pathIds: row.pathIds,
        pathNames: row.pathNames,
        url: row.url,
      });
    return map;
  }

  /** Turns rows into contract products (with their SKUs when asked). */
  async function toProducts(
    importId: number,
    rows: ProductRow[],
    options: { withSku: boolean; fullData?: boolean },
  ): Promise<Product[]> {
    const categories = await categoryMap(
      importId,
      rows.flatMap((row) => row.category_path),
    );
    const skus = new Map<string, Sku[]>();
    if (options.withSku && rows.length) {
      const offers = await db
        .select()
        .from(catalogOffers)
        .where(
          and(
            eq(catalogOffers.importId, importId),
            inArray(
              catalogOffers.productId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(catalogOffers.productId), asc(catalogOffers.id));
      const groups = groupBy(offers, (offer) => offer.productId);
      for (const [productId, group] of groups) {
        // The params that tell the variants apart: those with more than one value in the group.
        const distinct = new Map<string, Set<string>>();
        for (const offer of group)
          for (const param of offer.params)
            distinct.set(param.name, (distinct.get(param.name) ?? new Set()).add(param.value));
        const varying = new Set(
          [...distinct].filter(([, set]) => set.size > 1).map(([name]) => name),
        );
        const list = group.map((offer) => ({
          id: offer.id,
          price: offer.price,
          oldPrice: offer.oldPrice,
          available: offer.available,
          url: offer.url,
          pictures: offer.pictures,
          params: offer.params.filter((param) => varying.has(param.name)),
        }));
        const size = (sku: Sku) => sku.params.find((param) => param.name === 'Размер')?.value;
        list.sort((a, b) => {
          const sa = size(a);
          const sb = size(b);
          return sa !== undefined && sb !== undefined
            ? compareSizes(sa, sb)
            : a.id.localeCompare(b.id);
        });
        skus.set(productId, list);
      }
    }
    const full = options.fullData !== false;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      brand: row.vendor,
      vendorCode: row.vendor_code,
      description: full ? row.description : null,
      price: row.price,
      oldPrice: row.old_price,
      currency: row.currency_id,
      available: row.available,
      pictures: full ? row.pictures : row.pictures.slice(0, 1),
      categoryId: row.category_id,
      categories: row.category_path.map((id) => ({ id, name: categories.get(id)?.name ?? id })),
      params: full ? row.params : [],
      ...(options.withSku && { skus: skus.get(row.id) ?? [] }),
    }));
  }

  async function count(m: Matching, where: SQL): Promise<number> {
    const { rows } = await run<{ n: number }>(
      db,
      sql`select count(*)::int as n from catalog_products p where p.import_id = ${m.importId} and ${matchCondition(m)} and ${where}`,
    );
    return rows[0]?.n ?? 0;
  }

  /** A per-word spelling correction from the catalog's words, or null. */
  async function correct(importId: number, words: string[]): Promise<string[] | null> {
    let changed = false;
    const out: string[] = [];
    for (const word of words) {
      const { rows } = await run<{ word: string; exact: boolean }>(
        db,
        sql`select word, (word like ${`${word}%`}) as exact from catalog_words
            where import_id = ${importId} and (word like ${`${word}%`} or word % ${word})
            order by (word like ${`${word}%`}) desc, similarity(word, ${word}) desc, products desc limit 1`,
      );
      const best = rows[0];
      if (!best || best.exact || word.length < 3) out.push(word);
      else {
        out.push(best.word);
        changed = true;
      }
    }
    return changed ? out : null;
  }

  async function facets(
    m: Matching,
    filters: ParsedSearchFilter[],
    params: SearchParams,
  ): Promise<Facet[]> {
    const base = sql`p.import_id = ${m.importId} and ${matchCondition(m)} and ${m.showUnavailable ? sql`true` : sql`p.available`}`;
    const except = (facet: string) => filterCondition(filters.filter((f) => f.facet !== facet));
    const selectedValues = (facet: string) =>
      new Set(
        filters
          .filter((f) => f.facet === facet && f.kind === 'value')
          .map((f) => (f as { value: string }).value),
      );
    const result: Facet[] = [];

    // Categories (a subtree counts its products).
    const categoryCounts = await run<{ id: string; n: number }>(
      db,
      sql`select c as id, count(*)::int as n from catalog_products p cross join lateral unnest(p.category_path) c
          where ${base} and ${except('categoryId')} group by c`,
    );
    if (categoryCounts.rows.length) {
      const counts = new Map(categoryCounts.rows.map((row) => [row.id, row.n]));
      const map = await categoryMap(m.importId, [...counts.keys()]);
      const selected = selectedValues('categoryId');
      const nodes = new Map<string, FacetTreeNode & { parent: string | null; path: string[] }>();
      for (const [id, n] of counts) {
        const category = map.get(id);
        if (!category) continue;
        nodes.set(id, {
          id,
          name: category.name,
          count: n,
          selected: selected.has(id),
          children: [],
          parent: category.pathIds.at(-2) ?? null,
          path: category.pathNames,
        });
      }
      const clean = (node: FacetTreeNode): FacetTreeNode => ({
        id: node.id,
        name: node.name,
        count: node.count,
        selected: node.selected,
        children: node.children.map(clean),
      });
      const sorted = [...nodes.values()].sort((a, b) =>
        a.path.join('/').localeCompare(b.path.join('/'), 'ru'),
      );
      let tree: FacetTreeNode[];
      if (params.treeFacets) {
        tree = [];
        for (const node of sorted) {
          const parent = node.parent ? nodes.get(node.parent) : undefined;
          (parent ? parent.children : tree).push(node);
        }
        tree = tree.map(clean);
      } else {
        tree = sorted.map((node) => clean({ ...node, children: [] }));
      }
      result.push({
        name: 'categoryId',
        title: 'Категория',
        unit: null,
        type: params.treeFacets ? 'TREE' : 'CATEGORY',
        tree,
      });
    }

    // Brands.
    const brands = await run<{ v: string; n: number }>(
      db,
      sql`select p.vendor as v, count(*)::int as n from catalog_products p
          where ${base} and ${except('brand')} and p.vendor is not null
          group by p.vendor order by n desc, p.vendor limit 50`,
    );
    if (brands.rows.length) {
      const selected = selectedValues('brand');
      result.push({
        name: 'brand',
        title: 'Бренд',
        unit: null,
        type: 'DISTINCT',
        values: brands.rows.map((row) => ({
          value: row.v,
          count: row.n,
          selected: selected.has(row.v),
        })),
      });
    }

    // Price ranges.
    const edges = PRICE_EDGES;
    const buckets = edges.map((from, i) => {
      const to = edges[i + 1] ?? null;
      return sql`(count(*) filter (where p.price >= ${from}${to === null ? sql`` : sql` and p.price < ${to}`}))::int`;
    });
    const priceRows = await run<{ counts: number[] }>(
      db,
      sql`select array[${sql.join(buckets, sql`, `)}] as counts from catalog_products p where ${base} and ${except('price')}`,
    );
    const counts = priceRows.rows[0]?.counts ?? [];
    const priceFilters = filters.filter((f) => f.facet === 'price' && f.kind === 'range');
    const ranges = edges
      .map((from, i) => {
        const to = edges[i + 1] ?? null;
        return {
          from,
          to,
          count: counts[i] ?? 0,
          selected: priceFilters.some(
            (f) => f.kind === 'range' && (f.min ?? 0) === from && f.max === to,
          ),
        };
      })
      .filter((range) => range.count > 0);
    if (ranges.length)
      result.push({ name: 'price', title: 'Цена', unit: null, type: 'RANGES', ranges });

    // Availability.
    if (m.showUnavailable) {
      const availability = await run<{ t: number; f: number }>(
        db,
        sql`select (count(*) filter (where p.available))::int as t, (count(*) filter (where not p.available))::int as f
            from catalog_products p where ${base} and ${except('available')}`,
      );
      const row = availability.rows[0];
      const selected = filters.find((f) => f.facet === 'available' && f.kind === 'value');
      if (row && row.t + row.f > 0)
        result.push({
          name: 'available',
          title: 'В наличии',
          unit: null,
          type: 'BOOLEAN',
          trueCount: row.t,
          falseCount: row.f,
          selected: selected && selected.kind === 'value' ? selected.value === 'true' : null,
        });
    }

    // Params: the unfiltered ones in one query, each filtered one without its own filter.
    const filteredParams = [
      ...new Set(filters.map((f) => f.facet).filter((f) => !FIXED_FACETS.has(f))),
    ];
    const paramQueries: SQL[] = [
      sql`select e->>'name' as name, e->>'value' as value, max(e->>'unit') as unit, count(distinct p.id)::int as n
          from catalog_products p cross join lateral jsonb_array_elements(p.params) e
          where ${base} and ${filterCondition(filters)}
          ${
            filteredParams.length
              ? sql`and e->>'name' not in (${sql.join(
                  filteredParams.map((name) => sql`${name}`),
                  sql`, `,
                )})`
              : sql``
          }
          group by 1, 2`,
      ...filteredParams.map(
        (
          name,
        ) => sql`select e->>'name' as name, e->>'value' as value, max(e->>'unit') as unit, count(distinct p.id)::int as n
          from catalog_products p cross join lateral jsonb_array_elements(p.params) e
          where ${base} and ${except(name)} and e->>'name' = ${name}
          group by 1, 2`,
      ),
    ];
    const paramRows: { name: string; value: string; unit: string | null; n: number }[] = [];
    for (const query of paramQueries)
      paramRows.push(...(await run<(typeof paramRows)[number]>(db, query)).rows);
    const byName = groupBy(paramRows, (row) => row.name);
    const paramFacets = [...byName].map(([name, values]): Facet => {
      const selected = selectedValues(name);
      const numeric = values.every((row) => /^-?\d+([.,]\d+)?$/.test(row.value));
      const sorted = [...values].sort((a, b) =>
        numeric
          ? Number(a.value.replace(',', '.')) - Number(b.value.replace(',', '.'))
          : name === 'Размер'
            ? compareSizes(a.value, b.value)
            : b.n - a.n || a.value.localeCompare(b.value, 'ru'),
      );
      return {
        name,
        title: name,
        unit: values.find((row) => row.unit)?.unit ?? null,
        type: numeric ? 'NUM_DISTINCT' : 'DISTINCT',
        values: sorted
          .slice(0, 100)
          .map((row) => ({ value: row.value, count: row.n, selected: selected.has(row.value) })),
      };
    });
    const coverage = (facet: Facet) =>
      'values' in facet ? facet.values.reduce((sum, value) => sum + value.count, 0) : 0;
    result.push(
      ...paramFacets.sort((a, b) => coverage(b) - coverage(a) || a.name.localeCompare(b.name)),
    );
    return result;
  }

  async function search(siteId: number, params: SearchParams): Promise<SearchResponse> {
    const filters = parseFilters(params.filter);
    const query = params.st.trim();
    const empty: SearchResponse = {
      query,
      correction: null,
      total: 0,
      offset: params.offset,
      size: params.size,
      products: [],
      facets: [],
      categoryPrediction: null,
      redirect: null,
    };
    const importId = await liveImport(siteId);
    if (importId === null) return empty;
    let m: Matching = {
      importId,
      st: query,
      words: wordsOf(query),
      showUnavailable: params.showUnavailable,
      multiplier: params.unavailableMultiplier,
    };
    const where = sql`${params.showUnavailable ? sql`true` : sql`p.available`} and ${filterCondition(filters)}`;
    let total = await count(m, where);
    let correction: string | null = null;
    if (params.withCorrection && m.words.length && total < 3) {
      const corrected = await correct(importId, m.words);
      if (corrected) {
        const alternative = { ...m, words: corrected };
        const alternativeTotal = await count(alternative, where);
        if (alternativeTotal > total) {
          m = alternative;
          total = alternativeTotal;
          correction = corrected.join(' ');
        }
      }
    }
    const order =
      params.sort === 'PRICE_ASC'
        ? sql`p.available desc, p.price asc, p.id`
        : params.sort === 'PRICE_DESC'
          ? sql`p.available desc, p.price desc, p.id`
          : params.sort === 'POPULARITY'
            ? sql`p.available desc, p.popularity desc, p.id`
            : sql`score desc, p.popularity desc, p.id`;
    const rows =
      params.size > 0 && total > params.offset
        ? (
            await run<ProductRow>(
              db,
              sql`select ${PRODUCT_COLUMNS}, ${scoreExpression(m)} as score from catalog_products p
                  where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
                  order by ${order} limit ${params.size} offset ${params.offset}`,
            )
          ).rows
        : [];
    const products = await toProducts(importId, rows, {
      withSku: params.withSku,
      fullData: params.fullData,
    });
    let categoryPrediction: SearchResponse['categoryPrediction'] = null;
    if (params.useCategoryPrediction && m.words.length && total > 0) {
      const { rows: top } = await run<{ id: string; n: number; all: number }>(
        db,
        sql`with hits as (
              select p.category_id from catalog_products p
              where p.import_id = ${importId} and ${matchCondition(m)} and ${where}
              order by ${scoreExpression(m)} desc limit 100)
            select category_id as id, count(*)::int as n, (select count(*) from hits)::int as all
            from hits group by category_id order by n desc, category_id limit 1`,
      );
      const best = top[0];
      if (best) {
        const category = (await categoryMap(importId, [best.id])).get(best.id);
        if (category)
          categoryPrediction = {
            id: best.id,
            name: category.name,
            path: category.pathNames,
            confidence: Math.round((best.n / best.all) * 100) / 100,
          };
      }
    }
    return {
      ...empty,
      correction,
      total,
      products,
      facets: params.withFacets ? await facets(m, filters, params) : [],
      categoryPrediction,
    };
  }

  async function autocomplete(
    siteId: number,
    params: AutocompleteParams,
  ): Promise<AutocompleteResponse> {
    const query = params.st.trim();
    const answer: AutocompleteResponse = {
      query,
      queries: [],
      products: [],
      categories: [],
      brands: [],
      taps: [],
    };
    const importId = await liveImport(siteId);
    if (importId === null) return answer;
    const words = wordsOf(query);
    const found = await search(siteId, {
      st: query,
      apiKey: params.apiKey,
      strategy: params.strategy,
      fullData: true,
      withCorrection: true,
      withFacets: false,
      treeFacets: false,
      regionId: params.regionId,
      useCategoryPrediction: false,
      size: params.productsSize,
      offset: 0,
      showUnavailable: params.showUnavailable,
      unavailableMultiplier: params.unavailableMultiplier,
      preview: false,
      withSku: params.withSku,
      sort: query ? 'DEFAULT' : 'POPULARITY',
    });
    answer.products = found.products;
    const m: Matching = {
      importId,
      st: query,
      words: found.correction ? wordsOf(found.correction) : words,
      showUnavailable: params.showUnavailable,
      multiplier: params.unavailableMultiplier,
    };
    const base = sql`p.import_id = ${importId} and ${matchCondition(m)} and ${params.showUnavailable ? sql`true` : sql`p.available`}`;

    // Query suggestions: the last word completed from the catalog's words.
    const last = words.at(-1);
    const head = words.slice(0, -1);
    if (last) {
      const { rows } = await run<{ word: string; products: number }>(
        db,
        sql`select word, products from catalog_words where import_id = ${importId}
            and word like ${`${last}%`} and length(word) >= 3 order by products desc, word limit 6`,
      );
      answer.queries = rows.map((row) => ({
        text: [...head, row.word].join(' '),
        count: head.length ? null : row.products,
      }));
      if (found.correction && !answer.queries.some((q) => q.text === found.correction))
        answer.queries.unshift({ text: found.correction, count: found.total });
    } else if (params.strategy.includes('zero_queries')) {
      const { rows } = await run<{ word: string; products: number }>(
        db,
        sql`select word, products from catalog_words where import_id = ${importId}
            and length(word) >= 4 and word !~ '[0-9]' order by products desc, word limit 6`,
      );
      answer.queries = rows.map((row) => ({ text: row.word, count: row.products }));
    }

    const categories = await run<{ id: string; n: number }>(
      db,
      sql`select p.category_id as id, count(*)::int as n from catalog_products p where ${base}
          group by p.category_id order by n desc, p.category_id limit 5`,
    );
    const map = await categoryMap(
      importId,
      categories.rows.map((row) => row.id),
    );
    answer.categories = categories.rows.flatMap((row) => {
      const category = map.get(row.id);
      return category
        ? [
            {
              id: row.id,
              name: category.name,
              path: category.pathNames.slice(0, -1),
              count: row.n,
              url: category.url,
            },
          ]
        : [];
    });
    const brands = await run<{ v: string; n: number }>(
      db,
      sql`select p.vendor as v, count(*)::int as n from catalog_products p where ${base} and p.vendor is not null
          group by p.vendor order by n desc, p.vendor limit 5`,
    );
    answer.brands = brands.rows.map((row) => ({ name: row.v, count: row.n }));

    if (query) {
      // Taps: frequent words of the matching names the query does not have yet.
      const { rows } = await run<{ name: string }>(
        db,
        sql`select p.name from catalog_products p where ${base} order by ${scoreExpression(m)} desc limit 200`,
      );
      const frequency = new Map<string, number>();
      for (const row of rows)
        for (const word of new Set(wordsOf(row.name)))
          if (word.length >= 3 && !m.words.some((w) => word.startsWith(w) || w.startsWith(word)))
            frequency.set(word, (frequency.get(word) ?? 0) + 1);
      answer.taps = [...frequency]
        .filter(([, n]) => n >= 2 && n < rows.length)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ru'))
        .slice(0, 6)
        .map(([tap]) => ({ tap, query: `${found.correction ?? query} ${tap}` }));
    }
    return answer;
  }

  async function recommendations(
    siteId: number,
    params: RecommendationsParams,
  ): Promise<RecommendationsResponse> {
    const answer: RecommendationsResponse = {
      strategy: params.strategy,
      blockId: params.blockId ?? null,
      total: 0,
      products: [],
    };
    if (params.strategy !== 'popular' && !params.productId)
      throw new HttpError(400, `The ${params.strategy} strategy needs productId`);
    const importId = await liveImport(siteId);
    if (importId === null) return answer;
    const conditions: SQL[] = [sql`p.import_id = ${importId}`];
    if (!params.showUnavailable) conditions.push(sql`p.available`);
    if (params.categoryId) conditions.push(sql`${params.categoryId} = any(p.category_path)`);
    let order = sql`p.popularity desc, p.id`;
    if (params.strategy !== 'popular') {
      const { rows } = await run<{ category_id: string; price: number }>(
        db,
        sql`select category_id, price from catalog_products where import_id = ${importId} and id = ${params.productId}`,
      );
      const product = rows[0];
      if (!product) throw new HttpError(404, `No product ${params.productId} in the catalog`);
      conditions.push(sql`p.id <> ${params.productId}`);
      if (params.strategy === 'same_category') {
        conditions.push(sql`p.category_id = ${product.category_id}`);
      } else {
        conditions.push(sql`p.price between ${product.price * 0.7} and ${product.price * 1.3}`);
        order = sql`abs(p.price - ${product.price}), p.popularity desc, p.id`;
      }
    }
    const where = sql.join(conditions, sql` and `);
    const totals = await run<{ n: number }>(
      db,
      sql`select count(*)::int as n from catalog_products p where ${where}`,
    );
    const rows = await run<ProductRow>(
      db,
      sql`select ${PRODUCT_COLUMNS} from catalog_products p where ${where}
          order by ${order} limit ${params.size} offset ${params.offset}`,
    );
    return {
      ...answer,
      total: totals.rows[0]?.n ?? 0,
      products: await toProducts(importId, rows.rows, { withSku: params.withSku }),
    };
  }

  async function track(siteId: number, event: WidgetEvent): Promise<void> {
    await db.insert(widgetEvents).values({
      siteId,
      eventType: event.eventType,
      widgetType: event.widgetType,
      viewGuid: event.viewGUID,
      sessionId: event.sessionId,
      userGuid: event.userGUID,
      strategy: event.strategy,
      productId: event.eventType === 'WIDGET_CLICK' ? event.productId : null,
      position: event.eventType === 'WIDGET_CLICK' ? event.position : null,
      pageNumber: event.pageNumber,
      pageProducts: event.pageProducts,
      mvtGroups: event.mvtGroups,
      referer: event.referer,
      location: event.location,
    });
  }

  return { liveImport, search, autocomplete, recommendations, track };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
