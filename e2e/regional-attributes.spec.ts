/**
 * Regional attributes on the demo storefront: an operator names «Срок доставки» a regional
 * attribute (/anyquery/search/regional-attributes: typed, as the catalog does not hold it yet), a
 * delta feed gives a product its delivery time in one region, and the shopper in that region
 * (?city=) sees a «Срок доставки» facet on /cdn/1/demo.html that filters the results to it; the
 * shopper elsewhere sees no such facet. Everything changed goes back at the end.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import {
  DEMO,
  globalConfigNow,
  loadDeltaFeed,
  regionFromUrlParameter,
  REGION_PARAM,
  restoreRegions,
  startDeltaServer,
} from './regions.ts';

const REGION = 'e2e-sibir';
const ATTRIBUTE = 'Срок доставки';
/** The demo feed's offer 1: «Ремень спортивный Kari серый». */
const PRODUCT = '1';
const QUERY = 'Ремень спортивный Kari серый';

let feed: Awaited<ReturnType<typeof startDeltaServer>>;
let originalGlobal: Record<string, unknown> | null = null;

test.beforeAll(async () => {
  feed = await startDeltaServer(`id;regionId;${ATTRIBUTE}\n${PRODUCT};${REGION};1 день\n`);
});

// The regional attributes go back to none (which forgets the region's values), the delta URL
// goes, and the global config as it was is generated again.
test.afterAll(async () => {
  try {
    await restoreRegions({
      feedUrl: feed.url,
      originalGlobal,
      beforeRemoval: async (api, xsrf) => {
        const reset = await api.delete('/api/autocomplete/regionalAttributes?siteId=1', {
          headers: { 'x-xsrf-token': await xsrf() },
        });
        expect(reset.status(), await reset.text()).toBe(200);
      },
    });
  } finally {
    await feed.close();
  }
});

/** The demo page searched for the product, at `url`: its results panel. */
async function searchFor(demo: Page, url: string) {
  await demo.goto(url);
  await demo.locator('#search-input').fill(QUERY);
  const results = demo.locator('#search-results');
  await expect(results.locator(`article[data-digi-product="${PRODUCT}"]`)).toBeVisible({
    timeout: 20_000,
  });
  // Facets render after their own delay (spec §4): wait for the colour facet every answer has.
  await expect(results.locator('.digi-facet[data-digi-key="Цвет"] legend')).toBeVisible();
  return results;
}

test('a regional attribute’s value, loaded for a region, is a facet the shopper there filters by', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  originalGlobal = await globalConfigNow(page);
  await regionFromUrlParameter(page);

  // The attribute is typed: no product of the catalog has it yet, only the region's feed will.
  await page.goto('/anyquery/search/regional-attributes');
  const set = page.getByRole('region', { name: 'Региональные атрибуты' });
  await expect(set).toBeVisible({ timeout: 20_000 });
  const picker = set.getByRole('combobox', { name: 'Добавить атрибут' });
  await picker.click();
  await picker.fill(ATTRIBUTE);
  await page.getByRole('option', { name: `Добавить «${ATTRIBUTE}»` }).click();
  await expect(set.getByRole('listitem').filter({ hasText: ATTRIBUTE })).toBeVisible();
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/autocomplete/regionalAttributes') && r.request().method() === 'POST',
  );
  await set.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await page.screenshot({ path: test.info().outputPath('regional-attributes-saved.png') });

  await loadDeltaFeed(page, feed.url);

  // In the region: the facet, its value counted, and filtering by it keeps the product.
  const demo = await context.newPage();
  let results = await searchFor(demo, `${DEMO}?${REGION_PARAM}=${REGION}`);
  const facet = results.locator(`.digi-facet[data-digi-key="${ATTRIBUTE}"]`);
  await expect(facet.locator('legend')).toHaveText(ATTRIBUTE);
  const value = facet.locator('.digi-facet__label', { hasText: '1 день' });
  await expect(value.locator('.digi-facet__count')).toHaveText('1');
  await value.locator('input').check();
  await expect(results.locator('article[data-digi-product]')).toHaveCount(1);
  await expect(results.locator(`article[data-digi-product="${PRODUCT}"]`)).toBeVisible();
  await demo.screenshot({ path: test.info().outputPath('demo-regional-facet.png') });

  // Elsewhere: the global values, which have no delivery time.
  results = await searchFor(demo, DEMO);
  await expect(results.locator(`.digi-facet[data-digi-key="${ATTRIBUTE}"]`)).toHaveCount(0);
});
