/**
 * Search settings as an operator meets them: a custom sort appears in the demo page's sort menu
 * and orders its results; a list screen's "try a query" box compares what the shopper gets now
 * with an unsaved entry of the add form. Each test puts the demo site back as it found it.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SearchResponse } from '#contract/public/search.ts';
import { expect, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const SHOTS = '/tmp/search2-shots';
const results = (page: Page) => page.locator('#search-results');

type Answer = Pick<SearchResponse, 'products' | 'sorts'>;

/** Searches on the demo page; the answer of the widget's call. */
async function demoSearch(page: Page, query: string): Promise<Answer> {
  await page.goto(DEMO);
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/public/search' &&
      new URL(r.url()).searchParams.get('st') === query,
  );
  await page.locator('#search-input').fill(query);
  const answer = (await (await answered).json()) as Answer;
  await expect(results(page).locator('.digi-card').first()).toBeVisible();
  return answer;
}

const material = (product: Answer['products'][number]) => product.attributes['материал']?.[0] ?? '';

test.describe('search gaps on the storefront', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('a custom sort appears in the demo page sort menu and orders the results', async ({
    page,
    context,
  }) => {
    const shop = await context.newPage();
    const before = await demoSearch(shop, 'куртка');
    expect(before.sorts).toBeUndefined();
    const menu = results(shop).locator('select.digi-sort__select');
    await expect(menu.locator('option', { hasText: 'Материал: Я–А' })).toHaveCount(0);

    await signIn(page, 'admin', { at: '/anyquery/service/custom-sort' });
    await expect(page.getByRole('heading', { name: 'Сортировки сайта' })).toBeVisible();
    const plain = page.getByRole('region', { name: 'Сортировки сайта' });
    await plain.getByRole('combobox', { name: 'Добавить атрибут' }).click();
    await page.getByRole('option', { name: /^Материал \(/ }).click();
    await plain.getByLabel('Название сортировки Материал').fill('Материал: Я–А');
    await plain.getByLabel('Направление Материал').selectOption('DESC');
    await plain.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Операция выполнена успешно').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/custom-sort.png`, fullPage: true });

    const offered = await demoSearch(shop, 'куртка');
    expect(offered.sorts).toEqual([{ value: 'DESC:Материал', title: 'Материал: Я–А' }]);
    await expect(menu.locator('option', { hasText: 'Материал: Я–А' })).toHaveCount(1);
    const sorted = shop.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/public/search' &&
        new URL(r.url()).searchParams.get('sort') === 'DESC:Материал',
    );
    await menu.selectOption({ label: 'Материал: Я–А' });
    const answer = (await (await sorted).json()) as Answer;
    const materials = answer.products.map(material);
    expect(materials).toEqual([...materials].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(materials).not.toEqual(before.products.map(material));
    await expect(results(shop).locator('.digi-card__name').first()).toHaveText(
      answer.products[0]!.name,
    );
    await expect(menu).toHaveValue('DESC:Материал');
    await shop.screenshot({ path: `${SHOTS}/demo-sorted.png` });

    // Back as it was: no custom sort, none offered.
    await page.reload();
    await plain.getByRole('button', { name: 'Удалить' }).click();
    await plain.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Операция выполнена успешно').first()).toBeVisible();
    expect((await demoSearch(shop, 'куртка')).sorts).toBeUndefined();
  });

  test('the try-a-query box compares now with the unsaved entry of the add form', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin', { at: '/anyquery/search/synonyms' });
    await expect(page.getByRole('heading', { name: 'Синонимы', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Новая запись' });
    await form.getByLabel('Термин').fill('худи');
    await form.getByLabel('Синонимы').fill('свитер');
    // Not added: the box compares the shoppers' answer now with the entry.
    await page.getByLabel('Запрос', { exact: true }).fill('худи');
    await page.getByRole('button', { name: 'Сравнить' }).click();
    const now = page.getByTestId('explain-before');
    const withChange = page.getByTestId('explain-after');
    await expect(now).toContainText('Найдено 0 товаров');
    await expect(withChange).toContainText('(худи | свитер)');
    await expect(withChange.locator('.query-lists__products li').first()).toContainText(/Свитер/);
    await page.screenshot({ path: `${SHOTS}/compare-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/compare-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Nothing was saved: the list is empty and the shoppers still find nothing for «худи».
    await expect(page.getByRole('cell', { name: 'худи', exact: true })).toHaveCount(0);
    const shop = await context.newPage();
    await shop.goto(DEMO);
    const answered = shop.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/public/search' &&
        new URL(r.url()).searchParams.get('st') === 'худи',
    );
    await shop.locator('#search-input').fill('худи');
    expect(((await (await answered).json()) as Answer).products).toHaveLength(0);

    // With the form emptied, the box explains the live lists alone.
    await form.getByLabel('Термин').fill('');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByTestId('explain')).toContainText('Найдено 0 товаров');
  });
});
