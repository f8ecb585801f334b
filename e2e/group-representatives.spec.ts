/**
 * Group representative attributes on the demo storefront: an operator names «Размер» on the
 * grouping screen (/anyquery/search/grouping-config, first panel), and the shopper who filters the
 * demo page's results by size XS gets the jeans' XS SKU as the card: its link opens that SKU's
 * page. Before, and without the filter, the group's own representative (size L). The setting goes
 * back at the end (the later specs share the server).
 */
import { asAdmin, DEMO } from './regions.ts';
import { expect, signIn, test } from './fixtures.ts';

/** The demo feed's product 20: «Джинсы приталенные Zarina чёрный», sizes XXS to L, L representing it. */
const PRODUCT = '20';
const QUERY = 'Джинсы приталенные Zarina';

test.afterAll(() =>
  asAdmin(async (api, xsrf) => {
    const reset = await api.delete('/api/autocomplete/groupRepresentativeAttributes?siteId=1', {
      headers: { 'x-xsrf-token': await xsrf() },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }),
);

test('the SKU of the size the shopper filtered by represents the group on the demo page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const demo = await context.newPage();
  const results = demo.locator('#search-results');
  const link = results.locator(`article[data-digi-product="${PRODUCT}"] a.digi-card__name`);
  const sizeXs = results
    .locator('.digi-facet[data-digi-key="Размер"] .digi-facet__label')
    .filter({ has: demo.getByText('XS', { exact: true }) })
    .locator('input');
  const filterBySize = async () => {
    await demo.goto(DEMO);
    await demo.locator('#search-input').fill(QUERY);
    await expect(link).toHaveAttribute('href', /\/p\/20-l$/, { timeout: 20_000 });
    await sizeXs.check();
    await expect(results.locator('[class*="chip"]').first()).toBeVisible();
  };

  // Before: the filter narrows the results, the card still opens the group's own SKU.
  await filterBySize();
  await expect(link).toHaveAttribute('href', /\/p\/20-l$/);

  await signIn(page, 'admin');
  await page.goto('/anyquery/search/grouping-config');
  const set = page.getByRole('region', { name: 'Атрибуты представителя группы' });
  await expect(set).toBeVisible({ timeout: 20_000 });
  await set.getByRole('combobox', { name: 'Добавить атрибут' }).click();
  await page.getByRole('option', { name: /^Размер \(/ }).click();
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/autocomplete/groupRepresentativeAttributes') &&
      r.request().method() === 'POST',
  );
  await set.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await page.screenshot({ path: test.info().outputPath('grouping-saved.png') });

  // After: filtered by XS, the card is the XS SKU's.
  await filterBySize();
  await expect(link).toHaveAttribute('href', /\/p\/20-xs$/);
  await demo.screenshot({ path: test.info().outputPath('demo-xs-represents.png') });
});
