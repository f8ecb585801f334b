import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Site } from '#contract/entities/site.ts';
import SiteEditPage from '#src/features/sites/site-edit-page.tsx';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/** The demo site as the seed stores it: a file:// feed the form's http(s) rule would refuse. */
const seeded: Site = {
  siteId: 1,
  apiKey: 'demo-key',
  siteName: 'Демо-магазин',
  siteUrl: 'https://demo.vitrina.local',
  enabled: true,
  verticals: ['fashion'],
  segment: 'fashion',
  timeZone: 'Europe/Moscow',
  feedUrl: 'file:///data/demo-feed.xml',
  version: 3,
};

let site: Site;
let calls: RecordedCall[];
/** The bodies of the site's saves, in order. */
const puts = () =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/site/1').map((c) => c.body);
beforeEach(() => {
  site = { ...seeded };
  ({ calls } = fakeFetch(({ method, path, body }) => {
    if (path === '/api/site/1' && method === 'PUT') {
      site = { ...site, ...(body as Partial<Site>), version: site.version + 1 };
      return { status: 200, body: site };
    }
    if (path === '/api/site/1') return { status: 200, body: site };
    if (path === '/api/vertical') return { status: 200, body: [{ name: 'fashion', siteCount: 1 }] };
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/site/edit', () => {
  it('saves a changed name with only the changed field and the version, file:// feed untouched', async () => {
    const { user } = renderPage(<SiteEditPage />, { roles: ['ROLE_ADMIN'] });
    const name = await screen.findByLabelText(/Название/);
    await user.clear(name);
    await user.type(name, 'Демо-магазин 2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ siteName: 'Демо-магазин 2', version: 3 });
    expect(screen.queryAllByRole('alert').filter((el) => el.textContent)).toHaveLength(0);
  });

  it('refuses a new non-http feed URL with a visible error and sends nothing', async () => {
    const { user } = renderPage(<SiteEditPage />, { roles: ['ROLE_ADMIN'] });
    const feed = await screen.findByLabelText(/URL фида/i);
    await user.clear(feed);
    await user.type(feed, 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('URL должен начинаться с http:// или https://')).toBeVisible();
    expect(puts()).toEqual([]);
  });
});
