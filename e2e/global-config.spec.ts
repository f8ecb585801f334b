/**
 * Global config end to end: an operator sets the site's storefront-wide
 * settings on /site/global-config, generates, and the merchant's demo page (/cdn/1/demo.html)
 * honours each: prices in the site's format, relative pictures from the picture base URL, the
 * regionId from the configured URL parameter on the search calls (the sandboxed demo page has no
 * cookies), and no tracking events in opt-in mode until the shopper consents.
 */
import { request, type Page } from '@playwright/test';
import { generateAs } from './configs.ts';
import { DEMO_PASSWORD, expect, expectAccessible, serverURL, signIn, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const SHOTS = '/tmp/catalogue-shots';
const PICTURES = 'https://img.example.test/shop';

// The demo site's production goes back to the defaults afterwards: the later specs read ₽ prices
// and send tracking events without a consent answer.
test.afterAll(async () => {
  const api = await request.newContext({
    baseURL: serverURL(),
  });
  await api.get('/api/me');
  const xsrf = async () =>
    (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  await api.post('/api/login', {
    form: { username: 'admin', password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  await generateAs(api, xsrf, 'global-config', {});
  await api.dispose();
});

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function searchOnDemo(demo: Page) {
  await demo.locator('#search-input').fill('кроссовки');
  await expect(demo.locator('#search-results .digi-card').first()).toBeVisible();
}

test('an operator sets the global config, generates, and the demo page honours every setting', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // Before: the defaults (₽, no region, events sent).
  const before = await context.newPage();
  const beforeSearches: string[] = [];
  before.on('request', (r) => {
    if (r.url().includes('/public/search')) beforeSearches.push(r.url());
  });
  await before.goto(DEMO);
  await searchOnDemo(before);
  await expect(before.locator('#search-results .digi-card__price').first()).toHaveText(/₽$/);
  expect(beforeSearches.length).toBeGreaterThan(0);
  expect(beforeSearches.every((u) => new URL(u).searchParams.get('regionId') !== 'spb')).toBe(true);
  await before.close();

  await signIn(page, 'admin', { at: '/site/global-config' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Глобальная конфигурация' }),
  ).toBeVisible();
  await page.getByLabel('Валюта (ISO 4217)').fill('USD');
  await page.getByLabel('Локаль').fill('en-US');
  await page.getByLabel('Знаков после запятой').fill('2');
  await pick(page, 'Обозначение валюты', 'Код (RUB)');
  await page.getByLabel('Базовый URL картинок').fill(PICTURES);
  await pick(page, 'Определение региона', 'Из параметра URL');
  await page.getByLabel('Cookie, параметр URL или регион').fill('city');
  await pick(page, 'Режим согласия', /^Opt-in/);
  await page.getByLabel('Cookie согласия').fill('shop_consent');
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/global-config.png`, fullPage: true });
  await expectAccessible(page);

  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  const confirm = page.getByRole('dialog', { name: 'Сгенерировать в продакшен?' });
  await expect(confirm).toContainText('Глобальная конфигурация');
  await confirm.getByRole('button', { name: 'Да, сгенерировать' }).click();
  await expect(toolbar.getByText('В продакшене', { exact: true })).toBeVisible({ timeout: 90_000 });

  // The shopper, no consent answer yet (the sandboxed demo page has no cookies at all).
  const demo = await context.newPage();
  await demo.route(`${PICTURES}/**`, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    }),
  );
  const searches: string[] = [];
  const events: string[] = [];
  demo.on('request', (r) => {
    if (r.url().includes('/public/search')) searches.push(r.url());
    if (r.url().includes('/public/events') || r.url().includes('/public/tracking'))
      events.push(r.url());
  });
  const errors: string[] = [];
  demo.on('pageerror', (error) => errors.push(String(error)));
  await demo.goto(DEMO);
  await searchOnDemo(demo);
  // price format: en-US, USD code, two decimals
  await expect(demo.locator('#search-results .digi-card__price').first()).toHaveText(
    /^USD\s[\d,]+\.\d{2}$/,
  );
  // picture base URL: the feed's relative pictures come from it
  await expect(demo.locator('#search-results .digi-card__image').first()).toHaveAttribute(
    'src',
    new RegExp(`^${PICTURES.replace(/\./g, '\\.')}/demo/pictures/`),
  );
  await demo.locator('#search-results').screenshot({ path: `${SHOTS}/global-config-demo.png` });
  // consent: opt-in without an answer sends nothing, even when the page is left
  await demo.reload();
  await searchOnDemo(demo);
  await demo.waitForTimeout(2_500);
  await demo.reload();
  expect(events).toEqual([]);

  // The shopper agrees (the consent banner calls digi.site.consent): events flow.
  await demo.evaluate(() =>
    (window as unknown as { digi: { site: { consent(on: boolean): void } } }).digi.site.consent(
      true,
    ),
  );
  await demo.locator('#search-input').fill('платье');
  await expect(demo.locator('#search-results .digi-card').first()).toBeVisible();
  await expect.poll(() => events.length, { timeout: 15_000 }).toBeGreaterThan(0);

  // Region detection: the URL parameter's regionId rides on the search calls (none without it).
  expect(searches.every((u) => new URL(u).searchParams.get('regionId') !== 'spb')).toBe(true);
  searches.length = 0;
  await demo.goto(`${DEMO}?city=spb`);
  await demo.locator('#search-input').fill('кроссовки');
  await expect
    .poll(() => searches.some((u) => new URL(u).searchParams.get('regionId') === 'spb'))
    .toBe(true);
  expect(errors).toEqual([]);
});
