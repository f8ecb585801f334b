/**
 * The ranking coefficients on the contract's schema: a number out of range is refused in Russian
 * on its field before anything is sent; a good one is saved, and the shoppers' preview is read
 * again from the storefront search.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import RankingConfigPage from '#src/features/recs/ranking-config-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SAVED = { textScore: 1, popularity: 0, availability: 0, engagement: 0 };

it('refuses an out-of-range coefficient in Russian before any call, then saves a good one', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/site/1') return { status: 200, body: { siteId: 1, apiKey: 'key-1' } };
    if (path === '/api/models-builder/coefficients' && method === 'GET')
      return { status: 200, body: SAVED };
    if (path === '/api/models-builder/coefficients' && method === 'PUT')
      return { status: 200, body: { ...SAVED, popularity: 2.5 } };
    if (path === '/public/search')
      return { status: 200, body: { products: [{ id: 'p1', name: 'Платье' }] } };
    return undefined;
  });
  const { user } = renderPage(<RankingConfigPage />, { roles: ['ROLE_AUTOCOMPLETE_JOB_START'] });
  const popularity = await screen.findByLabelText(/^Популярность в каталоге/);
  expect(await screen.findByText('Платье')).toBeVisible();
  const searches = () => calls.filter((call) => call.path === '/public/search');
  expect(Object.fromEntries(searches()[0]?.query ?? [])).toEqual({
    apiKey: 'key-1',
    st: 'платье',
    size: '10',
    withFacets: 'false',
  });
  const writes = () => calls.filter((call) => call.method === 'PUT');

  await user.clear(popularity);
  await user.type(popularity, '12');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Число от -9.99 до 9.99')).toBeVisible();
  expect(popularity).toHaveAttribute('aria-invalid', 'true');
  expect(writes()).toEqual([]);

  await user.clear(popularity);
  await user.type(popularity, '2.5');
  expect(screen.queryByText('Число от -9.99 до 9.99')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]?.body).toEqual({ ...SAVED, popularity: 2.5 });
  await waitFor(() => expect(searches().length).toBeGreaterThan(1));
});
