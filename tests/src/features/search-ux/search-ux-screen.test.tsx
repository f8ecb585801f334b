import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { searchConfig } from '#contract/entities/config.ts';
import { connectNavigation } from '#src/lib/api.ts';
import SearchUxPage from '#src/features/search-ux/search-ux-page.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

type Handler = (call: RecordedCall) => { status: number; body: unknown } | undefined;

const SITE = {
  siteId: 1,
  apiKey: 'demo-key',
  siteName: 'Demo',
  siteUrl: 'https://demo.example',
  enabled: true,
  verticals: [],
  segment: '',
  timeZone: 'Europe/Moscow',
  feedUrl: null,
  version: 1,
};

const stored = (config: unknown, versionId: number | null = 7, test = true) => ({
  versionId,
  version: versionId ? 3 : 0,
  test,
  author: versionId ? 'designer' : null,
  createdAt: versionId ? '2026-11-21T10:00:00Z' : null,
  config: searchConfig.parse(config),
});

/** The console API, mocked at the network (STYLE.md 31), with overridable answers. */
function mockApi(overrides: Handler[] = []) {
  const live = { instantSearch: true, autocomplete: true };
  const base: Handler = ({ method, path, query, body }) => {
    if (method === 'GET' && path === '/api/site/1') return { status: 200, body: SITE };
    if (method === 'GET' && path === '/api/config/default-templates') {
      return {
        status: 200,
        body: {
          search: { autocomplete: '<div class="digi-autocomplete__dropdown"></div>' },
          recommendations: {},
          components: {},
          tokens: {},
        },
      };
    }
    const read = /^\/api\/site\/1\/config\/([a-z-]+)$/.exec(path);
    if (method === 'GET' && read) {
      const production = query.get('test') === 'false';
      const kind = read[1];
      const enabled =
        !production ||
        (kind === 'instant-search'
          ? live.instantSearch
          : kind === 'autocomplete' && live.autocomplete);
      return { status: 200, body: stored({ enabled }, 7, !production) };
    }
    if (method === 'GET' && /\/versions$/.test(path)) return { status: 200, body: [] };
    // The promotion's neighbours: no schedules, no watches, the visual gate off.
    if (method === 'GET' && path === '/api/config/scheduled-promotions')
      return { status: 200, body: [] };
    if (method === 'GET' && path === '/api/rollout/watches') return { status: 200, body: [] };
    if (method === 'POST' && path.startsWith('/api/config/gate/'))
      return { status: 200, body: { enabled: false, run: null } };
    if (method === 'POST' && path.startsWith('/api/config/save/')) {
      const { baseVersionId, ...config } = body as { baseVersionId: number | null };
      return { status: 200, body: stored(config, (baseVersionId ?? 0) + 1) };
    }
    return undefined;
  };
  const { calls } = fakeFetch(...overrides, base);
  const saves = () => calls.filter((call) => call.path.startsWith('/api/config/save/'));
  return { calls, saves, live };
}

