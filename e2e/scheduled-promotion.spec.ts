/**
 * A designer edits the autocomplete, saves, schedules its generate a few seconds
 * ahead from the studio toolbar (date picker + time), sees it listed, and production changes by
 * itself at that time: the merchant page shows the edit.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect, expectAccessible, signIn, menuLink } from './fixtures.ts';

async function productionBundle(request: APIRequestContext): Promise<string | null> {
  const loader = await (await request.get('/cdn/1/digi.js')).text();
  return /\/cdn\/1\/([0-9a-f]+)\.js/.exec(loader)?.[1] ?? null;
}

test('a designer schedules a generate a few seconds ahead and production changes at that time', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'designer');
  await (await menuLink(page, 'Автодополнение')).click();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'Шаблоны' }).click();
  const marker = `Распродажа в полночь ${Date.now()}`;
  await page.locator('.cm-content').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText(`<p class="e2e-sale">${marker}</p>\n`);
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  const before = await productionBundle(page.request);

  await page.getByRole('button', { name: 'Запланировать генерацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запланировать генерацию' });
  // the day defaults to today in the Russian format
  await expect(dialog.getByText(/\d{2}\.\d{2}\.\d{4}/)).toBeVisible();
  // refused: a time already past
  await dialog.getByLabel('Время').fill('00:00');
  await dialog.getByRole('button', { name: 'Запланировать' }).click();
  await expect(dialog.getByText('Это время уже прошло')).toBeVisible();
  // The dialog looked at with a time ahead, then the time set to the browser's clock 15 seconds
  // ahead (seconds allowed) and scheduled at once: the check and the screenshot take seconds on
  // a loaded machine, and the test waits for the time it sets.
  const ahead = (seconds: number) =>
    page.evaluate((ms) => {
      const d = new Date(Date.now() + ms);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    }, seconds * 1000);
  await dialog.getByLabel('Время').fill(await ahead(120));
  await page.screenshot({ path: '/tmp/rollout-shots/schedule-dialog.png' });
  await expectAccessible(page);
  await dialog.getByLabel('Время').fill(await ahead(15));
  await dialog.getByRole('button', { name: 'Запланировать' }).click();
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Запланированная публикация' });
  await expect(
    upcoming.getByText(
      /Генерация запланирована на \d{1,2} \S+ \d{4}, \d{1,2}:\d{2}:\d{2} \(designer\)/,
    ),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/rollout-shots/schedule-listed.png' });
  expect(await productionBundle(page.request)).toBe(before);

  // at that time production changes by itself
  await expect
    .poll(() => productionBundle(page.request), { timeout: 90_000, intervals: [1000] })
    .not.toBe(before);
  await expect(upcoming.getByText(/Запланированная публикация .* запущена/)).toBeVisible({
    timeout: 15_000,
  });
  const merchant = await context.newPage();
  await merchant.goto('/cdn/1/demo.html');
  await merchant.getByRole('combobox', { name: 'Поиск по магазину' }).fill('ку');
  await expect(merchant.getByText(marker)).toBeVisible({ timeout: 20_000 });
});
