/**
 * Reviews end to end: an operator uploads reviews on /anyreviews/upload (a bad
 * row is reported by line and id, the good ones applied), and the merchant's demo page
 * (/cdn/1/demo.html) shows the stars, the count and the snippet on that product's search card and
 * nothing on a card without reviews; deleting on /anyreviews/delete takes the rating away again.
 * The neurocard screens upload and delete by key.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const SHOTS = '/tmp/catalogue-shots';

async function searchCards(demo: Page) {
  await demo.locator('#search-input').fill('кроссовки');
  await expect(demo.locator('#search-results .digi-card').nth(1)).toBeVisible();
  return demo.locator('#search-results .digi-card');
}

test('an operator uploads reviews and the demo card shows the rating and snippet', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const demo = await context.newPage();
  await demo.goto(DEMO);
  const cards = await searchCards(demo);
  const [rated, plain] = await cards.evaluateAll((list) =>
    list.slice(0, 2).map((card) => card.getAttribute('data-digi-product')!),
  );
  expect(rated).toBeTruthy();
  await expect(
    demo.locator(`#search-results .digi-card[data-digi-product="${rated}"]`),
  ).not.toContainText('отзыв');

  await signIn(page, 'admin', { at: '/anyreviews/upload' });
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка отзывов' })).toBeVisible();
  const file = JSON.stringify([
    {
      externalId: rated,
      rating: 4.6,
      reviewCount: 12,
      description: 'Лёгкие и удобные, подошли по размеру',
    },
    { externalId: 'no-such-product-id', rating: 9, reviewCount: 1 },
  ]);
  await page.getByLabel('Файл с отзывами').setInputFiles({
    name: 'reviews.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  const report = page.getByRole('alert').filter({ hasText: 'Некоторые правила не применены' });
  await expect(report).toContainText('Применено: 1, не применено: 1');
  await expect(report.getByRole('textbox')).toHaveValue('no-such-product-id');
  await expect(page.getByRole('table', { name: 'Загруженные отзывы' })).toContainText(rated!);
  await page.screenshot({ path: `${SHOTS}/reviews-upload.png`, fullPage: true });
  await expectAccessible(page);

  await demo.reload();
  await searchCards(demo);
  const card = demo.locator(`#search-results .digi-card[data-digi-product="${rated}"]`);
  const rating = card.locator('.digi-card__rating');
  await expect(rating).toHaveAttribute('aria-label', 'Рейтинг 4,6 из 5, 12 отзывов');
  await expect(rating).toContainText('★★★★★ 4,6 12 отзывов');
  await expect(card.locator('.digi-card__snippet')).toHaveText(
    'Лёгкие и удобные, подошли по размеру',
  );
  const other = demo.locator(`#search-results .digi-card[data-digi-product="${plain}"]`);
  await expect(other.locator('.digi-card__rating, .digi-card__snippet')).toHaveCount(0);
  await demo.locator('#search-input').press('Escape');
  await card.screenshot({ path: `${SHOTS}/demo-card-rating.png` });

  // Delete by externalId: the card loses its rating.
  await page.goto('/anyreviews/delete');
  await page.getByLabel('externalId товаров').fill(`${rated}\nno-such-product-id`);
  await page.getByRole('button', { name: 'Удалить отзывы 2 товаров' }).click();
  // Nothing is deleted before the danger-styled question is answered.
  const question = page.getByRole('dialog', { name: 'Удалить отзывы 2 товаров?' });
  await expect(question).toHaveAttribute('data-tone', 'danger');
  await expect(page.getByRole('status').filter({ hasText: 'Удалены отзывы' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reviews-delete-confirm.png` });
  await question.getByRole('button', { name: 'Удалить отзывы 2 товаров' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Удалены отзывы' });
  await expect(outcome).toContainText('Удалены отзывы 1 товара');
  await expect(outcome).toContainText('Не найдены: no-such-product-id');
  await page.screenshot({ path: `${SHOTS}/reviews-delete.png`, fullPage: true });
  await demo.reload();
  await searchCards(demo);
  await expect(card).toBeVisible();
  await expect(card.locator('.digi-card__rating')).toHaveCount(0);
});

test('neurocards: upload from a file with a per-row report, delete by key; read-only for viewers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { at: '/anyreviews/neurocard-upload' });
  const csv = 'key;value\nкроссовки nike;{"title":"Кроссовки"}\n;пусто\n';
  await page.getByLabel('Файл с нейрокарточками').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole('alert')).toContainText('Применено: 1, не применено: 1');
  const table = page.getByRole('table', { name: 'Нейрокарточки' });
  await expect(table).toContainText('кроссовки nike');
  await page.screenshot({ path: `${SHOTS}/neurocard-upload.png`, fullPage: true });

  await page.goto('/anyreviews/neurocard-delete');
  await page.getByLabel('Ключи').fill('кроссовки nike');
  await page.getByRole('button', { name: 'Удалить 1 нейрокарточку' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить 1 нейрокарточку?' })
    .getByRole('button', { name: 'Удалить 1 нейрокарточку' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Удалены' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Нейрокарточки' })).not.toContainText(
    'кроссовки nike',
  );
  // the sidebar's reviews section holds the four screens, after recommendations
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  for (const name of [
    'Загрузка отзывов',
    'Удаление отзывов',
    'Загрузка нейрокарточек',
    'Удаление нейрокарточек',
  ])
    await expect(menu.getByRole('link', { name })).toBeVisible();
});

test('a site viewer reads the review screens without the upload or delete controls', async ({
  page,
}) => {
  await signIn(page, 'client', { at: '/anyreviews/upload' });
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка отзывов' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Просмотр');
  await expect(page.getByRole('button', { name: 'Выбрать файл' })).toHaveCount(0);
});
