import type { Facet, FacetValue, SearchSort } from '#contract/public/search.ts';
import { correctedQuery } from '../../runtime/correction.ts';
import { cardView, type CardLayout } from '../../runtime/product-view.ts';
import type { PartDefinition } from '../../runtime/renderer.ts';
import type { Texts } from '../../runtime/texts.ts';
import {
  SORT_OPTIONS,
  filterLabel,
  type InstantSearchConnector,
  type InstantSearchSettings,
  type InstantSearchState,
} from './instant-search.connector.ts';

/** What the parts' view models read of the widget's options. */
export interface InstantSearchPartsOptions extends Pick<
  InstantSearchSettings,
  'initialQuery' | 'isInfinite' | 'treeFacets'
> {
  input?: HTMLInputElement;
  layout?: CardLayout;
  mobile?: boolean;
}

/** The part that renders a facet of each type (spec §3 htmlTemplate names). */
const FACET_PART: Record<Facet['dataType'], string> = {
  DISTINCT: 'facetCommon',
  NUM_DISTINCT: 'facetCommon',
  RANGES: 'facetCommon',
  SLIDER: 'facetSlider',
  BOOLEAN: 'facetBoolean',
  TREE: 'facetTreeList',
  CATEGORY: 'facetCategory',
};

const SORT_TEXT: Record<SearchSort, keyof Texts> = {
  DEFAULT: 'sortDefault',
  POPULARITY: 'sortPopularity',
  PRICE_ASC: 'sortPriceAsc',
  PRICE_DESC: 'sortPriceDesc',
};

/** Page numbers with gaps: 1 … 4 5 [6] 7 8 … 20. */
function pageList(
  current: number,
  count: number,
): Array<{ n: number; current: boolean; gap: boolean }> {
  const pages: Array<{ n: number; current: boolean; gap: boolean }> = [];
  for (let n = 1; n <= count; n += 1) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2)
      pages.push({ n, current: n === current, gap: false });
    else if (pages.at(-1)?.gap !== true) pages.push({ n, current: false, gap: true });
  }
  return pages;
}

/**
 * The category facet as a drill-down: the path to the selected category (root first) and the
 * categories to pick next (the selected one's children, or the roots).
 */
export function categoryDrillDown(tree: readonly FacetValue[]): {
  path: FacetValue[];
  options: readonly FacetValue[];
} {
  const find = (nodes: readonly FacetValue[], trail: FacetValue[]): FacetValue[] | null => {
    for (const node of nodes) {
      const here = [...trail, node];
      // the deepest selected node wins (a parent may be marked selected with its child)
      const deeper = find(node.children ?? [], here);
      if (deeper) return deeper;
      if (node.selected) return here;
    }
    return null;
  };
  const path = find(tree, []) ?? [];
  const last = path.at(-1);
  return { path, options: last ? (last.children ?? []) : tree };
}

/**
 * The instant search's parts and their view models: search header (`highlight`), selected
 * `filters`, `sort`, `facets` (facetCommon, facetSlider, facetBoolean, facetTreeList,
 * facetCategory), `productList` of `productItem` cards and `pagination`, laid out by `common`.
 */
