/*
 * A site's configs as the specs put them in production: through the API (to put back what a
 * spec changed) or through the console's save and generate.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Saves `config` as the integration copy of the site's one-per-site config `kind` and generates
 * it into production, waiting for the generate to end: how a spec puts back what it changed
 * (the later specs share the server).
 */
export async function generateAs(
  api: APIRequestContext,
  xsrf: () => Promise<string>,
  kind: 'global-config' | 'autocomplete' | 'instant-search' | 'search',
  config: Record<string, unknown>,
): Promise<void> {
  const current = (await (await api.get(`/api/site/1/config/${kind}?test=true`)).json()) as {
    versionId: number | null;
  };
  const saved = await api.post(`/api/config/save/${kind}?siteId=1&test=true`, {
    data: { ...config, baseVersionId: current.versionId },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generate = await api.post(`/api/config/generate/${kind}?siteId=1`, {
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(generate.status()).toBe(202);
  await expect
    .poll(async () => (await api.get('/api/config/generate/status?siteId=1')).status(), {
      timeout: 90_000,
    })
    .toBe(200);
}

/**
 * In the console: saves the integration copy in `toolbar` and generates it into production,
 * until `done` shows (by default the editor's «Эта версия в продакшене»).
 */
export async function saveAndGenerate(
  page: Page,
  toolbar: Locator,
  done: Locator = toolbar.getByText('Эта версия в продакшене'),
) {
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  await page
    .getByRole('dialog', { name: 'Сгенерировать в продакшен?' })
    .getByRole('button', { name: 'Да, сгенерировать' })
    .click();
  await expect(done).toBeVisible({ timeout: 90_000 });
}
