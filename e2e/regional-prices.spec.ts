/**
 * Regional SKU prices on the demo storefront: an operator sets the site's
 * region detection to a URL parameter (global config, generated), gives a region its own price
 * for a product through the console's delta feed (a feed URL served by a loopback HTTP server
 * started here, a CSV row with the region column, «Запустить»), and the shopper on
 * /cdn/1/demo.html sees that price in the search results in that region, the default price
 * without it. Everything changed goes back at the end (the later specs share the server).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import {
  DEMO,
  globalConfigNow,
  loadDeltaFeed,
  regionFromUrlParameter,
  REGION_PARAM as PARAM,
  restoreRegions,
  startDeltaServer,
  waitForJob,
} from './regions.ts';

const REGION = 'e2e-yug';
/** The demo feed's offer 1 (one SKU): «Ремень спортивный Kari серый», 1 459 ₽, was 1 859 ₽. */
const PRODUCT = '1';
const QUERY = 'Ремень спортивный Kari серый';
const GLOBAL_PRICE = /^1\s459\s₽$/;
const REGIONAL_PRICE = /^999\s₽$/;
const HEADER = 'id;price;available;regionId';

let feed: Awaited<ReturnType<typeof startDeltaServer>>;
/** The global config's integration copy before the spec, put back (and generated) at the end. */
let originalGlobal: Record<string, unknown> | null = null;

test.beforeAll(async () => {
  feed = await startDeltaServer(`${HEADER}\n${PRODUCT};999;true;${REGION}\n`);
});

// The region's price goes back to the global one (a delta row cannot delete a regional value, so
// it is set to the global values: the shopper there sees what everyone sees), the delta URL goes,
// and the global config's integration copy as it was is generated into production again.
test.afterAll(async () => {
  try {
    await restoreRegions({
      feedUrl: feed.url,
      originalGlobal,
      beforeRemoval: async (api, xsrf) => {
        feed.set(`${HEADER}\n${PRODUCT};1459;true;${REGION}\n`);
        const started = await api.post('/api/config/delta-feed/start?siteId=1', {
          headers: { 'x-xsrf-token': await xsrf() },
        });
        expect(started.status(), await started.text()).toBeLessThan(300);
        await waitForJob(api, '/api/config/delta-feed/status?siteId=1', await started.json());
      },
    });
  } finally {
    await feed.close();
  }
});

/** The product's card in the demo page's search results, after a search for it. */
async function searchCard(demo: Page, url: string, searches: string[]) {
  searches.length = 0;
  await demo.goto(url);
  await demo.locator('#search-input').fill(QUERY);
  const card = demo.locator(`#search-results article[data-digi-product="${PRODUCT}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}

test('a region’s own price, loaded through the delta feed, is what the shopper there sees on the demo page', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  originalGlobal = await globalConfigNow(page);
  await regionFromUrlParameter(page);

  // Before the regional feed: the region has no prices of its own, the shopper there sees the
  // global one.
  const demo = await context.newPage();
  const searches: string[] = [];
  demo.on('request', (r) => {
    if (new URL(r.url()).pathname === '/public/search') searches.push(r.url());
  });
  let card = await searchCard(demo, `${DEMO}?${PARAM}=${REGION}`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);

  // The delta feed's URL and its load, from the feed loader.
  await loadDeltaFeed(page, feed.url, test.info().outputPath('regional-delta-loaded.png'));

  // In the region: the regional price (the old price stays the SKU's own), asked for that region.
  card = await searchCard(demo, `${DEMO}?${PARAM}=${REGION}`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(REGIONAL_PRICE);
  await expect(card.locator('.digi-card__old-price')).toContainText(/1\s859\s₽/);
  expect(searches.some((u) => new URL(u).searchParams.get('regionId') === REGION)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await demo.screenshot({ path: test.info().outputPath('demo-in-region.png') });

  // Without the region (and in another one): the default price.
  card = await searchCard(demo, DEMO, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.every((u) => new URL(u).searchParams.get('regionId') !== REGION)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await demo.screenshot({ path: test.info().outputPath('demo-default.png') });
  card = await searchCard(demo, `${DEMO}?${PARAM}=e2e-sever`, searches);
  await expect(card.locator('.digi-card__price')).toHaveText(GLOBAL_PRICE);
});
