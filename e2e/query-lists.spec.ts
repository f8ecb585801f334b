/**
 * Query lists acting on the storefront: an operator changes a list in the console and
 * the demo page (/cdn/1/demo.html) searches differently at once; an edit is compared with the
 * entry as saved in its dialog before it is saved.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const results = (page: Page) => page.locator('#search-results');

/** Types a query into the demo page's search box and waits for the instant search's answer. */
async function demoSearch(page: Page, query: string): Promise<void> {
  await page.goto(DEMO);
  await expect(
    page
      .locator(
        '#search-results #digi-shield, #search-results.digi-instant-search, #search-results .digi-instant-search',
      )
      .first(),
  ).toBeAttached();
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/public/search' &&
      new URL(r.url()).searchParams.get('st') === query,
  );
  await page.locator('#search-input').fill(query);
  await answered;
  await expect(results(page).locator('.digi-instant-search__total')).toContainText(
    /Найдено|Ничего не найдено/,
  );
}

test.describe('query lists on the storefront', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // Two pages (the console and the shop) and several searches each, on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a two-way synonym худи ⇄ свитер makes the demo page find sweaters for «худи»', async ({
    page,
    context,
  }) => {
    const shop = await context.newPage();
    await demoSearch(shop, 'худи');
    await expect(results(shop).locator('.digi-instant-search__total')).toContainText(
      'Ничего не найдено',
    );
    await expect(results(shop).locator('.digi-card')).toHaveCount(0);

    await signIn(page, 'admin', { at: '/anyquery/search/synonyms' });
    await expect(page.getByRole('heading', { name: 'Синонимы', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Нет доступных вариантов или фильтр слишком строгий'),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Новая запись' });
    await form.getByLabel('Термин').fill('худи');
    await form.getByLabel('Синонимы').fill('свитер');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expect(page.getByRole('cell', { name: 'худи', exact: true }).first()).toBeVisible();

    // The explain box shows the rewritten query.
    await page.getByLabel('Запрос', { exact: true }).fill('худи');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByTestId('explain')).toContainText('(худи | свитер)');
    await page.screenshot({ path: test.info().outputPath('synonyms-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('synonyms-390.png'), fullPage: true });

    await demoSearch(shop, 'худи');
    await expect(results(shop).locator('.digi-card').first()).toBeVisible();
    await expect(results(shop).locator('.digi-card__name').first()).toContainText(/Свитер/);

    // Edited in its dialog, the entry is compared as saved with the edit before it is saved.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole('row', { name: /^Выбрать «худи»/ })
      .getByRole('button', { name: 'Изменить' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Изменить запись' });
    await expect(dialog.getByText(/Правка записи ещё не сохранена/)).toBeVisible();
    await expect(dialog.getByLabel('Запрос', { exact: true })).toHaveValue('худи');
    await dialog.getByLabel('Синонимы').fill('ботинки');
    await dialog.getByRole('button', { name: 'Сравнить' }).click();
    const saved = dialog.getByTestId('explain-before');
    const edited = dialog.getByTestId('explain-after');
    await expect(saved).toContainText('(худи | свитер)');
    await expect(saved.locator('.query-lists__products li').first()).toContainText(/Свитер/);
    await expect(edited).toContainText('(худи | ботинки)');
    await expect(edited.locator('.query-lists__products li').first()).toContainText(/Ботинки/);
    await dialog.screenshot({ path: test.info().outputPath('synonym-edit-compare.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('synonym-edit-compare-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Cancelled: nothing was saved, the shoppers still get sweaters.
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row', { name: /^Выбрать «худи»/ })).toContainText('свитер');
    await demoSearch(shop, 'худи');
    await expect(results(shop).locator('.digi-card__name').first()).toContainText(/Свитер/);

    // The synonym goes again, so the later specs meet the lists as seeded (search-gaps compares
    // «худи» with an unsaved synonym).
    await page.getByRole('button', { name: 'Удалить' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByRole('cell', { name: 'худи', exact: true })).toHaveCount(0);
  });

  test('a black-listed query shows no results on the demo page; deleting the entry brings them back', async ({
    page,
    context,
  }) => {
    const shop = await context.newPage();
    await demoSearch(shop, 'ремень');
    await expect(results(shop).locator('.digi-card').first()).toBeVisible();

    await signIn(page, 'admin', { at: '/anyquery/service/black-list' });
    const form = page.getByRole('form', { name: 'Новая запись' });
    await form.getByLabel('Запрос или слово').fill('ремень');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expect(page.getByRole('cell', { name: 'ремень', exact: true }).first()).toBeVisible();

    await demoSearch(shop, 'ремень');
    await expect(results(shop).locator('.digi-instant-search__total')).toContainText(
      'Ничего не найдено',
    );
    await expect(results(shop).locator('.digi-card')).toHaveCount(0);

    await page.getByRole('button', { name: 'Удалить' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(
      page.getByText('Нет доступных вариантов или фильтр слишком строгий'),
    ).toBeVisible();
    await demoSearch(shop, 'ремень');
    await expect(results(shop).locator('.digi-card').first()).toBeVisible();
  });

  test('an uploaded transliteration file makes «boots» find ботинки on the demo page', async ({
    page,
    context,
  }) => {
    const shop = await context.newPage();
    await demoSearch(shop, 'boots');
    await expect(results(shop).locator('.digi-card')).toHaveCount(0);

    await signIn(page, 'admin', { at: '/anyquery/search/transliterations' });
    await page.locator('.query-lists__upload input[type="file"]').setInputFiles({
      name: 'pairs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('term,variants\nboots,ботинки\nbad-row-without-target,\n'),
    });
    await expect(page.locator('.query-lists__upload')).toContainText('Применено: 1');
    await expect(page.getByRole('cell', { name: 'boots', exact: true }).first()).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('transliterations-desktop.png'),
      fullPage: true,
    });

    await demoSearch(shop, 'boots');
    await expect(results(shop).locator('.digi-card').first()).toBeVisible();
    await expect(results(shop).locator('.digi-card__name').first()).toContainText(/Ботинки/);
  });
});
