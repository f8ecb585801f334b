import type { Page } from '@playwright/test';
import { test, expect, signIn, menuLink } from './fixtures.ts';

/** The site the console has selected (persisted by the site store). */
async function selectedSiteId(page: Page): Promise<number> {
  const raw = await page.evaluate(() => localStorage.getItem('vitrina.site'));
  const siteId = (JSON.parse(raw ?? '{}') as { state?: { siteId?: number } }).state?.siteId;
  expect(siteId).toBeGreaterThan(0);
  return siteId as number;
}

test('a designer edits the autocomplete template, sees the preview, saves, generates, and the merchant page shows it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'designer');
  await (await menuLink(page, 'Автодополнение')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Автодополнение' })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Edit the autocomplete template (the storefront's default until now).
  await page.getByRole('tab', { name: 'Шаблоны' }).click();
  const marker = `Подборка дизайнера ${Date.now()}`;
  const editor = page.locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText(`<p class="e2e-marker">${marker}</p>\n`);
  await expect(toolbar.getByText('Есть несохранённые изменения')).toBeVisible();

  // The live preview re-renders with the edit.
  const frame = page.frameLocator('iframe[title="Предпросмотр виджета — Интеграция"]');
  await frame.locator('.digi-autocomplete__input').fill('ку');
  await expect(frame.getByText(marker)).toBeVisible({ timeout: 20_000 });

  // Save: a new version in the list.
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Версии' }).click();
  const versions = page.getByRole('region', { name: 'Версии' });
  await expect(versions.getByRole('row').filter({ hasText: 'designer' }).first()).toBeVisible();

  // Preview: the integration bundle is built into the preview slot (polled until done).
  await toolbar.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(toolbar.getByText('Предпросмотр собран')).toBeVisible({ timeout: 90_000 });
  await expect(
    page.getByRole('link', { name: 'Открыть демо-страницу магазина со сборкой предпросмотра' }),
  ).toBeVisible();

  // Generate: production now holds this version.
  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  // Production is never one click away: the confirmation names the site, config and version.
  const confirm = page.getByRole('dialog', { name: 'Сгенерировать в продакшен?' });
  await expect(confirm).toContainText(
    /версия \d+ конфигурации «Автодополнение» сайта «Демо-магазин одежды/,
  );
  await confirm.getByRole('button', { name: 'Да, сгенерировать' }).click();
  await expect(toolbar.getByText('В продакшене', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(toolbar.getByText('Эта версия в продакшене')).toBeVisible();

  // A plain merchant page with only the loader shows the change.
  const siteId = await selectedSiteId(page);
  const merchant = await context.newPage();
  await merchant.goto(`/cdn/${siteId}/demo.html`);
  // The autocomplete turns the merchant's input into its combobox.
  await merchant.getByRole('combobox', { name: 'Поиск по магазину' }).fill('ку');
  await expect(merchant.getByText(marker)).toBeVisible({ timeout: 20_000 });
});
