/**
 * Dolyame end to end: an operator edits the widget config as JSON text in the console (a problem
 * is shown at its line and blocks the save), enables the widget, and the merchant's demo page
 * (/cdn/1/demo.html) loads the widget's own chunk and shows '4 платежа по N ₽' on the product
 * and on the search result cards within the price range, and not above it. With alternative
 * attributes mapped on their screen, the product page (?product=ID) and the result cards compute
 * the payments from the catalog's instalment price and show only on the products sold in
 * instalments.
 */
import type { Page } from '@playwright/test';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const ELIGIBLE = 'Рассрочка Долями';
const PRICE = 'Цена Долями';

interface Facts {
  name: string;
  /** The feed's price, which the page shows. */
  price: number;
  eligible: boolean;
  /** The instalment price (Цена Долями). */
  dolyame: number | null;
}

/** The e2e catalog's products by id with their instalment params, from the demo feed it was made of. */
function instalmentFacts(): Map<string, Facts> {
  const facts = new Map<string, Facts>();
  const offer =
    /<offer id="([^"]+)"[^>]*?(?: group_id="([^"]+)")?>.*?<price>(\d+)<\/price>.*?<name>([^<]+)<\/name>.*?<param name="Рассрочка Долями">(да|нет)<\/param>(?:<param name="Цена Долями">(\d+)<\/param>)?/;
  for (const chunk of demoFeedChunks({ offers: 300 })) {
    const match = offer.exec(chunk);
    if (!match) continue;
    const [, id, group, price, name, eligible, dolyame] = match;
    facts.set(group ?? id!, {
      name: name!,
      price: Number(price),
      eligible: eligible === 'да',
      dolyame: dolyame ? Number(dolyame) : null,
    });
  }
  return facts;
}

/** Two animation frames: the widget has passed over the page since. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

const rubles = (value: number) =>
  `${new Intl.NumberFormat('ru-RU').format(value).replace(/\s/g, ' ')} ₽`;

async function apiCall(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    ...(data !== undefined && { data }),
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<unknown>;
}

/** Removes the demo site's alternative attributes (a test starts from none). */
async function clearAttributes(page: Page): Promise<void> {
  const list = (await apiCall(page, 'GET', '/api/dolyame/alternative-attribute/all?siteId=1')) as {
    id: number;
  }[];
  for (const { id } of list)
    await apiCall(page, 'DELETE', `/api/dolyame/alternative-attribute?siteId=1&id=${id}`);
}

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

/**
 * Every result card: its price, whether its product is in stock (a product out of stock is never
 * offered in instalments), and whether it carries the instalment line.
 */
