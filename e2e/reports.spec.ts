import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signIn, menuLink } from './fixtures.ts';

const numberText = /^\d[\d ]*(,\d+)?$/;

async function queryNames(page: Page, list: string): Promise<string[]> {
  return page.getByRole('list', { name: list }).locator('.reports-queries__name').allTextContents();
}

async function queryCounts(page: Page, list: string): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: list })
    .locator('.reports-queries__count')
    .allTextContents();
  return texts.map((text) => Number(text.replace(/\s/g, '')));
}

test('a manager reads home, changes platform and range, compares, sorts, exports the full report', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle('Vitrina · Главная');
  const sessions = page
    .getByRole('region', { name: 'Все сессии' })
    .locator('[data-metric="SESSIONS_TOTAL"] .reports-stat__value');
  await expect(sessions).toHaveText(numberText);
  const all = Number((await sessions.textContent())!.replace(/\s/g, ''));
  expect(all).toBeGreaterThan(0);

  // Platform: mobile sessions are a part of all sessions.
  const mobileLoaded = page.waitForResponse(
    (response) =>
      response.url().includes('/report/agg/') && response.url().includes('platform=MOBILE'),
  );
  await page.getByRole('radio', { name: 'Мобильные' }).check();
  await mobileLoaded;
  await expect(sessions).not.toHaveText(String(all));
  await expect(sessions).toHaveText(numberText);
  const mobile = Number((await sessions.textContent())!.replace(/\s/g, ''));
  expect(mobile).toBeLessThan(all);
  expect(mobile).toBeGreaterThan(0);

  // Range: 30 days hold more sessions than 7.
  await page.getByRole('button', { name: /^Период \d/ }).click();
  await page.getByRole('button', { name: 'Последние 30 дней' }).click();
  await expect(page.getByRole('button', { name: /^Период \d/ })).toContainText('Последние 30 дней');
  await expect
    .poll(async () => Number((await sessions.textContent())!.replace(/\s/g, '')))
    .toBeGreaterThan(mobile);

  // Compare mode: every statistic gets its change in percent with two decimals.
  await page.getByRole('button', { name: /^Период сравнения/ }).click();
  await page.getByRole('button', { name: 'Прошлый месяц' }).click();
  const change = page
    .getByRole('region', { name: 'Все сессии' })
    .locator('[data-metric="SESSIONS_TOTAL"] .reports-change');
  await expect(change).toHaveText(/^(▲|▼)?(рост|снижение)?[+−]?\d+,\d\d %$|^—$/);
  const topTotal = page
    .getByRole('region', { name: 'Топ поисковых запросов' })
    .locator('.reports-queries__total');
  await expect(topTotal).toContainText('%');

  // The zero-query list's title carries the zero share with two decimals.
  await expect(
    page.getByRole('heading', { name: /^Топ запросов без результатов \(\d+,\d\d %\)$/ }),
  ).toBeVisible();

  // Sorting the top queries by name, by count and back.
  const top = page.getByRole('region', { name: 'Топ поисковых запросов' });
  await expect
    .poll(async () => (await queryCounts(page, 'Топ поисковых запросов')).length)
    .toBeGreaterThan(2);
  const byCount = await queryCounts(page, 'Топ поисковых запросов');
  expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
  await top.getByRole('button', { name: /По названию/ }).click();
  const names = await queryNames(page, 'Топ поисковых запросов');
  expect(names).toEqual(
    [...names].sort(new Intl.Collator('ru', { numeric: true, sensitivity: 'base' }).compare),
  );
  await top.getByRole('button', { name: /По количеству/ }).click();
  await top.getByRole('button', { name: /По количеству/ }).click();
  const ascending = await queryCounts(page, 'Топ поисковых запросов');
  expect(ascending).toEqual([...byCount].sort((a, b) => a - b));

  // Clearing the compare period turns compare mode off.
  await page.getByRole('button', { name: 'Очистить' }).click();
  await expect(change).toHaveCount(0);

  // Full statistics, then the CSV of what the screen shows.
  await page.getByRole('link', { name: 'Полная статистика' }).click();
  await expect(page).toHaveURL(/\/reporting$/);
  const total = page.getByRole('table', { name: 'Итого' });
  await expect(total.getByRole('row', { name: /^Все сессии/ })).toContainText(/\d/);
  const exportButton = page.getByRole('button', { name: 'Экспорт в CSV' });
  await expect(exportButton).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-\d+-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  // Russian Excel: `;` separates, the comma is the decimal mark.
  expect(lines[0]).toMatch(/^Раздел;Показатель;Все \d\d\.\d\d\.\d{4} - \d\d\.\d\d\.\d{4};/);
  const sessionsRow = lines.find((line) => line.startsWith('Итого;Все сессии: Сессии;'));
  expect(sessionsRow).toMatch(/^Итого;Все сессии: Сессии;\d+;\d+;\d+;\d+;\d+;\d+;-?[\d,]*$/);
  expect(lines.some((line) => line.startsWith('Топ поисковых запросов;'))).toBe(true);
  // No display formatting in the file: no spaces inside numbers, no ₽.
  expect(bytes.toString('utf8')).not.toContain('₽');
});

