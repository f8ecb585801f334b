import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClearFeedStatus } from '#src/features/feeds/components/clear-feed-status.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import { renderPage } from '../reports/render-page.tsx';

function fakeApi(refuse?: { status: number; message: string }) {
  return fakeFetch(({ method, path }) => {
    if (method === 'DELETE' && path === '/api/site/1/feeds')
      return refuse ? { status: refuse.status, body: refuse } : { status: 200, body: { ok: true } };
    return undefined;
  }).calls;
}

const FEEDS = ['ROLE_CONFIG_FEED_CONFIG'];
const render = (roles: string[]) =>
  renderPage(<ClearFeedStatus siteId={1} />, { roles, path: '/f', pattern: '/f' });

afterEach(() => vi.unstubAllGlobals());

describe("clearing a site's feed status", () => {
  it('asks first, then clears one feed type (or all) and says so', async () => {
    const calls = fakeApi();
    const toasts = recordToasts();
    const { user } = render(FEEDS);
    await user.click(screen.getByRole('button', { name: 'Очистить статус фидов' }));
    const dialog = await screen.findByRole('dialog', { name: 'Очистить статус фидов сайта?' });
    expect(dialog).toHaveTextContent('Сами фиды и каталог останутся');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Какие фиды' }));
    await user.click(await screen.findByRole('option', { name: 'DELTA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.query.get('feedType')).toBe('DELTA');
    expect(toasts.last()?.kind).toBe('success');

    await user.click(screen.getByRole('button', { name: 'Очистить статус фидов' }));
    const again = await screen.findByRole('dialog', { name: 'Очистить статус фидов сайта?' });
    await user.click(within(again).getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.query.has('feedType')).toBe(false);
  });

  it('keeps the confirmation open with the error when the server refuses', async () => {
    fakeApi({ status: 500, message: 'database down' });
    const toasts = recordToasts();
    const { user } = render(FEEDS);
    await user.click(screen.getByRole('button', { name: 'Очистить статус фидов' }));
    const dialog = await screen.findByRole('dialog', { name: 'Очистить статус фидов сайта?' });
    await user.click(within(dialog).getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(toasts.last()?.kind).toBe('error'));
    expect(toasts.last()?.message).toContain('database down');
    expect(dialog).toBeInTheDocument();
  });

  it('is not offered to who may not change feed settings', () => {
    fakeApi();
    render(['ROLE_SITE_VIEW']);
    expect(screen.queryByRole('button', { name: 'Очистить статус фидов' })).toBeNull();
  });
});
