/*
 * The instant search's router (disableRouter), its recommendation block on zero results
 * (customSettings.recommendationsOnZeroResults / recommendationsOnZeroPlacement) and its
 * zero-results predicate (zeroSearchPredicate), set in the console and generated, change what a
 * shopper gets on the demo storefront.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';
import { generateAs, saveAndGenerate } from './configs.ts';
import { asAdmin, DEMO } from './regions.ts';

const TOOLBAR = 'Действия с конфигурацией';
const SHOTS = '/tmp/pw-is-shots';

async function readInstantSearch(request: APIRequestContext) {
  const answer = await request.get('/api/site/1/config/instant-search?test=true');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { versionId: number | null; config: Record<string, unknown> };
}

/** A shopper types a query into the site's search field (the instant search follows it). */
async function searchFor(shop: Page, query: string) {
  await shop.getByRole('combobox', { name: 'Поиск по магазину' }).fill(query);
  // away from the field: the autocomplete's panel closes, the results stay
  await shop.getByRole('heading', { name: 'Демо-магазин' }).click();
  await expect(shop.locator('#search-results .digi-instant-search__header')).toContainText(
    `«${query}»`,
    { timeout: 20_000 },
  );
}

const param = (shop: Page, name: string) => new URL(shop.url()).searchParams.get(name);

test('the router, the zero-results block and predicate of the instant search change the storefront', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await signIn(page, 'admin', { at: '/anyquery/ux/instant-search' });
  const toolbar = page.getByRole('toolbar', { name: TOOLBAR });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const original = await readInstantSearch(page.request);
  const shop = await context.newPage();
  await shop.setViewportSize({ width: 1280, height: 900 });
  const results = shop.locator('#search-results');
  const listed = results.locator('.digi-product-list__item .digi-card');
  const zero = results.locator('.digi-instant-search__zero-results');
  const nothing = results.getByText(/Ничего не найдено/);
  try {
    // The router on (the default), the demo's block «Популярные товары» (#recommendations) on
    // zero results, and «свитер» taken for zero results whatever it finds.
    await page.getByRole('checkbox', { name: 'Отключить роутер' }).setChecked(false);
    await page.getByRole('checkbox', { name: 'Рекомендации при нулевой выдаче' }).setChecked(true);
    await page
      .getByRole('textbox', { name: 'Место рекомендаций при нулевой выдаче' })
      .fill('#recommendations');
    await page
      .getByRole('textbox', { name: 'Условие нулевой выдачи' })
      .fill("return query === 'свитер';");
    await saveAndGenerate(page, toolbar);

    await shop.goto(DEMO);
    const start = await shop.evaluate(() => history.length);
    await searchFor(shop, 'кроссовки');
    await expect(listed.first()).toBeVisible();
    await expect(zero).toHaveCount(0);
    await expect.poll(() => param(shop, 'st')).toBe('кроссовки');
    const sort = results.getByRole('combobox', { name: 'Сортировка' });
    await sort.selectOption('PRICE_ASC');
    await expect.poll(() => param(shop, 'digi_sort')).toBe('PRICE_ASC');

    // Nothing found: the block, inside the zero-results view, under its text.
    await searchFor(shop, 'ыыыыыыы');
    await expect(nothing).toBeVisible();
    await expect(listed).toHaveCount(0);
    await expect(zero).toContainText('Популярное в магазине', { timeout: 20_000 });
    await expect(zero.locator('.digi-card').first()).toBeVisible();
    const below = async (locator: Locator) => (await locator.boundingBox({ timeout: 5000 }))!.y;
    expect(await below(zero)).toBeGreaterThan(await below(nothing));
    await expect.poll(() => param(shop, 'st')).toBe('ыыыыыыы');
    await results.screenshot({ path: `${SHOTS}/zero-results.png` });

    // The predicate: «свитер» finds sweaters, and is shown as nothing found, with the block.
    const { apiKey } = (await (await page.request.get('/api/site/1')).json()) as {
      apiKey: string;
    };
    const sweaters = await page.request.get('/public/search', {
      params: { apiKey, st: 'свитер' },
    });
    expect(((await sweaters.json()) as { totalHits: number }).totalHits).toBeGreaterThan(0);
    await searchFor(shop, 'свитер');
    await expect(nothing).toBeVisible();
    await expect(listed).toHaveCount(0);
    await expect(zero.locator('.digi-card').first()).toBeVisible({ timeout: 20_000 });
    await results.screenshot({ path: `${SHOTS}/predicate.png` });
    expect(await shop.evaluate(() => history.length)).toBe(start + 4);

    // Back: the query that found nothing, then «кроссовки» by price, searched again.
    await shop.goBack();
    await expect.poll(() => param(shop, 'st')).toBe('ыыыыыыы');
    await expect(results.locator('.digi-instant-search__header')).toContainText('«ыыыыыыы»');
    await shop.goBack();
    await expect.poll(() => param(shop, 'st')).toBe('кроссовки');
    await expect(sort).toHaveValue('PRICE_ASC');
    await expect(listed.first()).toBeVisible();
    await expect(zero).toHaveCount(0);
    await expect(shop.getByRole('combobox', { name: 'Поиск по магазину' })).toHaveValue(
      'кроссовки',
    );
    await results.screenshot({ path: `${SHOTS}/back.png` });

    // The router off: the merchant's own router owns the URL; nothing is written to it.
    await page.getByRole('checkbox', { name: 'Отключить роутер' }).setChecked(true);
    await saveAndGenerate(page, toolbar);
    await shop.goto(DEMO);
    const url = shop.url();
    const length = await shop.evaluate(() => history.length);
    await searchFor(shop, 'кроссовки');
    await expect(listed.first()).toBeVisible();
    await sort.selectOption('PRICE_DESC');
    await expect(sort).toHaveValue('PRICE_DESC');
    await expect(results.locator('.digi-product-list--loading')).toHaveCount(0);
    await searchFor(shop, 'свитер');
    await expect(nothing).toBeVisible();
    await expect(zero.locator('.digi-card').first()).toBeVisible({ timeout: 20_000 });
    expect(shop.url()).toBe(url);
    expect(await shop.evaluate(() => history.length)).toBe(length);
    await results.screenshot({ path: `${SHOTS}/router-off.png` });
  } finally {
    await shop.close();
    // The later specs see the instant search as it was, in both copies.
    await asAdmin((api, xsrf) => generateAs(api, xsrf, 'instant-search', original.config));
  }
});
