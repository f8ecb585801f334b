/**
 * The mobile app's sorts on the demo storefront: an operator adds a sort to «Сортировки приложения
 * imshop» (/anyquery/service/custom-sort); the demo page opened in the imshop app's web view (its
 * user agent names imshop) offers it in the sort menu and sorts by it, its searches saying
 * platform=APP; the same page in a browser offers no such sort. The sort goes back at the end.
 */
import { asAdmin, DEMO } from './regions.ts';
import { expect, serverURL, signIn, test } from './fixtures.ts';

const APP_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0 Mobile Safari/537.36 imshop/6.2';
const SORT = 'ASC:Материал';

test.afterAll(() =>
  asAdmin(async (api, xsrf) => {
    const reset = await api.put('/api/custom/sort/1/imshop/attributes', {
      data: { attributes: [], regions: [] },
      headers: { 'x-xsrf-token': await xsrf() },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }),
);

test('a sort of the imshop app is offered and applied on the storefront inside the app only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/anyquery/service/custom-sort');
  const app = page.getByRole('region', { name: 'Сортировки приложения imshop' });
  await expect(app).toBeVisible({ timeout: 20_000 });
  await app.getByRole('combobox', { name: 'Добавить атрибут' }).click();
  await page.getByRole('option', { name: /^Материал \(/ }).click();
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/custom/sort/1/imshop/attributes') && r.request().method() === 'PUT',
  );
  await app.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await page.screenshot({ path: test.info().outputPath('imshop-sort-saved.png'), fullPage: true });

  // Inside the app: the sort is in the menu; choosing it sorts, and the searches say APP.
  const inApp = await browser.newContext({ userAgent: APP_AGENT, baseURL: serverURL() });
  try {
    const demo = await inApp.newPage();
    const searches: URL[] = [];
    demo.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/public/search') searches.push(url);
    });
    await demo.goto(DEMO);
    await demo.locator('#search-input').fill('свитер');
    const menu = demo.locator('#search-results .digi-sort__select');
    await expect(menu.locator(`option[value="${SORT}"]`)).toHaveText('Материал', {
      timeout: 20_000,
    });
    await menu.selectOption(SORT);
    await expect.poll(() => searches.at(-1)?.searchParams.get('sort')).toBe(SORT);
    expect(searches.at(-1)?.searchParams.get('platform')).toBe('APP');
    await expect(demo.locator('#search-results article[data-digi-product]').first()).toBeVisible();
    await demo.screenshot({ path: test.info().outputPath('demo-in-app.png') });
  } finally {
    await inApp.close();
  }

  // In a browser: no such sort, and the searches do not say APP.
  const web = await browser.newContext({ baseURL: serverURL() });
  try {
    const demo = await web.newPage();
    const platforms: (string | null)[] = [];
    demo.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/public/search') platforms.push(url.searchParams.get('platform'));
    });
    await demo.goto(DEMO);
    await demo.locator('#search-input').fill('свитер');
    await expect(demo.locator('#search-results article[data-digi-product]').first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(demo.locator(`#search-results option[value="${SORT}"]`)).toHaveCount(0);
    expect(platforms.length).toBeGreaterThan(0);
    expect(platforms.every((p) => p === null)).toBe(true);
  } finally {
    await web.close();
  }
});