async function cards(page: Page) {
  return page.locator('#search-results .digi-card').evaluateAll((list) =>
    list.map((card) => ({
      available: !card.classList.contains('digi-card--unavailable'),
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
  await clearAttributes(page);
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
      return (
        list.length > 0 &&
        list.every((c) => (c.available && c.price <= 30000) === (c.line !== null))
      );
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
      return (
        list.length > 0 &&
        list.every((c) => (c.available && c.price <= 10000) === (c.line !== null))
      );
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

  await clearAttributes(page);
  await page.goto('/dolyame/alternative-attributes');
  // Each Dolyame field is chosen by its name, the attribute from the catalog's
  for (const [field, attribute] of [
    ['Товар участвует в рассрочке', ELIGIBLE],
    ['Цена для расчёта платежей', PRICE],
  ] as const) {
    await page.getByRole('button', { name: 'Добавить атрибут' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Поле Долями' }).click();
    // a field another row holds is offered disabled
    if (attribute === PRICE)
      await expect(
        page.getByRole('option', { name: 'Товар участвует в рассрочке' }),
      ).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('option', { name: field }).click();
    await dialog.getByRole('combobox', { name: 'Атрибут фида' }).fill(attribute);
    await page
      .getByRole('option', { name: new RegExp(`^${attribute} \\(товаров: \\d+\\)$`) })
      .click();
    if (attribute === PRICE) {
      // the hint says what the field does
      await expect(dialog).toContainText('Четыре платежа считаются от числа в этом атрибуте');
      await page.screenshot({ path: 'test-results/dolyame-attributes-form.png' });
    }
    await dialog.getByRole('button', { name: /Создать/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table')).toContainText(field);
  }
  const table = page.getByRole('table');
  await expect(table).toContainText(ELIGIBLE);
  await expect(table).toContainText(PRICE);
  // every field has its attribute: nothing more to add
  await expect(page.getByRole('button', { name: 'Добавить атрибут' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/dolyame-attributes-desktop.png', fullPage: true });
  await clearAttributes(page);
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

test('alternative attributes: the demo page pays in four from the catalog price, on products sold in instalments only', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { at: '/dolyame/config/widget' });
  await clearAttributes(page);
  for (const [alternative, attribute] of [
    ['eligible', ELIGIBLE],
    ['price', PRICE],
  ])
    await apiCall(page, 'POST', '/api/dolyame/alternative-attribute?siteId=1', {
      attribute,
      alternative,
    });
  await saveWidget(page, 30000, true);

  const facts = instalmentFacts();
  const [eligibleId, eligible] = [...facts].find(([, f]) => f.eligible && f.dolyame !== null)!;
  const [ineligibleId, ineligible] = [...facts].find(([, f]) => !f.eligible)!;
  const demo = await context.newPage();
  const factsRead = (id: string) =>
    demo.waitForResponse(
      (r) =>
        r.url().includes('/public/config/site/dolyame/widget') &&
        new URL(r.url()).searchParams.getAll('productId').includes(id),
    );

  // The product sold in instalments: the payments come from its instalment price, not the page's.
  let read = factsRead(eligibleId);
  await demo.goto(`${DEMO}?product=${eligibleId}`);
  expect((await read).status()).toBe(200);
  const product = demo.locator('#product');
  // the page shows the product and its feed price…
  await expect(product.locator('.product-title')).toHaveText(eligible.name);
  await expect(product.locator('#product-price')).toHaveText(rubles(eligible.price));
  // …and the payments are a quarter of its instalment price
  const payment = rubles(Math.ceil(eligible.dolyame! / 4));
  expect(payment).not.toBe(rubles(Math.ceil(eligible.price / 4)));
  await expect(product.getByRole('button', { name: `4 платежа по ${payment}` })).toBeVisible();
  await product.getByRole('button', { name: `4 платежа по ${payment}` }).click();
  await expect(demo.getByRole('list', { name: 'График платежей' })).toContainText(
    `Сегодня: ${payment}`,
  );
  await product.screenshot({ path: 'test-results/dolyame-attributes-product.png' });

  // The product the feed marks "нет": no button at all once its facts are read.
  read = factsRead(ineligibleId);
  await demo.goto(`${DEMO}?product=${ineligibleId}`);
  expect((await read).status()).toBe(200);
  await frames(demo);
  await expect(product.locator('.product-title')).toHaveText(ineligible.name);
  await expect(product.locator('[data-digi-dolyame]')).toHaveCount(0);
  await product.screenshot({ path: 'test-results/dolyame-attributes-not-eligible.png' });

  // Search result cards: each card as its product's params say, and none on a product out of
  // stock (the search for the kind of product not sold in instalments finds it and others that
  // are).
  await demo.locator('#search-input').fill(ineligible.name.split(' ')[0]!);
  await expect(demo.locator('#search-results .digi-card').first()).toBeVisible();
  const expected = (id: string, available: boolean) => {
    const f = facts.get(id);
    return available && f?.eligible && f.dolyame !== null
      ? `4 платежа по ${rubles(Math.ceil(f.dolyame / 4))}`
      : null;
  };
  await expect
    .poll(async () => {
      const seen = await demo.locator('#search-results .digi-card').evaluateAll((list) =>
        list.map((card) => ({
          id: card.getAttribute('data-digi-product') ?? '',
          available: !card.classList.contains('digi-card--unavailable'),
          line: card.querySelector('[data-digi-dolyame]')?.textContent ?? null,
        })),
      );
      return (
        seen.length > 0 &&
        seen.some((card) => card.line !== null) &&
        seen.some((card) => card.id === ineligibleId) &&
        seen.every(
          (card) =>
            (card.line === null ? null : card.line.replace(/^Д/, '')) ===
            expected(card.id, card.available),
        )
      );
    })
    .toBe(true);
  await demo
    .locator('#search-results')
    .screenshot({ path: 'test-results/dolyame-attributes-cards.png' });
  await clearAttributes(page);
});
