import { describe, expect, it } from 'vitest';
import {
  QUERY_LISTS,
  QUERY_LIST_SERVICE_TYPES,
  SERVICE_TYPE_LISTS,
  serviceTypeOf,
} from '#contract/entities/query-lists.ts';

/** Spec part 2 §3 "Query lists", word for word. */
const SPEC = '- Service types: WHITE_LIST, BLACK_LIST, AQ_SYNONYM, BRAND, AUTOCOMPLETE_SYNONYM.';

describe('the query-list service types', () => {
  it('are the spec’s, under its names and in its order', () => {
    const named = SPEC.replace('- Service types: ', '').replace(/\.$/, '').split(', ');
    expect([...QUERY_LIST_SERVICE_TYPES]).toEqual(named);
  });

  it('each names one list, and each list has at most one', () => {
    const lists = Object.values(SERVICE_TYPE_LISTS);
    expect(new Set(lists).size).toBe(lists.length);
    for (const type of QUERY_LIST_SERVICE_TYPES)
      expect(serviceTypeOf(SERVICE_TYPE_LISTS[type])).toBe(type);
    expect(QUERY_LISTS.filter((list) => serviceTypeOf(list) === null)).toEqual([
      'stemmer-exclusions',
      'brand-exclusions',
      'transliterations',
      'query-exclusions',
      'autocomplete-black-list',
    ]);
  });
});
