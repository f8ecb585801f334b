/** The facets of a public search: categories, brands, price ranges, availability and params. */
import { sql, type SQL } from 'drizzle-orm';
import type { Facet, ParsedSearchFilter, SearchParams } from '#contract/public/search.ts';
import { compareSizes } from '#storefront/runtime/size-order.ts';
import { arrayParam } from '../platform/db/any.ts';
import { categoryMap, groupBy, matchCondition, type Matching, type QueryDb } from './common.ts';
import { facetCountsOnePass, type FacetCounts } from './facet-counts.ts';
import { facetCountsPerStatement } from './facet-counts-per-statement.ts';
import { searchPath } from './search-path.ts';
import { applyFacetsFeed } from './facet-config.ts';
import {
  booleanFacet,
  distinctFacet,
  facetCoverage,
  sliderFacet,
  treeFacet,
  type CountedNode,
} from './facet-shapes.ts';
import { ruledParamFacets, type FacetRule } from './search-config.ts';

/** Distinct values beyond which an automatic numeric facet is a slider. */
export const AUTOMATIC_SLIDER_VALUES = 20;

export async function facets(
  db: QueryDb,
  m: Matching,
  filters: ParsedSearchFilter[],
  params: SearchParams,
  /** The site's applied and disabled facet attributes per category. */
  rules: FacetRule[] = [],
  /**
   * The merchandising of the query (merchandising.ts): counts are of the products a shopper can
   * get — its excludes and includes hold, and its pinned products count though the text misses.
   */
  merch: { where: SQL; pinned: readonly string[] } = { where: sql`true`, pinned: [] },
  /** The counts, when the search's first pass (first-pass.ts) already made them. */
  counted?: FacetCounts,
): Promise<Facet[]> {
  const matched = merch.pinned.length
    ? sql`(${matchCondition(m)} or p.id = any(${arrayParam(merch.pinned, 'text')}))`
    : matchCondition(m);
  const base = sql`p.import_id = ${m.importId} and ${matched} and ${m.showUnavailable ? sql`true` : sql`p.available`} and ${merch.where}`;
  const selectedValues = (facet: string) =>
    new Set(
      filters
        .filter((f) => f.facet === facet && f.kind === 'value')
        .map((f) => (f as { value: string }).value),
    );
  const result: Facet[] = [];
  const query = {
    from: m.products ?? sql.raw('catalog_products'),
    base,
    filters,
    showUnavailable: m.showUnavailable,
  };
  const counts =
    counted ??
    (searchPath() === 'per-statement'
      ? await facetCountsPerStatement(db, query)
      : await facetCountsOnePass(db, query));

  // Categories (a subtree counts its products).
  if (counts.categories.length) {
    const categoryCounts = new Map(counts.categories.map((row) => [row.id, row.n]));
    const map = await categoryMap(db, m.importId, [...categoryCounts.keys()], m.memory);
    const selected = selectedValues('categoryId');
    const nodes = new Map<string, CountedNode & { parent: string | null; path: string[] }>();
    for (const [id, n] of categoryCounts) {
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
    const clean = (node: CountedNode): CountedNode => ({
      id: node.id,
      name: node.name,
      count: node.count,
      selected: node.selected,
      children: node.children.map(clean),
    });
    const sorted = [...nodes.values()].sort((a, b) =>
      a.path.join('/').localeCompare(b.path.join('/'), 'ru'),
    );
    let tree: CountedNode[];
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
    result.push(
      treeFacet(
        { name: 'categoryId', title: 'Категория', unit: null },
        params.treeFacets ? 'TREE' : 'CATEGORY',
        tree,
      ),
    );
  }

  // Brands.
  if (counts.brands.length) {
    const selected = selectedValues('brand');
    result.push(
      distinctFacet(
        { name: 'brand', title: 'Бренд', unit: null },
        'DISTINCT',
        counts.brands.map((row) => ({ value: row.v, count: row.n, selected: selected.has(row.v) })),
      ),
    );
  }

  // Price: the bounds of the matching products' prices (apps draw a slider from them).
  const bounds = counts.price;
  const priceFilter = filters.find((f) => f.facet === 'price' && f.kind === 'range');
  if (bounds && bounds.min !== null && bounds.max !== null)
    result.push(
      sliderFacet(
        { name: 'price', title: 'Цена', unit: null },
        { min: bounds.min, max: bounds.max },
        priceFilter?.kind === 'range'
          ? { min: priceFilter.min, max: priceFilter.max }
          : { min: null, max: null },
      ),
    );

  // Availability.
  if (counts.availability) {
    const row = counts.availability;
    const selected = filters.find((f) => f.facet === 'available' && f.kind === 'value');
    if (row && row.t + row.f > 0)
      result.push(
        booleanFacet(
          { name: 'available', title: 'В наличии', unit: null },
          { trueCount: row.t, falseCount: row.f },
          selected && selected.kind === 'value' ? selected.value === 'true' : null,
        ),
      );
  }

  // Params: the unfiltered ones, then each filtered one without its own filter.
  const paramRows = counts.params;
  const byName = groupBy(paramRows, (row) => row.name);
  const paramFacets = [...byName].map(([name, values]): Facet => {
    const selected = selectedValues(name);
    const numeric = values.every((row) => /^-?\d+([.,]\d+)?$/.test(row.value));
    // A number of many values (a price, a length) is a range to choose, not a list to tick.
    if (numeric && values.length > AUTOMATIC_SLIDER_VALUES) {
      const numbers = values.map((row) => Number(row.value.replace(',', '.')));
      const range = filters.find((f) => f.facet === name && f.kind === 'range');
      return sliderFacet(
        { name, title: name, unit: values.find((row) => row.unit)?.unit ?? null },
        { min: Math.min(...numbers), max: Math.max(...numbers) },
        range?.kind === 'range' ? { min: range.min, max: range.max } : { min: null, max: null },
      );
    }
    const sorted = [...values].sort((a, b) =>
      numeric
        ? Number(a.value.replace(',', '.')) - Number(b.value.replace(',', '.'))
        : name === 'Размер'
          ? compareSizes(a.value, b.value)
          : b.n - a.n || a.value.localeCompare(b.value, 'ru'),
    );
    return distinctFacet(
      { name, title: name, unit: values.find((row) => row.unit)?.unit ?? null },
      numeric ? 'NUM_DISTINCT' : 'DISTINCT',
      sorted
        .slice(0, 100)
        .map((row) => ({ value: row.value, count: row.n, selected: selected.has(row.value) })),
    );
  });
  const coverage = facetCoverage;
  // The facets feed shapes the automatic facets; the console's facet rules
  // then apply: in a category with applied attributes they are the facets.
  const automatic = await applyFacetsFeed(
    db,
    m.importId,
    filters,
    paramFacets.sort((a, b) => coverage(b) - coverage(a) || a.name.localeCompare(b.name)),
  );
  const selectedCategory = [...selectedValues('categoryId')].at(-1);
  const categoryPath = selectedCategory
    ? ((await categoryMap(db, m.importId, [selectedCategory], m.memory)).get(selectedCategory)
        ?.pathIds ?? null)
    : null;
  result.push(
    ...(ruledParamFacets(rules, categoryPath, paramRows, automatic, filters) ?? automatic),
  );
  return result;
}
