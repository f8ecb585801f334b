import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';

/** Renders a reports screen signed in with `roles`, on site 1, at `path`. */
export function renderPage(
  page: ReactElement,
  { roles, path = '/', pattern = '/' }: { roles: string[]; path?: string; pattern?: string },
) {
  useAuthStore.setState({
    me: {
      login: 'manager',
      name: 'Manager',
      roles,
      isClient: false,
      tabs: [],
      sessionLength: 3600,
      sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    expiresAt: Date.now() + 3_600_000,
  });
  useSiteStore.setState({ siteId: 1 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
