/**
 * Recommendation rules end to end: a PIN rule uploaded from a file shows in the rules
 * table and fires in the slot preview, which puts the pinned product first and marks how it
 * moved; deleting the rule (the confirmation dialog) takes it out of the table and the preview.
 */
import { expect, signIn, test } from './fixtures.ts';

const SHOTS = '/tmp/catalogue-shots';
const RULE = 'Закрепить в рекомендациях';

test('a PIN rule from a file fires in the slot preview and goes again when deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { at: '/merch-rules/recommendations' });
  await expect(page.getByRole('heading', { level: 1, name: 'Правила рекомендаций' })).toBeVisible();
  const column = (name: RegExp) =>
    page.locator('.merch-preview__columns > div', { has: page.getByRole('heading', { name }) });
  const without = column(/^Без правил/).getByRole('listitem');
  const withRules = column(/^С правилами/).getByRole('listitem');
  await expect(page.getByRole('status').filter({ hasText: 'Ни одно правило' })).toBeVisible();
  await expect(without.nth(2)).toBeVisible();
  // the last product of the plain slot: the rule pins it to the front
  const last = without.last();
  const productId = (await last.locator('.merch-muted').innerText()).replace('·', '').trim();
  const position = await without.count();
  expect(productId).toBeTruthy();

  await page.getByLabel('Правила рекомендаций из файла').setInputFiles({
    name: 'recs.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify([{ name: RULE, type: 'PIN', startDate: '2020-01-01', products: productId }]),
    ),
  });
  const table = page.getByRole('table', { name: 'Правила рекомендаций' });
  await expect(table).toContainText(RULE);
  await expect(page.getByRole('status').filter({ hasText: 'Сработали' })).toContainText(RULE);
  await expect(withRules.first()).toContainText(productId);
  await expect(withRules.first()).toContainText(`${position} → 1`);
  await page.screenshot({ path: `${SHOTS}/merch-recs-preview.png`, fullPage: true });

  await table.getByRole('button', { name: `Удалить ${RULE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить правило?' });
  await expect(dialog).toContainText(`Правило «${RULE}» перестанет действовать на витрине.`);
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(dialog).toBeHidden();
  await expect(table).not.toContainText(RULE);
  await expect(page.getByRole('status').filter({ hasText: 'Ни одно правило' })).toBeVisible();
  await expect(withRules.first()).not.toContainText(productId);
});

test('a PIN of an out-of-stock product is listed as not acting, with the reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  let out: { id: string } | undefined;
  // The catalog lookup lists out-of-stock products too (the storefront's search may hide them).
  // Last, the whole catalog: the demo's out-of-stock products are few (about one in ten).
  for (const search of ['шапка', 'сумка', 'ремень', 'платье', 'куртка', '']) {
    const params = new URLSearchParams({ siteId: '1', limit: '500', ...(search && { search }) });
    const products = (await (await page.request.get(`/api/catalog/products?${params}`)).json()) as {
      id: string;
      available: boolean;
    }[];
    out = products.find((p) => !p.available);
    if (out) break;
  }
  expect(out, 'an out-of-stock product in the demo catalog').toBeDefined();
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const name = `Закреп без наличия ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/merchandising/recs?siteId=1', {
    data: { name, boostType: 'PIN', startDate: '2020-01-01T00:00', productIds: [out!.id] },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  try {
    await page.goto('/merch-rules/recommendations');
    const row = page
      .getByRole('table', { name: 'Правила рекомендаций' })
      .getByRole('row', { name: new RegExp(name) });
    const icon = row.locator('[data-status="not-live"]');
    await expect(icon).toHaveAttribute('title', 'Не действует');
    const error = row.locator('[data-status="error"]');
    await expect(error).toHaveAttribute('title', new RegExp(out!.id));
    // The error icon is in the danger tone, the reason written beside it in the same colour.
    const colour = await error.evaluate((e) => getComputedStyle(e).color);
    expect(colour).toBe('rgb(185, 28, 28)');
    const reason = row.locator('.merch-status__reason');
    await expect(reason).toHaveText(`Нет в наличии, витрина не показывает: ${out!.id}`);
    expect(await reason.evaluate((e) => getComputedStyle(e).color)).toBe(colour);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('recs-rule-status.png') });
  } finally {
    const removed = await page.request.delete(`/api/merchandising/recs?siteId=1&id=${id}`, {
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(removed.status()).toBe(200);
  }
});
