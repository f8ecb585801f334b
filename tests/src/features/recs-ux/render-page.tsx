import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { renderWithProviders, type ProvidersOptions } from '#tests/helpers/render.tsx';

// Screens wait on calls and a machine; a loaded 2-core machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

export interface PageOptions extends ProvidersOptions {
  roles?: readonly string[];
  path?: string;
}

/** A screen as the console shows it: signed in with `roles`, demo site 1 picked, fresh query cache. */
export function renderPage(
  page: ReactElement,
  { roles, path = '/', ...options }: PageOptions = {},
) {
  useAuthStore.setState({
    me: {
      login: 'tester',
      name: 'Tester',
      roles: [...(roles ?? ['ROLE_ADMIN'])],
      isClient: false,
      tabs: [],
      sessionLength: 3600,
      sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    expiresAt: Date.now() + 3_600_000,
  });
  useSiteStore.setState({ siteId: 1 });
  useToastStore.setState({ toasts: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
    options,
  );
}

export const presetRoles = (name: keyof typeof ROLE_PRESETS): readonly string[] =>
  ROLE_PRESETS[name];
