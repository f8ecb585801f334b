/**
 * A config saved before the AnyQuery change renders after the upgrade: the demo site's instant
 * search card was saved (and generated to production) with the old product field names
 * (`{{url}}`, `{{picture}}`), the installation is upgraded as a server start does it — migrations
 * from 0040 on, then the production bundle of the old storefront runtime rebuilt
 * (e2e/upgrade-server.ts) — and the merchant's page and the studio preview show the products with
 * their links and pictures. The server is this spec's own, on E2E_PORT + 102.
 */
import type { Locator, Page } from '@playwright/test';
import type { SearchResponse } from '#contract/public/search.ts';
import { expect, signIn, test } from './fixtures.ts';
import { startUpgradedServer, type UpgradedServer } from './upgrade-server.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 102;
let server: UpgradedServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startUpgradedServer(PORT);
});

test.afterAll(async () => {
  await server?.close();
});

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

/** The first legacy card shows the product the answer lists first: its link, picture and price. */
async function expectCardOf(card: Locator, product: SearchResponse['products'][number]) {
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-legacy-id', product.id);
  const link = card.locator('.legacy-card__link');
  await expect(link).toHaveAttribute('href', product.link_url);
  await expect(link.locator('.legacy-card__name')).toHaveText(product.name);
  expect(product.image_url).not.toBe('');
  const image = card.locator('img.legacy-card__image');
  await expect(image).toHaveAttribute('src', new RegExp(`${escape(product.image_url)}$`));
  // The picture loaded (not a broken image of an empty src).
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(card.locator('.legacy-card__price')).toHaveText(/^[\d\s\u00a0]+₽$/);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Answers the next /public/search of `query` the page sends. */
const answerTo = (page: Page, query: string) =>
  page
    .waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/public/search' &&
        new URL(r.url()).searchParams.get('st') === query,
    )
    .then((r) => r.json() as Promise<SearchResponse>);

test('the upgrade rewrote the saved card and rebuilt the bundle of the old runtime', () => {
  // Both copies' versions: the seeded ones (the default card) and the designer's two.
  const old = server.productItems.filter((item) => item.includes('legacy-card'));
  expect(old).toHaveLength(2);
  for (const item of old) {
    expect(item).toContain('href="{{link_url}}"');
    expect(item).toContain('{{#if image_url}}');
    expect(item).toContain('src="{{ image_url }}"');
    expect(item).not.toMatch(/\{\{\s*(url|picture)\s*\}\}/);
  }
  expect(server.refreshed).toEqual([
    { siteId: server.siteId, outcome: { artifactId: expect.any(Number) } },
  ]);
});

test('the merchant page renders the products with the card saved in the old field names', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/cdn/${server.siteId}/demo.html`);
  const answered = answerTo(page, 'платье');
  await page.locator('#search-input').fill('платье');
  const answer = await answered;
  expect(answer.products.length).toBeGreaterThan(0);
  const results = page.locator('#search-results');
  await expect(results.locator('.legacy-card')).toHaveCount(answer.products.length, {
    timeout: 30_000,
  });
  // The storefront's own card is not drawn: the saved template is the one in the bundle.
  await expect(results.locator('.digi-card')).toHaveCount(0);
  await expectCardOf(results.locator('.legacy-card').first(), answer.products[0]!);
  await page.screenshot({ path: test.info().outputPath('upgraded-demo-page.png') });
});

test('the studio preview renders the migrated card for the designer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'designer', { at: '/anyquery/ux/instant-search' });
  const frame = page.frameLocator('iframe[title="Предпросмотр виджета — Интеграция"]');
  // The studio loads its config, the tokens and the frame: slow on a loaded machine.
  await expect(frame.locator('input[type="search"]').first()).toBeVisible({ timeout: 90_000 });
  await page.getByRole('searchbox', { name: 'Запрос для предпросмотра' }).fill('платье');
  const card = frame.locator('.legacy-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const link = card.locator('.legacy-card__link');
  await expect(link).toHaveAttribute('href', /^https:\/\/shop\.example\.ru\//);
  await expect(card.locator('img.legacy-card__image')).toHaveAttribute('src', /\/demo\/pictures\//);
  await expect(card.locator('.legacy-card__price')).toHaveText(/^[\d\s\u00a0]+₽$/);
  await page.screenshot({ path: test.info().outputPath('upgraded-studio-preview.png') });
});
