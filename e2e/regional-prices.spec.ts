/**
 * Regional SKU prices on the demo storefront: an operator sets the site's
 * region detection to a URL parameter (global config, generated), gives a region its own price
 * for a product through the console's delta feed (a feed URL served by a loopback HTTP server
 * started here, a CSV row with the region column, «Запустить»), and the shopper on
 * /cdn/1/demo.html sees that price in the search results in that region, the default price
 * without it. Everything changed goes back at the end (the later specs share the server).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, serverURL, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const REGION = 'e2e-yug';
const PARAM = 'city';
/** The demo feed's offer 1 (one SKU): «Ремень спортивный Kari серый», 1 459 ₽, was 1 859 ₽. */
const PRODUCT = '1';
const QUERY = 'Ремень спортивный Kari серый';
const GLOBAL_PRICE = /^1\s459\s₽$/;
const REGIONAL_PRICE = /^999\s₽$/;
const HEADER = 'id;price;available;regionId';

/** What the loopback feed server answers: the delta CSV. */
let csv = `${HEADER}\n${PRODUCT};999;true;${REGION}\n`;
let feedServer: Server;
let feedUrl = '';
/** The global config's integration copy before the spec, put back (and generated) at the end. */
let originalGlobal: Record<string, unknown> | null = null;

test.beforeAll(async () => {
  feedServer = createServer((_request, response) => {
    const body = Buffer.from(csv);
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/delta.csv`;
});

async function adminApi(): Promise<{ api: APIRequestContext; xsrf: () => Promise<string> }> {
  const api = await request.newContext({
    baseURL: serverURL(),
  });
  await api.get('/api/me');
  const xsrf = async () =>
    (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await api.post('/api/login', {
    form: { username: 'admin', password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(login.status()).toBeLessThan(400);
  return { api, xsrf };
}

/** Waits for the job `started` (the status route answers the site's latest) to end well. */
async function waitForJob(api: APIRequestContext, path: string, started: { id: string }) {
  const latest = async () =>
    (await (await api.get(path)).json()) as { id: string; state: string; error: unknown } | null;
  await expect
    .poll(
      async () => {
        const job = await latest();
        return job?.id === started.id ? job.state : 'not yet';
      },
      { timeout: 90_000 },
    )
    .toMatch(/^(done|failed)$/);
  const job = await latest();
  expect(job?.state, JSON.stringify(job?.error)).toBe('done');
}

// The region's price goes back to the global one (a delta row cannot delete a regional value, so
// it is set to the global values: the shopper there sees what everyone sees), the delta URL goes,
// and the global config's integration copy as it was is generated into production again.
test.afterAll(async () => {
  const { api, xsrf } = await adminApi();
  try {
    const urls = (await (await api.get('/api/config/feed-loader/resources?siteId=1')).json()) as {
      urls: { id: number; feedType: string; regionId: string; url: string }[];
    };
    const delta = urls.urls.find((u) => u.url === feedUrl);
    if (delta) {
      csv = `${HEADER}\n${PRODUCT};1459;true;${REGION}\n`;
      const started = await api.post('/api/config/delta-feed/start?siteId=1', {
        headers: { 'x-xsrf-token': await xsrf() },
      });
      expect(started.status(), await started.text()).toBeLessThan(300);
      await waitForJob(api, '/api/config/delta-feed/status?siteId=1', await started.json());
      const removed = await api.delete(`/api/feed-url?siteId=1&id=${delta.id}`, {
        headers: { 'x-xsrf-token': await xsrf() },
      });
      expect(removed.status()).toBe(200);
    }
    if (originalGlobal) {
      const current = (await (
        await api.get('/api/site/1/config/global-config?test=true')
      ).json()) as { versionId: number | null };
      const saved = await api.post('/api/config/save/global-config?siteId=1&test=true', {
        data: { ...originalGlobal, baseVersionId: current.versionId },
        headers: { 'x-xsrf-token': await xsrf() },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const generate = await api.post('/api/config/generate/global-config?siteId=1', {
        headers: { 'x-xsrf-token': await xsrf() },
      });
      expect(generate.status()).toBe(202);
      await expect
        .poll(async () => (await api.get('/api/config/generate/status?siteId=1')).status(), {
          timeout: 90_000,
        })
        .toBe(200);
    }
  } finally {
    await api.dispose();
    await new Promise((resolve) => feedServer.close(resolve));
  }
});

/** The product's card in the demo page's search results, after a search for it. */
async function searchCard(demo: Page, url: string, searches: string[]) {
  searches.length = 0;
  await demo.goto(url);
  await demo.locator('#search-input').fill(QUERY);
  const card = demo.locator(`#search-results article[data-digi-product="${PRODUCT}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}

test('a region’s own price, loaded through the delta feed, is what the shopper there sees on the demo page', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  originalGlobal = (
    (await (await page.request.get('/api/site/1/config/global-config?test=true')).json()) as {
      config: Record<string, unknown>;
    }
  ).config;

  // The storefront takes the shopper's region from the ?city= parameter.
  await page.goto('/site/global-config');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Глобальная конфигурация' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Определение региона' }).click();
  await page.getByRole('option', { name: 'Из параметра URL' }).click();
  await page.getByLabel('Cookie, параметр URL или регион').fill(PARAM);
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  await page
    .getByRole('dialog', { name: 'Сгенерировать в продакшен?' })
    .getByRole('button', { name: 'Да, сгенерировать' })
    .click();
  await expect(toolbar.getByText('В продакшене', { exact: true })).toBeVisible({ timeout: 90_000 });

  // Before the regional feed: the region has no prices of its own, the shopper there sees the
  // global one.
  const demo = await context.newPage();
  const searches: string[] = [];
  demo.on('request', (r) => {
    if (new URL(r.url()).pathname === '/public/search') searches.push(r.url());
  });
  let card = await searchCard(demo, `${DEMO}?${PARAM}=${REGION}`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);

  // The delta feed's URL and its load, from the feed loader.
  await page.goto('/site/feed-loader');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка фидов' })).toBeVisible({
    timeout: 20_000,
  });
  const add = page.getByRole('form', { name: 'Добавить адрес' });
  await add.getByRole('combobox', { name: 'Тип фида' }).click();
  await page.getByRole('option', { name: 'DELTA', exact: true }).click();
  await expect(add.getByLabel('Регион')).toHaveValue('global');
  await add.getByLabel('URL').fill(feedUrl);
  await add.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(page.getByLabel('URL фида DELTA (global)')).toHaveValue(feedUrl);
  const load = page.locator('.feed-job', { hasText: 'Дельта-фид' });
  await load.getByRole('button', { name: 'Запустить' }).click();
  await expect(load.getByText('Готово')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({
    path: test.info().outputPath('regional-delta-loaded.png'),
    fullPage: true,
  });

  // In the region: the regional price (the old price stays the SKU's own), asked for that region.
  card = await searchCard(demo, `${DEMO}?${PARAM}=${REGION}`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(REGIONAL_PRICE);
  await expect(card.locator('.digi-card__old-price')).toContainText(/1\s859\s₽/);
  expect(searches.some((u) => new URL(u).searchParams.get('regionId') === REGION)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await demo.screenshot({ path: test.info().outputPath('demo-in-region.png') });

  // Without the region (and in another one): the default price.
  card = await searchCard(demo, DEMO, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.every((u) => new URL(u).searchParams.get('regionId') !== REGION)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await demo.screenshot({ path: test.info().outputPath('demo-default.png') });
  card = await searchCard(demo, `${DEMO}?${PARAM}=e2e-sever`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);
});