function signIn(roles: readonly string[]) {
  useAuthStore.setState({
    me: {
      login: 'tester',
      name: 'Tester',
      roles: [...roles],
      isClient: false,
      tabs: [],
      sessionLength: 3600,
      sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    expiresAt: Date.now() + 3_600_000,
  });
}

function renderPage(path = '/anyquery/ux/autocomplete') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/anyquery/ux/*" element={<SearchUxPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    { locale: 'en' },
  );
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const toasts = () => useToastStore.getState().toasts;

beforeEach(() => {
  connectNavigation({ navigate: vi.fn(), homePath: () => '/' });
  useSiteStore.setState({ siteId: 1 });
  signIn(ROLE_PRESETS['layout designer']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('search UX screen', () => {
  it('loads the integration copy, edits a setting and saves it based on the loaded version', async () => {
    const api = mockApi();
    const { user } = renderPage();
    const strategy = await screen.findByLabelText('Autocomplete strategy');
    expect(screen.getByRole('heading', { name: 'Autocomplete' })).toBeInTheDocument();
    expect(button('Save')).toHaveAttribute('aria-disabled', 'true');
    await user.clear(strategy);
    await user.type(strategy, 'popular');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    const [save] = api.saves();
    expect(save?.path).toBe('/api/config/save/autocomplete');
    expect(save?.query.get('test')).toBe('true');
    expect(save?.body).toMatchObject({ strategyAC: 'popular', baseVersionId: 7 });
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    expect(toasts().at(-1)).toMatchObject({ kind: 'success' });
  });

  it('refuses to save a selector that does not parse or a content quantity out of 1–50', async () => {
    const api = mockApi();
    const { user } = renderPage();
    const input = await screen.findByLabelText('Search input');
    await user.type(input, 'div[[');
    await user.tab();
    expect(await screen.findByText('Not a valid CSS selector')).toBeInTheDocument();
    const contents = screen.getByLabelText('Content quantity');
    await user.clear(contents);
    await user.type(contents, '51');
    await user.click(button('Save'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(contents).toHaveAttribute('aria-invalid', 'true');
    expect(api.saves()).toEqual([]);
    expect(toasts().at(-1)).toMatchObject({
      kind: 'error',
      message: 'Fix the highlighted fields before saving.',
    });
  });

  it('orders the autocomplete blocks (keyboard buttons) and saves the new order', async () => {
    const api = mockApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Move “Products” up' }));
    const rows = within(screen.getByRole('group', { name: 'Autocomplete blocks and their order' }))
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label'));
    expect(rows.slice(-2)).toEqual(['Show “Products”', 'Show “Brands”']);
    await user.click(screen.getByRole('checkbox', { name: 'Show “History”' }));
    await user.click(button('Save'));
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(
      (api.saves()[0]?.body as { customSettings: { typesAC: string[] } }).customSettings.typesAC,
    ).toEqual(['queries', 'taps', 'categories', 'products', 'brands']);
  });

  it('a stale save opens the conflict dialog; overwrite saves again based on theirs', async () => {
    let first = true;
    const api = mockApi([
      ({ method, path }) => {
        if (method !== 'POST' || !path.startsWith('/api/config/save/') || !first) return undefined;
        first = false;
        return {
          status: 409,
          body: {
            status: 409,
            message: 'stale',
            conflict: { versionId: 9, version: 4, author: 'integrator', createdAt: 'x' },
          },
        };
      },
    ]);
    const { user } = renderPage();
    const strategy = await screen.findByLabelText('Autocomplete strategy');
    await user.type(strategy, 'x');
    await user.click(button('Save'));
    const dialog = await screen.findByRole('dialog', {
      name: 'The config was changed by someone else',
    });
    expect(dialog).toHaveTextContent('integrator saved version 4');
    expect(toasts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.saves()).toHaveLength(2));
    expect(api.saves()[1]?.body).toMatchObject({ baseVersionId: 9 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a manager may preview but finds Generate and Save to production disabled', async () => {
    signIn(ROLE_PRESETS.manager);
    mockApi();
    renderPage();
    await screen.findByLabelText('Autocomplete strategy');
    expect(button('Generate')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Generate')).toHaveAccessibleDescription(
      'Your role cannot generate to production',
    );
    expect(screen.getByRole('button', { name: 'Preview' })).not.toHaveAttribute('aria-disabled');
  });

  it('the production copy is read-only for a role without save to production', async () => {
    signIn(ROLE_PRESETS.manager);
    const api = mockApi();
    renderPage('/anyquery/ux/autocomplete?copy=production');
    await screen.findByLabelText('Autocomplete strategy');
    expect(api.calls.some((call) => call.query.get('test') === 'false')).toBe(true);
    expect(screen.getByRole('note')).toHaveTextContent(
      /^View only: the roles “Integrator”(, “[^”]+”)*( and “[^”]+”)? can change this\./,
    );
    expect(screen.getByLabelText('Autocomplete strategy')).toBeDisabled();
    expect(button('Save to production')).toHaveAccessibleDescription(
      'Your role cannot save to production',
    );
  });

  it('preview windows: refused with the spec texts when not in production, else opened', async () => {
    const api = mockApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderPage('/anyquery/ux/instant-search');
    await screen.findByLabelText('Instant search strategy');
    api.live.instantSearch = false;
    await user.click(button('Preview search'));
    await waitFor(() =>
      expect(toasts().at(-1)).toMatchObject({
        kind: 'error',
        message: 'Instant Search is not in production',
      }),
    );
    api.live.autocomplete = false;
    await user.click(button('Preview autocomplete'));
    await waitFor(() =>
      expect(toasts().at(-1)).toMatchObject({
        message: 'Instant Search and Autocomplete are not in production',
      }),
    );
    expect(open).not.toHaveBeenCalled();
    api.live.instantSearch = true;
    await user.type(screen.getByLabelText('Preview query'), 'кроссовки');
    await user.click(button('Preview search'));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(String(open.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/public/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      st: 'кроссовки',
      apiKey: 'demo-key',
      strategy: 'advanced_xname,zero_queries',
      size: '20',
      offset: '0',
      regionId: 'global',
      preview: 'true',
      sort: 'DEFAULT',
    });
    open.mockRestore();
  });

  it('a production version restored goes into the integration draft', async () => {
    mockApi([
      ({ method, path, query }) => {
        if (method === 'GET' && path === '/api/site/1/config/autocomplete/versions') {
          const production = query.get('test') === 'false';
          return {
            status: 200,
            body: [
              {
                versionId: production ? 12 : 7,
                version: production ? 2 : 3,
                test: !production,
                configType: production ? 'PRODUCTION' : 'INTEGRATION',
                author: 'integrator',
                createdAt: '2026-11-21T09:00:00Z',
                sourceVersionId: production ? 5 : null,
              },
            ],
          };
        }
        if (method === 'GET' && path === '/api/site/1/config/autocomplete/12') {
          return { status: 200, body: stored({ strategyAC: 'from-production' }, 12, false) };
        }
        return undefined;
      },
    ]);
    const { user } = renderPage('/anyquery/ux/autocomplete?copy=production&tab=versions');
    await user.click(
      await screen.findByRole('button', {
        name: 'Restore version 2 (Production) into the integration draft',
      }),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Integration' })).toBeChecked());
    expect(await screen.findByText(/An unsaved draft from .* was found/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText('Autocomplete strategy')).toHaveValue('from-production');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
  });
});
