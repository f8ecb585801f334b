/**
 * Search configuration as an operator meets it, proven on the demo page the shoppers
 * use: attribute weights reach the results through the index rebuild; an applied facet shows in
 * its category. Each test puts the demo site back as it found it.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const results = (page: Page) => page.locator('#search-results');

async function demoSearch(page: Page, query: string): Promise<string[]> {
  await page.goto(DEMO);
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/public/search' &&
      new URL(r.url()).searchParams.get('st') === query,
  );
  await page.locator('#search-input').fill(query);
  await answered;
  await expect(results(page).locator('.digi-card').first()).toBeVisible();
  await page.keyboard.press('Escape');
  return results(page).locator('.digi-card__name').allTextContents();
}

async function rebuild(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Перестроение индекса' });
  await expect(panel).toContainText('Настройки индекса изменены');
  await panel.getByRole('button', { name: 'Перестроить индекс' }).click();
  await expect(panel).toContainText('Индекс построен с текущими настройками', { timeout: 60_000 });
  await expect(panel).toContainText('Готово');
}

test('an operator raises a weight, rebuilds the index, and the demo page reorders', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // «хлоп»: the name of cotton-look products (хлопковый) and the material param (хлопок).
  const before = await demoSearch(page, 'хлоп');
  expect(before[0]).toMatch(/хлопков/i);

  await signIn(page, 'admin', { at: '/anyquery/search/search-attributes' });
  await expect(page.getByRole('heading', { name: 'Поисковые атрибуты' })).toBeVisible();
  await page.getByLabel('Вес атрибута params').fill('100');
  await page.getByLabel('Вес атрибута name').fill('1');
  // What shoppers will get, before saving.
  await page.getByLabel('Запрос').fill('хлоп');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page.getByRole('heading', { name: 'С новыми весами' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-attributes.png'), fullPage: true });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено, но ещё не в индексе')).toBeVisible();
  // Saved but not rebuilt: the shoppers still get the old order.
  const page2 = await page.context().newPage();
  expect(await demoSearch(page2, 'хлоп')).toEqual(before);
  await rebuild(page);
  const after = await demoSearch(page2, 'хлоп');
  expect(after).not.toEqual(before);
  // Products that match by the material only now come before the name matches.
  const firstMaterialOnly = (names: string[]) => names.findIndex((n) => !/хлопков/i.test(n));
  expect(firstMaterialOnly(after)).toBeLessThan(
    firstMaterialOnly(before) === -1 ? Infinity : firstMaterialOnly(before),
  );

  // Back to the defaults, rebuilt: the demo page answers as before.
  await page.getByRole('button', { name: 'Вернуть по умолчанию' }).click();
  await rebuild(page);
  expect(await demoSearch(page2, 'хлоп')).toEqual(before);
});

test('an applied facet appears on the demo page in its category only', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', { at: '/anyquery/service/facet-attributes' });
  await expect(page.getByRole('heading', { name: 'Атрибуты фасетов' })).toBeVisible();
  await page.getByRole('button', { name: 'Рассчитать предложения' }).click();
  await expect(page.getByText('Готово')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Категория' }).click();
  await page.getByRole('option', { name: /Женщинам \/ Одежда \/ Свитеры/ }).click();
  const row = page.locator('tr[data-attribute="Материал"]');
  await expect(row).toBeVisible();
  await row.getByLabel('Тип данных Материал').selectOption('DISTINCT');
  await page.screenshot({ path: test.info().outputPath('facet-attributes.png'), fullPage: true });
  await row.getByRole('button', { name: 'Применить' }).click();
  await expect(row).toContainText('Применён');

  // The public search the demo page's widget calls: «свитер» in that category answers exactly
  // the applied param facet.
  const categories = (await (
    await page.request.get('/api/catalog/categories/all?siteId=1')
  ).json()) as { id: string; path: string[] }[];
  const sweaters = categories.find((c) => c.path.join('/') === 'Женщинам/Одежда/Свитеры')!;
  const key = encodeURIComponent(await apiKey(page));
  const inCategory = (await (
    await page.request.get(
      `/public/search?apiKey=${key}&st=${encodeURIComponent('свитер')}&filter=categoryId:${sweaters.id}`,
    )
  ).json()) as { facets: { name: string }[] };
  const params = inCategory.facets
    .map((f) => f.name)
    .filter((n) => !['categoryId', 'brand', 'price', 'available'].includes(n));
  expect(params).toEqual(['Материал']);

  // Elsewhere (no category chosen) Материал belongs to its category and is not offered.
  const api = await page.request.get(
    `/public/search?apiKey=${encodeURIComponent(await apiKey(page))}&st=${encodeURIComponent('свитер')}`,
  );
  const all = (await api.json()) as { facets: { name: string }[] };
  expect(all.facets.map((f) => f.name)).not.toContain('Материал');

  // Back to suggested: the demo site as it was.
  await page.goto('/anyquery/service/facet-attributes');
  await page.getByRole('combobox', { name: 'Категория' }).click();
  await page.getByRole('option', { name: /Женщинам \/ Одежда \/ Свитеры/ }).click();
  await page
    .locator('tr[data-attribute="Материал"]')
    .getByRole('button', { name: 'Сбросить' })
    .click();
  await expect(page.locator('tr[data-attribute="Материал"]')).toContainText('Предложен');
});

async function apiKey(page: Page): Promise<string> {
  const response = await page.request.get('/api/site/1');
  return ((await response.json()) as { apiKey: string }).apiKey;
}
