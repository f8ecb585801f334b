/**
 * The facets in AnyQuery's shape (`{name, dataType, values: [{id, name, value, selected}]}`),
 * built from what the statements counted. `value` is a count, except on a SLIDER, whose values
 * `min` and `max` carry the bounds.
 */
import type { Facet, FacetType, FacetValue } from '#contract/public/search.ts';

export interface FacetHead {
  name: string;
  title: string;
  unit: string | null;
}

export interface CountedValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface CountedRange {
  from: number | null;
  to: number | null;
  count: number;
  selected: boolean;
}

export interface CountedNode {
  id: string;
  name: string;
  count: number;
  selected: boolean;
  children: CountedNode[];
}

export function distinctFacet(
  head: FacetHead,
  dataType: 'DISTINCT' | 'NUM_DISTINCT',
  values: readonly CountedValue[],
): Facet {
  return {
    ...head,
    dataType,
    values: values.map((v) => ({
      id: v.value,
      name: v.value,
      value: v.count,
      selected: v.selected,
    })),
  };
}

/** The filter value of a range: `from..to`, an open side empty. */
export const rangeId = (from: number | null, to: number | null): string =>
  `${from ?? ''}..${to ?? ''}`;

export function rangesFacet(head: FacetHead, ranges: readonly CountedRange[]): Facet {
  return {
    ...head,
    dataType: 'RANGES',
    values: ranges.map((r) => {
      const id = rangeId(r.from, r.to);
      return { id, name: id, value: r.count, selected: r.selected };
    }),
  };
}

export function sliderFacet(
  head: FacetHead,
  bounds: { min: number; max: number },
  selected: { min: number | null; max: number | null },
): Facet {
  return {
    ...head,
    dataType: 'SLIDER',
    values: [
      { id: 'min', name: 'min', value: bounds.min, selected: selected.min !== null },
      { id: 'max', name: 'max', value: bounds.max, selected: selected.max !== null },
    ],
    selectedMin: selected.min,
    selectedMax: selected.max,
  };
}

export function booleanFacet(
  head: FacetHead,
  counts: { trueCount: number; falseCount: number },
  selected: boolean | null,
): Facet {
  return {
    ...head,
    dataType: 'BOOLEAN',
    values: [
      { id: 'true', name: 'true', value: counts.trueCount, selected: selected === true },
      { id: 'false', name: 'false', value: counts.falseCount, selected: selected === false },
    ],
  };
}

export function treeFacet(
  head: FacetHead,
  dataType: Extract<FacetType, 'TREE' | 'CATEGORY'>,
  nodes: readonly CountedNode[],
): Facet {
  const value = (node: CountedNode): FacetValue & { open: boolean } => {
    const children = node.children.map(value);
    return {
      id: node.id,
      name: node.name,
      value: node.count,
      selected: node.selected,
      ...(dataType === 'TREE' && { children }),
      open: children.some((child) => child.selected || child.open),
    };
  };
  return { ...head, dataType, values: nodes.map(value) };
}

/** How many products a facet's values cover (a SLIDER's bounds are no counts). */
export const facetCoverage = (facet: Facet): number =>
  facet.dataType === 'SLIDER' ? 0 : facet.values.reduce((sum, v) => sum + v.value, 0);