test('an administrator gives the manager a tab; the manager finds it in the menu', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await (await menuLink(page, 'Пользовательские отчёты')).click();
  await page.getByRole('combobox', { name: 'Пользователь' }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await page.getByRole('button', { name: 'Создать вкладку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая вкладка отчёта' });
  await dialog.getByLabel(/Название/).fill('Продажи e2e');
  await dialog.getByRole('checkbox', { name: 'Сессии', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Выручка', exact: true }).check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('table', { name: 'Вкладки пользователя manager' })
      .getByRole('rowheader', { name: 'Продажи e2e' }),
  ).toBeVisible();

  const manager = await browser.newPage();
  await signIn(manager, 'manager');
  await (await menuLink(manager, 'Продажи e2e')).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Продажи e2e' })).toBeVisible();
  await expect(manager.getByRole('figure', { name: 'Выручка' }).locator('canvas')).toBeVisible();
  await expect(manager.getByRole('figure', { name: 'Сессии' }).locator('canvas')).toBeVisible();
  await manager.close();

  // Disabled, it leaves the manager's menu.
  // The box follows the server: it turns off once the change is saved.
  await page.getByRole('checkbox', { name: 'Вкладка «Продажи e2e» включена' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'Вкладка «Продажи e2e» включена' }),
  ).not.toBeChecked();
  const again = await browser.newPage();
  await signIn(again, 'manager');
  await expect(await menuLink(again, 'Полная отчётность')).toBeVisible();
  await expect(await menuLink(again, 'Продажи e2e')).toHaveCount(0);
  await again.close();
});

test('an administrator caps orders; a forged order above the cap is listed in quarantine with the bound it passed', async ({
  page,
}) => {
  await signIn(page, 'admin', { at: '/reporting' });
  const section = page.getByRole('region', { name: 'Заказы на карантине' });
  await expect(section).toBeVisible({ timeout: 20_000 });
  const cap = section.getByLabel('Потолок заказа, ₽');
  await cap.fill('50 000');
  await section.getByRole('button', { name: 'Сохранить потолок' }).click();
  await expect(page.getByText('Потолок заказа сохранён')).toBeVisible();

  const site = (await (await page.request.get('/api/site/1')).json()) as { apiKey: string };
  const forged = await page.request.post('/public/events', {
    data: {
      apiKey: site.apiKey,
      type: 'ORDER',
      sessionId: `forged-${Date.now()}`,
      platform: 'DESKTOP',
      revenue: 80_000,
      items: 1,
    },
  });
  expect(await forged.json()).toEqual({ accepted: 1, quarantined: 1 });

  await page.reload();
  const row = section.getByRole('row').filter({ hasText: 'Дороже потолка сайта' }).first();
  await expect(row).toContainText(/80\s000\s₽/);
  await expect(row).toContainText(/50\s000\s₽/);
  await expect(section.getByRole('status').first()).toContainText('На карантине');
  await section.screenshot({ path: test.info().outputPath('quarantine.png') });

  // No cap again: the other specs' orders count as before.
  await section.getByLabel('Потолок заказа, ₽').fill('');
  await section.getByRole('button', { name: 'Сохранить потолок' }).click();
  await expect(page.getByText('Потолок заказа сохранён').first()).toBeVisible();
});
