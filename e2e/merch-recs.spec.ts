/**
 * Recommendation rules end to end (issue 14): a PIN rule uploaded from a file shows in the rules
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
  await signIn(page, 'admin');
  await page.goto('/merch-rules/recommendations');
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
