/**
 * The feed URLs on the resource machinery: a bad address is refused in Russian before any call,
 * a type and region that have a URL get it replaced, a row's URL is saved in place and deleted
 * after a confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { FeedUrl } from '#contract/entities/feeds.ts';
import { FeedUrls } from '#src/features/feeds/components/feed-urls.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const YML: FeedUrl = {
  id: 4,
  feedType: 'YML',
  regionId: 'global',
  url: 'https://shop.example.ru/feed.xml',
  updatedAt: '2026-11-30T10:00:00Z',
};

function renderUrls() {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path !== '/api/feed-url') return undefined;
    if (method === 'GET') return { status: 200, body: [YML] };
    if (method === 'DELETE') return { status: 200, body: { ok: true } };
    return { status: 200, body: YML };
  });
  const { user } = renderPage(<FeedUrls siteId={1} />, { roles: ['ROLE_CONFIG_FEED_CONFIG'] });
  return { calls, user };
}

it('refuses a non-http address in Russian, then replaces the URL of the type and region', async () => {
  const { calls, user } = renderUrls();
  await screen.findByRole('row', { name: /YML global/ });
  const add = screen.getByRole('form', { name: 'Добавить адрес' });

  // YML global has a URL: the form replaces it; a non-http address is refused on its field.
  const url = within(add).getByLabelText(/^URL/);
  await user.click(url);
  await user.paste('ftp://shop.example.ru/feed.xml');
  await user.click(within(add).getByRole('button', { name: 'Заменить адрес' }));
  expect(
    await within(add).findByText('URL должен начинаться с http:// или https://'),
  ).toBeVisible();
  expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  await user.clear(url);
  await user.paste('https://shop.example.ru/feed2.xml');
  await user.click(within(add).getByRole('button', { name: 'Заменить адрес' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
    id: 4,
    url: 'https://shop.example.ru/feed2.xml',
  });
  await waitFor(() => expect(url).toHaveValue(''));
});

it("saves a row's URL in place and deletes it after a confirmation", async () => {
  const { calls, user } = renderUrls();
  const row = await screen.findByRole('row', { name: /YML global/ });
  const inRow = within(row).getByLabelText('URL фида YML (global)');
  await user.clear(inRow);
  await user.paste('https://shop.example.ru/feed3.xml');
  await user.click(within(row).getByRole('button', { name: 'Сохранить' }));
  await waitFor(() =>
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: 4,
      url: 'https://shop.example.ru/feed3.xml',
    }),
  );

  await user.click(within(row).getByRole('button', { name: 'Удалить YML global' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить «YML global»?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  expect(calls.find((call) => call.method === 'DELETE')?.query.get('id')).toBe('4');
});
