/**
 * The instant search's state in the page URL and the browser's history (the search config's
 * `disableRouter` off): the query in `st` (the search page's parameter), the filters in
 * `digi_filter` (one `facet:value` each), the sort in `digi_sort` and the page in `digi_page`;
 * the page's other parameters are left as they are. Each answered search writes its state: a new
 * history entry, or the current one replaced while the shopper is still typing the query (it
 * grows or shrinks within 2 s of the last write); Back and Forward search their entry's state.
 */
import type {
  InstantSearchConnector,
  InstantSearchState,
} from '../widgets/instant-search/instant-search.connector.ts';

export type RouteState = Pick<InstantSearchState, 'query' | 'filters' | 'sort' | 'page'>;

const FILTER = 'digi_filter';
const SORT = 'digi_sort';
const PAGE = 'digi_page';
/** A query changed again within this time after the last write replaces that entry (typing). */
const TYPING_MS = 2000;

/** The search state a URL's query string holds. */
export function readRoute(search: string, queryParam = 'st'): RouteState {
  const params = new URLSearchParams(search);
  const filters: Record<string, string[]> = {};
  for (const item of params.getAll(FILTER)) {
    const at = item.indexOf(':');
    if (at > 0) (filters[item.slice(0, at)] ??= []).push(item.slice(at + 1));
  }
  const page = Math.floor(Number(params.get(PAGE)));
  return {
    query: params.get(queryParam) ?? '',
    filters,
    sort: (params.get(SORT) || 'DEFAULT') as RouteState['sort'],
    page: page > 1 ? page : 1,
  };
}

/** `href` with the search state written into its query string. */
export function writeRoute(href: string, state: RouteState, queryParam = 'st'): string {
  const url = new URL(href);
  const params = url.searchParams;
  for (const name of [queryParam, FILTER, SORT, PAGE]) params.delete(name);
  if (state.query.trim()) params.set(queryParam, state.query.trim());
  for (const [facet, values] of Object.entries(state.filters))
    for (const value of values) params.append(FILTER, `${facet}:${value}`);
  if (state.sort !== 'DEFAULT') params.set(SORT, state.sort);
  if (state.page > 1) params.set(PAGE, String(state.page));
  return url.href;
}

export interface SearchRouterOptions {
  /** The query fields to show a restored query in. */
  inputs: ReadonlyArray<HTMLInputElement | null | undefined>;
  /** @default 'st' */
  queryParam?: string | undefined;
  /** An infinite list keeps no page in the URL (it would open on that page alone). */
  infinite?: boolean | undefined;
}

/** Keeps the connector's state in `win`'s URL and history; returns the unbinding. */
export function bindSearchRouter(
  connector: InstantSearchConnector,
  win: Window,
  { inputs, queryParam = 'st', infinite = false }: SearchRouterOptions,
): () => void {
  const { store } = connector;
  let written = 0;
  let writtenQuery = readRoute(win.location.search, queryParam).query.trim();
  const unsubscribe = store.subscribe((state, previous) => {
    // a search answered (or an erased query cleared the list): its state goes to the URL
    if (state.loading || state.result === previous.result) return;
    const href = writeRoute(
      win.location.href,
      infinite ? { ...state, page: 1 } : state,
      queryParam,
    );
    const now = readRoute(win.location.search, queryParam);
    if (href === writeRoute(win.location.href, now, queryParam)) return;
    const query = state.query.trim();
    // the query typed on (or erased) shortly after the last write: that entry is replaced
    const typing =
      query !== writtenQuery &&
      (query.startsWith(writtenQuery) || writtenQuery.startsWith(query)) &&
      Date.now() - written < TYPING_MS;
    try {
      if (typing) win.history.replaceState(win.history.state, '', href);
      else win.history.pushState(win.history.state, '', href);
    } catch {
      return; // a document that may not change its URL
    }
    written = Date.now();
    writtenQuery = query;
  });
  const onPop = (): void => {
    const route = readRoute(win.location.search, queryParam);
    writtenQuery = route.query.trim();
    written = 0;
    for (const input of inputs) if (input) input.value = route.query;
    connector.restore(route);
  };
  win.addEventListener('popstate', onPop);
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', onPop);
  };
}
