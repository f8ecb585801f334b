import * as z from 'zod';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { defineRoute } from '#contract/route.ts';
import { api, connectNavigation, onForbidden, reportError } from '#src/lib/api.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useToastStore } from '#src/ui/toast/toast-store.ts';

const navigate = vi.fn();

beforeAll(async () => {
  await initI18n('en');
  connectNavigation({ navigate, homePath: () => '/home' });
});
afterEach(() => {
  navigate.mockReset();
  useToastStore.setState({ toasts: [] });
});

const lastToast = () => useToastStore.getState().toasts.at(-1);

describe('reportError (spec §8)', () => {
  it("shows 'ERROR!' with the status and the server's message, in the interface language, on two lines", () => {
    reportError(new ApiError(500, 'Internal server error'));
    expect(lastToast()).toMatchObject({
      kind: 'error',
      title: 'ERROR!',
      message: 'Status 500\nServer error. Try again later',
    });
    reportError(new ApiError(409, 'User anna already exists'));
    expect(lastToast()).toMatchObject({ message: 'Status 409\nUser anna already exists' });
  });

  it('names the status in Russian: never a bare «400» on the first line', async () => {
    await initI18n('ru');
    try {
      reportError(new ApiError(400, 'Bad Request'));
      expect((lastToast()?.message ?? '').split('\n')[0]).toBe('Код ответа 400');
      expect(lastToast()?.message).not.toMatch(/Bad Request/);
    } finally {
      await initI18n('en');
    }
  });

  it("says 'Error: …' when no answer came, or 'Network or connection error' without a text", () => {
    reportError(new ApiError(0, 'Failed to fetch'));
    expect(lastToast()).toMatchObject({ title: 'ERROR!', message: 'Error: Failed to fetch' });
    reportError(new ApiError(0, ''));
    expect(lastToast()).toMatchObject({ message: 'Network or connection error' });
  });

  it('sends a 401 to /login, forgetting the user, and a 403 home, without a toast', () => {
    useAuthStore.setState({ me: { login: 'x' } as never, expiresAt: 1 });
    reportError(new ApiError(401, 'Authentication required'));
    expect(useAuthStore.getState().me).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    const forbidden = vi.fn();
    const stop = onForbidden(forbidden);
    reportError(new ApiError(403, 'Access denied'));
    // /home, as spec §8 says (the route guard sends a user without reports on to their first screen).
    expect(navigate).toHaveBeenLastCalledWith('/home');
    expect(forbidden).toHaveBeenCalledTimes(1);
    stop();
    reportError(new ApiError(403, 'Access denied'));
    expect(forbidden).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('stays silent for a cancelled call and for quiet callers', () => {
    reportError(new DOMException('aborted', 'AbortError'));
    reportError(new ApiError(409, 'conflict'), { quiet: true });
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

const call = (method: 'GET' | 'POST', reads?: true) =>
  defineRoute({
    method,
    path: '/thing',
    summary: 'a call',
    auth: true,
    roles: [],
    site: 'none',
    ...(reads && { reads }),
    response: z.unknown(),
  });
const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );

describe('api: reads and actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('toasts success for a write, never for a read, a POST that only reads included', async () => {
    answer(200, { ok: true });
    await api(call('POST', true), {} as never);
    await api(call('GET'), {} as never);
    expect(useToastStore.getState().toasts).toEqual([]);
    await api(call('POST'), {} as never);
    expect(lastToast()).toMatchObject({ kind: 'success' });
  });

  it('a 403 on an action says so and stays; a 403 on a read goes home', async () => {
    answer(403, { status: 403, message: 'Access denied' });
    const forbidden = vi.fn();
    const stop = onForbidden(forbidden);
    await expect(api(call('POST'), {} as never)).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ kind: 'error', message: 'Status 403\nNot allowed' });
    await expect(api(call('POST', true), {} as never)).rejects.toThrow();
    expect(navigate).toHaveBeenLastCalledWith('/home');
    // The roles are read again either way.
    expect(forbidden).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a failed read is swallowed without a toast, a failed write toasts (spec §8)', async () => {
    answer(500, { status: 500, message: 'Internal server error' });
    await expect(api(call('GET'), {} as never)).rejects.toThrow();
    await expect(api(call('POST', true), {} as never)).rejects.toThrow();
    expect(useToastStore.getState().toasts).toEqual([]);
    // A read the user asked for (a check) opts back in.
    await expect(api(call('GET'), {} as never, { quiet: false })).rejects.toThrow();
    expect(lastToast()).toMatchObject({
      kind: 'error',
      message: 'Status 500\nServer error. Try again later',
    });
    useToastStore.setState({ toasts: [] });
    await expect(api(call('POST'), {} as never)).rejects.toThrow();
    expect(lastToast()).toMatchObject({ kind: 'error', title: 'ERROR!' });
    // A 401 on a read still signs out.
    answer(401, { status: 401, message: 'Authentication required' });
    await expect(api(call('GET'), {} as never)).rejects.toThrow();
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });
});
