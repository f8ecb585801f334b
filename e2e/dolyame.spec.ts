/**
 * Dolyame end to end: an operator edits the widget config as JSON text in the console (a problem
 * is shown at its line and blocks the save), enables the widget, and the merchant's demo page
 * (/cdn/1/demo.html) loads the widget's own chunk and shows '4 платежа по N ₽' on the product
 * and on the search result cards within the price range, and not above it.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';

const settings = (maxPrice: number) =>
  JSON.stringify(
    {
      isSPA: true,
      productPagePathnamePart: 'demo.html',
      productInsertDesktopSelector: '#product-buy',
      productInsertMobileSelector: '#product-buy',
      productPriceSelector: '#product-price',
      buttonInsertMode: 4,
      productMaxPrice: maxPrice,
      listingPagePathnameParts: ['demo.html'],
      listingCardDesktopSelector: '.digi-card',
      listingInsertDesktopSelector: '.digi-card__prices',
      listingPriceDesktopSelector: '.digi-card__price',
    },
    null,
    2,
  );

async function replaceConfig(page: Page, text: string): Promise<void> {
  const editor = page.locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function saveWidget(page: Page, maxPrice: number, enable: boolean): Promise<void> {
  await page.goto('/dolyame/config/widget');
  await expect(page.locator('.cm-content').first()).toBeVisible({ timeout: 30_000 });
  await replaceConfig(page, settings(maxPrice));
  const enabled = page.getByRole('checkbox', { name: 'Показывать виджет Долями на витрине' });
  if (enable) await enabled.check();
  await expect(page.getByRole('status').filter({ hasText: 'JSON корректен' })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/config/dolyame/widget') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
}

/** Every result card: its price, and whether it carries the instalment line. */
async function cards(page: Page) {
  return page.locator('#search-results .digi-card').evaluateAll((list) =>
    list.map((card) => ({
      price: Number(
        (card.querySelector('.digi-card__price')?.textContent ?? '')
          .replace(/[^\d,]/g, '')
          .replace(',', '.'),
      ),
      line: card.querySelector('[data-digi-dolyame]')?.textContent ?? null,
    })),
  );
}

test('an operator enables Dolyame and the demo page shows the button within the price range only', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { at: '/dolyame/config/widget' });
  await expect(page.locator('.cm-content').first()).toBeVisible({ timeout: 30_000 });

  // A misspelt key: shown at its line, the save refused before it is sent.
  await replaceConfig(page, '{\n  "isSPA": true,\n  "productMaxPrise": 100\n}');
  await expect(page.getByRole('alert')).toContainText(
    'Line 3, column 3: productMaxPrise: Unknown key "productMaxPrise"',
  );
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);

  // Before enabling, the demo page does not load the chunk at all.
  const demo = await context.newPage();
  const chunkRequests: string[] = [];
  demo.on('request', (r) => {
    if (r.url().includes('/cdn/widgets/dolyame.')) chunkRequests.push(r.url());
  });
  await demo.goto(DEMO);
  await expect(
    demo.locator('#search-results .digi-instant-search, #search-results #digi-shield').first(),
  ).toBeAttached();
  expect(chunkRequests).toEqual([]);
  await expect(demo.locator('[data-digi-dolyame]')).toHaveCount(0);

  await saveWidget(page, 30000, true);
  await demo.reload();
  const button = demo.locator('#product').getByRole('button', { name: /4 платежа по 3 248 ₽/ });
  await expect(button).toBeVisible();
  expect(chunkRequests.length).toBe(1);
  // the button unfolds the payment scheme
  await button.click();
  await expect(demo.getByRole('list', { name: 'График платежей' })).toContainText(
    'Сегодня: 3 248 ₽',
  );
  await demo.locator('#product').screenshot({ path: 'test-results/dolyame-product.png' });

  // Search result cards: the line on every card within 1 … 30 000 ₽, none above.
  await demo.locator('#search-input').fill('кроссовки');
  await expect(demo.locator('#search-results .digi-card').first()).toBeVisible();
  await expect
    .poll(async () => {
      const list = await cards(demo);
      return list.length > 0 && list.every((c) => c.price <= 30000 === (c.line !== null));
    })
    .toBe(true);
  const within = (await cards(demo)).find((c) => c.line !== null)!;
  expect(within.line).toContain(
    `4 платежа по ${new Intl.NumberFormat('ru-RU').format(Math.ceil(within.price / 4)).replace(/\s/g, ' ')} ₽`,
  );

  // Lower the ceiling below the product's 12 990 ₽: the product loses the button.
  await saveWidget(page, 10000, false);
  await demo.reload();
  await demo.locator('#search-input').fill('кроссовки');
  await expect(demo.locator('#search-results .digi-card').first()).toBeVisible();
  await expect
    .poll(async () => {
      const list = await cards(demo);
      return list.length > 0 && list.every((c) => c.price <= 10000 === (c.line !== null));
    })
    .toBe(true);
  await expect(demo.locator('#product [data-digi-dolyame]')).toHaveCount(0);
});

test('the three Dolyame screens: the app form with its defaults, the attributes list, read-only for viewers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { at: '/dolyame/config/app' });
  const form = page.getByRole('form', { name: 'Настройки приложения Долями' });
  await expect(form.getByLabel('Стратегия поиска (strategy)')).toHaveValue('simple,zero_queries');
  await expect(form.getByLabel('Максимальный кешбэк, ₽ (cashbackMaxValue)')).toHaveValue('30000');
  await expect(form.getByLabel('Регион по умолчанию (defaultRegionId)')).toHaveValue('global');
  // a region map that does not parse: the error names its line, nothing is sent
  await form.getByLabel(/Соответствие регионов/).fill('{\n  "global": moscow\n}');
  await form.getByLabel('Название (title)').fill('Демо-магазин');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toContainText("Line 2, column 13: Unexpected 'm'");
  await form.getByLabel(/Соответствие регионов/).fill('{"global": "moscow"}');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/config/dolyame/app') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByLabel('Мета-заголовок (metaTitle)')).toHaveAttribute(
    'placeholder',
    'Демо-магазин',
  );
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/dolyame-app-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/dolyame-app-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dolyame/alternative-attributes');
  await page.getByRole('button', { name: 'Добавить атрибут' }).click();
  await page.getByLabel('Атрибут фида').fill('color');
  await page.getByLabel('Имя для Долями').fill('Цвет');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Создать/ })
    .click();
  await expect(page.getByRole('table')).toContainText('Цвет');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/dolyame-attributes-desktop.png', fullPage: true });
  await page.goto('/dolyame/config/widget');
  await expect(page.locator('.cm-content').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/dolyame-widget-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/dolyame-widget-390.png', fullPage: true });
});

test('a site viewer reads the Dolyame screens without the means to change them', async ({
  page,
}) => {
  await signIn(page, 'designer', { at: '/dolyame/config/widget' });
  await expect(page.locator('.cm-content').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await expect(
    page.getByRole('checkbox', { name: 'Показывать виджет Долями на витрине' }),
  ).toBeDisabled();
  await page.goto('/dolyame/alternative-attributes');
  await expect(
    page.getByRole('heading', { name: 'Долями: альтернативные атрибуты' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить атрибут' })).toHaveCount(0);
});
