/**
 * The demo product page's session-aware block (#product-recommendations, the seeded session kNN
 * strategy): a shopper who views two products in a row sees, on the second product's page, a
 * block made from both views — not the one a shopper who came straight to that page sees.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';
const BLOCK = '#product-recommendations';

interface Answer {
  products: { id: string }[];
}

/** The demo site's public API key, read as the administrator. */
async function apiKeyOf(request: APIRequestContext): Promise<string> {
  await request.get('/api/me');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  await request.post('/api/login', {
    form: { username: 'admin', password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  const site = await request.get('/api/site/1');
  expect(site.status()).toBe(200);
  return ((await site.json()) as { apiKey: string }).apiKey;
}

/**
 * Opens a product's page: the product block's call (its query) and the products the block shows,
 * in order.
 */
async function productPage(page: Page, productId: string) {
  const call = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/public/recommendations' && url.searchParams.get('placement') === BLOCK
    );
  });
  await page.goto(`${DEMO}?product=${encodeURIComponent(productId)}`);
  await expect(page.getByRole('heading', { name: `Товар ${productId}` })).toBeVisible();
  const query = new URL((await call).url()).searchParams;
  const cards = page.locator(`${BLOCK} [data-digi-action="open"][data-digi-product]`);
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((elements) =>
    elements.map((e) => (e as HTMLElement).dataset['digiProduct'] ?? ''),
  );
  return { query, shown: [...new Set(ids)] };
}

test('the product page block follows the session: after viewing A, the block on B differs from the one a shopper who came straight to B sees', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: baseURL! });
  const apiKey = await apiKeyOf(request);
  const ask = async (params: Record<string, string>) =>
    (await (
      await request.get(`/public/recommendations?${new URLSearchParams({ apiKey, ...params })}`)
    ).json()) as Answer;
  // A: a popular product the seeded sessions viewed (its session kNN answer is not the
  // popularity fallback); B: what those sessions viewed next — a path shoppers take.
  const popular = await ask({ strategy: 'popular', size: '20' });
  let a = '';
  let b = '';
  for (const { id } of popular.products) {
    const next = await ask({ strategy: 'session_knn', productId: id, viewed: id, size: '10' });
    const fallback = await ask({ strategy: 'popular', productId: id, size: '10' });
    const ids = next.products.map((p) => p.id);
    if (ids.length > 0 && ids.join() !== fallback.products.map((p) => p.id).join()) {
      a = id;
      b = ids[0]!;
      break;
    }
  }
  expect(a, 'a product of the seeded sessions').not.toBe('');
  await request.dispose();

  // The shopper views A (its view reaches the server: a shopper reads a page for a while), then B.
  const tracked = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/public/events/bulk' &&
      (r.request().postData() ?? '').includes(`"productId":"${a}"`),
  );
  const first = await productPage(page, a);
  expect((await tracked).ok()).toBe(true);
  expect(first.shown).not.toContain(a);
  const session = first.query.get('sessionId');
  expect(session, 'the demo page names its session').toBeTruthy();
  const second = await productPage(page, b);
  expect(second.query.get('sessionId'), 'the pages viewed in a row are one session').toBe(session);
  expect(second.shown).not.toContain(b);
  await expect(page.locator(BLOCK)).toContainText('Подобрано по вашим просмотрам');
  await page.screenshot({
    path: test.info().outputPath('product-page-after-two-views.png'),
    fullPage: true,
  });

  // Another shopper comes straight to B: a session of that view alone.
  const context = await browser.newContext();
  const straight = await productPage(await context.newPage(), b);
  expect(straight.query.get('sessionId')).not.toBe(session);
  await context.close();

  // The same page, the same product, the same strategy: only the session differs.
  expect(second.shown.length).toBeGreaterThan(0);
  expect(second.shown).not.toEqual(straight.shown);
  expect(second.shown).not.toEqual(first.shown);
});