export function instantSearchParts(
  connector: InstantSearchConnector,
  options: InstantSearchPartsOptions,
  texts: Texts,
): Record<string, PartDefinition<InstantSearchState>> {
  const facetOf = (state: InstantSearchState, name: string): Facet | undefined =>
    state.result?.facets.find((f) => f.name === name);
  const facetVm = (state: InstantSearchState, name: string) => ({
    facet: facetOf(state, name) ?? null,
    texts,
  });
  return {
    common: {
      select: () => ({
        texts,
        ownInput: options.input === undefined,
        initialQuery: options.initialQuery ?? '',
        mobile: options.mobile ?? false,
      }),
    },
    highlight: {
      select: (s) => ({
        texts,
        result: s.result !== null,
        loading: s.loading,
        failed: s.failed,
        // the results are the corrected query's when there is a correction
        query: (s.result && correctedQuery(s.result)) ?? s.result?.query ?? '',
        typed: s.result?.query ?? '',
        total: s.result?.totalHits ?? 0,
        correction: s.result ? correctedQuery(s.result) : null,
        categoryPrediction: s.result?.categoryPrediction ?? null,
      }),
    },
    facets: {
      select: (s) => ({
        facets: (s.result?.facets ?? []).map((f) => ({
          name: f.name,
          dataType: f.dataType,
          // treeFacets off: the category tree is shown as a drill-down
          part:
            f.dataType === 'TREE' && !(options.treeFacets ?? false)
              ? 'facetCategory'
              : FACET_PART[f.dataType],
        })),
      }),
    },
    facetCommon: {
      select(s, name) {
        const facet = facetOf(s, name);
        // Each value as the answer gives it (`id` the filter value, `value` its count), with
        // the label to show: a range's formatted bounds, else the value's name.
        const values =
          facet?.dataType === 'RANGES' ||
          facet?.dataType === 'DISTINCT' ||
          facet?.dataType === 'NUM_DISTINCT'
            ? facet.values.map((v) => ({
                ...v,
                label: facet.dataType === 'RANGES' ? filterLabel(facet, v.id) : v.name,
              }))
            : [];
        return { ...facetVm(s, name), values, selectedAny: values.some((v) => v.selected) };
      },
    },
    facetSlider: {
      select(s, name) {
        const facet = facetOf(s, name);
        if (facet?.dataType !== 'SLIDER') return { facet: null, texts };
        // The slider's bounds are the values with the ids `min` and `max`.
        const bound = (id: string): number | undefined =>
          facet.values.find((v) => v.id === id)?.value;
        const min = bound('min') ?? facet.selectedMin ?? 0;
        const max = bound('max') ?? facet.selectedMax ?? min;
        return {
          facet,
          texts,
          min,
          max,
          low: facet.selectedMin ?? '',
          high: facet.selectedMax ?? '',
          lowOrMin: facet.selectedMin ?? min,
          highOrMax: facet.selectedMax ?? max,
        };
      },
    },
    facetBoolean: {
      select(s, name) {
        const facet = facetOf(s, name);
        if (facet?.dataType !== 'BOOLEAN') return { facet: null, texts };
        // The switch filters on the value `true`: its count and whether it is selected.
        const yes = facet.values.find((v) => v.id === 'true');
        return { facet, texts, selected: yes?.selected ?? false, count: yes?.value ?? 0 };
      },
    },
    facetTreeList: { select: facetVm },
    facetCategory: {
      select(s, name) {
        const facet = facetOf(s, name);
        if (facet?.dataType !== 'CATEGORY' && facet?.dataType !== 'TREE')
          return { facet: null, texts };
        const { path, options } = categoryDrillDown(facet.values);
        return {
          facet,
          texts,
          path: path.map((n, i) => ({ id: n.id, name: n.name, current: i === path.length - 1 })),
          options: options.map((n) => ({ id: n.id, name: n.name, value: n.value })),
        };
      },
    },
    filters: { select: () => ({ texts, chips: connector.selectedFilters() }) },
    sort: {
      select: (s) => ({
        texts,
        options: [
          ...SORT_OPTIONS.map((value) => ({
            value: value as string,
            label: texts[SORT_TEXT[value]],
            selected: value === s.sort,
          })),
          // The site's custom sorts, as the answer offers them.
          ...(s.result?.sorts ?? []).map((option) => ({
            value: option.value,
            label: option.title,
            selected: option.value === s.sort,
          })),
        ],
      }),
    },
    productList: {
      select: (s) => ({
        texts,
        loading: s.loading,
        searched: s.result !== null,
        suggestions: s.suggestions,
        didYouMean: s.suggestions?.kind === 'didYouMean',
        items: s.products.map((p) => ({ id: p.id })),
        skeleton: Array.from({ length: 8 }, (_, i) => i),
      }),
    },
    productItem: {
      select(s, id) {
        const index = s.products.findIndex((p) => p.id === id);
        const product = s.products[index];
        return {
          texts,
          query: (s.result && correctedQuery(s.result)) ?? s.result?.query ?? '',
          product: product
            ? cardView(product, {
                layout: options.layout ?? 'default',
                selection: s.selections[id] ?? {},
                position: index,
              })
            : null,
        };
      },
    },
    pagination: {
      select: (s) => {
        const count = connector.pageCount();
        return {
          texts,
          infinite: options.isInfinite ?? false,
          hasMore: s.page < count,
          loading: s.loading,
          pages: count > 1 ? pageList(s.page, count) : [],
          prev: s.page > 1 ? s.page - 1 : 0,
          next: s.page < count ? s.page + 1 : 0,
        };
      },
    },
  };
}
