/**
 * The cost caps of the public queries, on both databases: a search answers 400 beyond
 * them instead of building a statement that keeps the database busy. The contract's schemas bound
 * size (≤ 500) and the text's length; these bound what makes a statement expensive.
 */
import {
  filterList,
  parseSearchFilter,
  type ParsedSearchFilter,
  type SearchParams,
} from '#contract/public/search.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { wordsOf } from '#contract/text.ts';

export const PUBLIC_LIMITS = {
  /** `filter` parameters of one search (each facet filter is a condition in every statement). */
  filters: 10,
  /** Characters of one filter. */
  filterLength: 200,
  /** Words of the search text (each is a tsquery term and a spelling lookup). */
  words: 12,
  /** Characters of the search text. */
  textLength: 200,
  /** How deep a page may start. */
  offset: 10_000,
} as const;

// NUL cannot reach PostgreSQL (UTF-8 text has no 0x00); other C0 controls are never search text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** 400 for a value with control characters (a NUL byte used to answer 500). */
export function checkValue(name: string, value: string | null | undefined): void {
  if (value && CONTROL.test(value))
    throw new HttpError(400, `The ${name} parameter contains control characters`);
}

/** The search text: no control characters, at most PUBLIC_LIMITS.textLength and .words. */
export function checkText(text: string): void {
  checkValue('st', text);
  if (text.length > PUBLIC_LIMITS.textLength)
    throw new HttpError(
      400,
      `The search text is longer than ${PUBLIC_LIMITS.textLength} characters`,
    );
  if (wordsOf(text).length > PUBLIC_LIMITS.words)
    throw new HttpError(400, `The search text has more than ${PUBLIC_LIMITS.words} words`);
}

/** Checks a search's parameters against the caps and returns its parsed filters. */
export function checkSearch(params: SearchParams): ParsedSearchFilter[] {
  checkText(params.st);
  if (params.offset > PUBLIC_LIMITS.offset)
    throw new HttpError(400, `offset may be at most ${PUBLIC_LIMITS.offset}`);
  const filters = filterList(params.filter);
  if (filters.length > PUBLIC_LIMITS.filters)
    throw new HttpError(400, `At most ${PUBLIC_LIMITS.filters} filters per search`);
  return filters.flatMap((text) => {
    checkValue('filter', text);
    if (text.length > PUBLIC_LIMITS.filterLength)
      throw new HttpError(400, `A filter is longer than ${PUBLIC_LIMITS.filterLength} characters`);
    const parsed = parseSearchFilter(text);
    if (!parsed)
      throw new HttpError(
        400,
        `Invalid filter "${text}": write name:value;value, price:min;max or facet:min..max`,
      );
    return parsed;
  });
}
