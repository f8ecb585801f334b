import type { SearchTemplatePart } from '#contract/entities/config.ts';
import { SEARCH_TEMPLATE_PARTS } from '#contract/entities/config.ts';

/** The three configs of the search UX screens (one shape: searchConfig). */
export type SearchUxKind = 'instant-search' | 'autocomplete' | 'search';

export const SEARCH_UX_PATHS: Readonly<Record<SearchUxKind, string>> = {
  'instant-search': '/anyquery/ux/instant-search',
  autocomplete: '/anyquery/ux/autocomplete',
  search: '/anyquery/ux/search',
};

export function kindFromPath(pathname: string): SearchUxKind {
  const found = (Object.keys(SEARCH_UX_PATHS) as SearchUxKind[]).find((kind) =>
    pathname.startsWith(SEARCH_UX_PATHS[kind]),
  );
  return found ?? 'instant-search';
}

/** The storefront widget a kind's preview mounts. */
export function previewWidgetOf(kind: SearchUxKind): 'autocomplete' | 'instant-search' {
  return kind === 'autocomplete' ? 'autocomplete' : 'instant-search';
}

/** Template parts a kind renders (storefront/README.md "Parts"). */
export function templatePartsOf(kind: SearchUxKind): readonly SearchTemplatePart[] {
  return kind === 'autocomplete'
    ? ['autocomplete']
    : SEARCH_TEMPLATE_PARTS.filter((part) => part !== 'autocomplete');
}
