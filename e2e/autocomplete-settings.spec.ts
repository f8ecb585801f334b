/*
 * The autocomplete's settings (customSettings.cardType, acWidthType, topBrands, topCategories,
 * withContent, contentsSize, speechRecognition and its language), set in the console and
 * generated, change what a shopper sees on the demo storefront.
 */
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';
import { generateAs, saveAndGenerate } from './configs.ts';
import { asAdmin, DEMO } from './regions.ts';

const TOOLBAR = 'Действия с конфигурацией';

async function readAutocomplete(page: Page) {
  const answer = await page.request.get('/api/site/1/config/autocomplete?test=true');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { versionId: number | null; config: Record<string, unknown> };
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: field })).toHaveValue(option);
}

/**
 * A shopper types on the demo page (or says it, `voice`): the autocomplete's panel and its
 * products block.
 */
async function typeOnDemo(shop: Page, voice = false) {
  await shop.goto(DEMO);
  const input = shop.getByRole('combobox', { name: 'Поиск по магазину' });
  if (voice) {
    await shop.getByRole('button', { name: 'Голосовой поиск' }).click();
    await expect(input).toHaveValue('свитер');
  } else {
    await input.click();
    await input.pressSequentially('свитер', { delay: 30 });
  }
  const products = shop.getByRole('group', { name: 'Товары' });
  await expect(products).toBeVisible({ timeout: 20_000 });
  const panel = shop.locator('.digi-autocomplete__panel');
  return { input, products, panel };
}

test('the card type, width, top brands and categories, content pages and voice search of the autocomplete change the storefront', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', { at: '/anyquery/ux/autocomplete' });
  const toolbar = page.getByRole('toolbar', { name: TOOLBAR });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const original = await readAutocomplete(page);
  const shop = await context.newPage();
  await shop.setViewportSize({ width: 1280, height: 900 });
  try {
    // Vertical cards across the whole window; two brands, one category, one content page.
    await choose(page, 'Карточки товаров', 'Вертикальные');
    await choose(page, 'Ширина автодополнения', 'Во всю ширину');
    await page.getByLabel('Топ брендов').fill('2');
    await page.getByLabel('Топ категорий').fill('1');
    await page.getByLabel('Контентные страницы в автодополнении').check();
    await page.getByLabel('Количество контента').fill('1');
    await saveAndGenerate(page, toolbar);
    let demo = await typeOnDemo(shop);
    await expect(shop.getByRole('group', { name: 'Бренды' }).getByRole('option')).toHaveCount(2);
    await expect(shop.getByRole('group', { name: 'Категории' }).getByRole('option')).toHaveCount(1);
    const pages = shop.getByRole('group', { name: 'Страницы сайта' }).getByRole('option');
    await expect(pages).toHaveCount(1);
    await expect(pages).toHaveText('Уход за свитерами и трикотажем');
    await expect(demo.products).toHaveClass(/digi-autocomplete__block--vertical/);
    await shop.screenshot({ path: '/tmp/autocomplete-settings-vertical.png' }).catch(() => {});
    const card = demo.products.getByRole('option').first();
    const picture = card.locator('.digi-autocomplete__picture');
    const label = card.locator('.digi-autocomplete__label');
    // a tile: the picture above the name
    expect((await picture.boundingBox())!.y).toBeLessThan((await label.boundingBox())!.y);
    const viewport = await shop.evaluate(() => document.documentElement.clientWidth);
    const full = (await demo.panel.boundingBox())!;
    expect(full.x).toBeCloseTo(0, 0);
    expect(full.width).toBeCloseTo(viewport, 0);

    // The older templates' line of name and price, as wide as the input; voice search in English.
    await choose(page, 'Карточки товаров', 'Строка: название и цена');
    await choose(page, 'Ширина автодополнения', 'По ширине поля');
    await page.getByLabel('Распознавание речи').check();
    await page.getByLabel('Язык распознавания речи').fill('en-US');
    await saveAndGenerate(page, toolbar);
    // Headless Chromium cannot listen: the browser's speech recognition hears «свитер».
    await shop.addInitScript(() => {
      const heard: string[] = [];
      const Recognition = class {
        lang = '';
        onresult: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          heard.push(this.lang);
          setTimeout(() => {
            this.onresult?.({ results: [[{ transcript: 'свитер' }]] });
            this.onend?.();
          }, 50);
        }
        stop() {}
      };
      Object.assign(window, {
        heardLanguages: heard,
        SpeechRecognition: Recognition,
        webkitSpeechRecognition: Recognition,
      });
    });
    demo = await typeOnDemo(shop, true);
    expect(
      await shop.evaluate(() => (window as unknown as { heardLanguages: string[] }).heardLanguages),
    ).toEqual(['en-US']);
    await expect(demo.products).toHaveClass(/digi-autocomplete__block--legacy/);
    await expect(demo.products.locator('.digi-autocomplete__picture')).toHaveCount(0);
    await expect(demo.products.getByRole('option').first()).toContainText('₽');
    const input = (await demo.input.boundingBox())!;
    const panel = (await demo.panel.boundingBox())!;
    expect(panel.x).toBeCloseTo(input.x, 0);
    expect(panel.width).toBeCloseTo(input.width, 0);
    await shop.screenshot({ path: '/tmp/autocomplete-settings-legacy.png' }).catch(() => {});
  } finally {
    await shop.close();
    // The later specs see the autocomplete as it was, in both copies.
    await asAdmin((api, xsrf) => generateAs(api, xsrf, 'autocomplete', original.config));
  }
});
