/*
 * Regions on the demo storefront, as the regional specs drive them: a delta feed served by a
 * loopback HTTP server, the site's region detection set to a URL parameter (global config,
 * generated) and a delta feed load from the console's feed loader — and everything put back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { generateAs, saveAndGenerate } from './configs.ts';
import { DEMO_PASSWORD, expect, serverURL } from './fixtures.ts';

export const DEMO = '/cdn/1/demo.html';
/** The URL parameter the storefront takes the shopper's region from. */
export const REGION_PARAM = 'city';

/** A loopback server answering the delta CSV it holds (`csv`, changeable). */
export async function startDeltaServer(initial: string) {
  let csv = initial;
  const server: Server = createServer((_request, response) => {
    const body = Buffer.from(csv);
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/delta.csv`,
    set(next: string) {
      csv = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An administrator's API session, for putting things back. */
export async function adminApi(): Promise<{
  api: APIRequestContext;
  xsrf: () => Promise<string>;
}> {
  const api = await request.newContext({ baseURL: serverURL() });
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

/** Runs `work` with an administrator's API session, closed after. */
export async function asAdmin<T>(
  work: (api: APIRequestContext, xsrf: () => Promise<string>) => Promise<T>,
): Promise<T> {
  const { api, xsrf } = await adminApi();
  try {
    return await work(api, xsrf);
  } finally {
    await api.dispose();
  }
}

/** Waits for the job `started` (the status route answers the site's latest) to end well. */
export async function waitForJob(api: APIRequestContext, path: string, started: { id: string }) {
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

/** The global config's integration copy now (to put back with `restoreRegions`). */
export async function globalConfigNow(page: Page): Promise<Record<string, unknown>> {
  const answer = (await (
    await page.request.get('/api/site/1/config/global-config?test=true')
  ).json()) as { config: Record<string, unknown> };
  return answer.config;
}

/** As an operator: the storefront takes the shopper's region from ?city=, generated to production. */
export async function regionFromUrlParameter(page: Page): Promise<void> {
  await page.goto('/site/global-config');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Глобальная конфигурация' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Определение региона' }).click();
  await page.getByRole('option', { name: 'Из параметра URL' }).click();
  await page.getByLabel('Cookie, параметр URL или регион').fill(REGION_PARAM);
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await saveAndGenerate(page, toolbar, toolbar.getByText('В продакшене', { exact: true }));
}

/** As an operator: the delta feed's URL added in the feed loader, and its load run there. */
export async function loadDeltaFeed(page: Page, url: string, shot?: string): Promise<void> {
  await page.goto('/site/feed-loader');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка фидов' })).toBeVisible({
    timeout: 20_000,
  });
  const add = page.getByRole('form', { name: 'Добавить адрес' });
  await add.getByRole('combobox', { name: 'Тип фида' }).click();
  await page.getByRole('option', { name: 'DELTA', exact: true }).click();
  await expect(add.getByLabel('Регион')).toHaveValue('global');
  await add.getByLabel('URL').fill(url);
  await add.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(page.getByLabel('URL фида DELTA (global)')).toHaveValue(url);
  const load = page.locator('.feed-job', { hasText: 'Дельта-фид' });
  await load.getByRole('button', { name: 'Запустить' }).click();
  await expect(load.getByText('Готово')).toBeVisible({ timeout: 60_000 });
  if (shot) await page.screenshot({ path: shot, fullPage: true });
}

/**
 * Puts back what a regional spec changed (the later specs share the server): `beforeRemoval`
 * undoes the region's data, then the delta URL goes and the global config's integration copy as
 * it was is generated into production again.
 */
export async function restoreRegions(options: {
  feedUrl: string;
  originalGlobal: Record<string, unknown> | null;
  beforeRemoval?: (api: APIRequestContext, xsrf: () => Promise<string>) => Promise<void>;
}): Promise<void> {
  await asAdmin(async (api, xsrf) => {
    const urls = (await (await api.get('/api/config/feed-loader/resources?siteId=1')).json()) as {
      urls: { id: number; url: string }[];
    };
    const delta = urls.urls.find((u) => u.url === options.feedUrl);
    if (delta) {
      await options.beforeRemoval?.(api, xsrf);
      const removed = await api.delete(`/api/feed-url?siteId=1&id=${delta.id}`, {
        headers: { 'x-xsrf-token': await xsrf() },
      });
      expect(removed.status()).toBe(200);
    }
    if (options.originalGlobal)
      await generateAs(api, xsrf, 'global-config', options.originalGlobal);
  });
}
