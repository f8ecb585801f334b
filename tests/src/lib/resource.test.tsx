import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBoostRuleRoute,
  boostCriteriaRoute,
  deleteBoostRuleRoute,
  updateBoostRuleRoute,
} from '#contract/routes/merchandising.ts';
import { defineResource, useResource } from '#src/lib/resource.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

interface Rule {
  id: number;
  name: string;
}

function family() {
  let rules: Rule[] = [{ id: 1, name: 'Хиты' }];
  const calls = {
    list: vi.fn(async (_site: number, args: { text: string }) =>
      rules.filter((rule) => rule.name.includes(args.text)),
    ),
    create: vi.fn(async (_site: number, input: { name: string }) => {
      rules = [...rules, { id: rules.length + 1, ...input }];
    }),
    update: vi.fn(async (_site: number, id: number, input: { name: string }) => {
      rules = rules.map((rule) => (rule.id === id ? { id, ...input } : rule));
    }),
    remove: vi.fn(async (_site: number, id: number) => {
      rules = rules.filter((rule) => rule.id !== id);
    }),
  };
  const resource = defineResource({
    keys: {
      all: (siteId: number) => ['rules', siteId],
      list: (siteId: number, args: { text: string }) => ['rules', siteId, args],
    },
    list: { route: boostCriteriaRoute, call: calls.list },
    create: { route: createBoostRuleRoute, call: calls.create },
    update: { route: updateBoostRuleRoute, call: calls.update },
    remove: { route: deleteBoostRuleRoute, call: calls.remove },
  });
  return { resource, calls };
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const signIn = (roles: string[]) =>
  useAuthStore.setState({ me: { roles } as never, expiresAt: null });

afterEach(() => useAuthStore.setState({ me: null, expiresAt: null }));

describe('useResource', () => {
  it('reads the list and refreshes it after a create, an update and a delete', async () => {
    signIn(['ROLE_MERCHANDISING_BOOSTING_CONFIG']);
    const { resource, calls } = family();
    const { result } = renderHook(() => useResource(resource, 7, { text: '' }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.list.data).toEqual([{ id: 1, name: 'Хиты' }]));
    expect(calls.list).toHaveBeenCalledWith(7, { text: '' }, expect.any(AbortSignal));

    await act(() => result.current.save.mutateAsync({ input: { name: 'Новинки' } }));
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    expect(calls.create).toHaveBeenCalledWith(7, { name: 'Новинки' });

    await act(() => result.current.save.mutateAsync({ id: 1, input: { name: 'Хиты лета' } }));
    await waitFor(() => expect(result.current.list.data?.[0]?.name).toBe('Хиты лета'));
    expect(calls.update).toHaveBeenCalledWith(7, 1, { name: 'Хиты лета' });

    await act(() => result.current.remove.mutateAsync(2));
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
    expect(calls.remove).toHaveBeenCalledWith(7, 2);
  });

  it("takes who may write from the routes' contract roles", () => {
    const { resource } = family();
    signIn(['ROLE_MERCHANDISING_VIEW']);
    const reader = renderHook(() => useResource(resource, 7, { text: '' }), {
      wrapper: wrapper(),
    });
    expect(reader.result.current).toMatchObject({
      canCreate: false,
      canUpdate: false,
      canDelete: false,
      canEdit: false,
    });
    signIn(['ROLE_MERCHANDISING_BOOSTING_CONFIG']);
    const writer = renderHook(() => useResource(resource, 7, { text: '' }), {
      wrapper: wrapper(),
    });
    expect(writer.result.current).toMatchObject({
      canCreate: true,
      canDelete: true,
      canEdit: true,
    });
  });

  it('refuses a save the family has no call for', async () => {
    signIn(['ROLE_ADMIN']);
    const { resource } = family();
    const { create: _create, ...readOnly } = resource;
    const { result } = renderHook(() => useResource(readOnly, 7, { text: '' }), {
      wrapper: wrapper(),
    });
    await expect(result.current.save.mutateAsync({ input: { name: 'x' } })).rejects.toThrow(
      /no create call/,
    );
  });
});
