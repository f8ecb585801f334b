/**
 * Server actions that have their controls in the console: a strategy's configs edited, its
 * recommendations file downloaded, regional availability refreshed and the strategy deleted
 * after a confirmation naming its widgets; widget placements picked from the site's; a site's
 * feed status cleared; transliterations searched on the server and deleted several at once; a
 * query list's entries switched off and on several at once. Screenshots of each changed screen.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect as baseExpect, signIn, test } from './fixtures.ts';

/** Screens load their data after the frame: a loaded machine needs more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ timeout: 180_000 });

async function call(page: Page, method: 'POST' | 'PUT' | 'GET', url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    headers: { 'x-xsrf-token': xsrf },
    ...(data !== undefined && { data }),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('strategies: configs edited, file downloaded, regional refresh, delete naming its widget', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const name = `Хиты действий ${run}`;
  await signIn(page, 'admin');
  const strategy = await call(page, 'POST', '/api/recs/1/strategies?siteId=1', {
    name,
    modelName: 'popular_window',
    configs: {},
  });
  const hash = String(strategy['hash']);
  await call(page, 'POST', '/api/recs/1/widgets?siteId=1', {
    widgetId: `actions-${run}`,
    name: `Виджет действий ${run}`,
    placements: [],
    strategyHash: hash,
  });
  await page.goto('/recs-configuration/strategy');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // Configs: the model's entries, the window changed and saved.
  await row.getByRole('button', { name: `Настройки ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Настройки стратегии «${name}»` });
  const days = dialog.getByLabel(/Окно, дней/);
  await expect(days).toHaveValue('30');
  await days.fill('14');
  await shot(page, 'strategy-configs');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Операция выполнена успешно!').first()).toBeVisible();
  expect(
    (await call(page, 'GET', `/api/recs/1/strategies/${hash}?siteId=1`))['configs'],
  ).toMatchObject({ windowDays: '14' });

  // Regional availability: a RECS job over every strategy; its build brings the file.
  await page.getByRole('button', { name: 'Обновить региональную доступность' }).click();
  const download = row.getByRole('button', { name: `Скачать файл рекомендаций стратегии ${name}` });
  await expect(download).toBeVisible({ timeout: 90_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^recs-${hash}-r\\d+\\.csv$`));
  expect((await readFile((await file.path())!, 'utf8')).split('\n')[0]).toBe(
    'productId,recommendedId,score',
  );
  await shot(page, 'strategies');

  // Delete: the confirmation names the widget that shows it.
  await row.getByRole('button', { name: `Удалить ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Удалить стратегию «${name}»?` });
  await expect(confirm.getByRole('list', { name: 'Виджеты этой стратегии' })).toContainText(
    `Виджет действий ${run} (actions-${run})`,
  );
  await shot(page, 'strategy-delete');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'strategies-390');
});

test('widget placements are picked from the site, a new one typed', async ({ page }) => {
  const run = Date.now().toString(36);
  await signIn(page, 'admin', { at: '/recs-configuration/widget' });
  await page.getByRole('button', { name: 'Создать виджет' }).click();
  const form = page.getByRole('form', { name: 'Создать виджет' });
  await form.getByLabel('Идентификатор виджета').fill(`picked-${run}`);
  await form.getByLabel('Название').fill(`Места ${run}`);
  const placements = form.getByRole('combobox', { name: 'Места показа' });
  await placements.click();
  // The seeded demo block «Популярные товары» sits at #recommendations on the home page.
  const known = page.getByRole('option', {
    name: '#recommendations — блок «Популярные товары», страница HOME_PAGE',
  });
  await expect(known).toBeVisible();
  await shot(page, 'widget-placements');
  await known.click();
  await placements.fill(`own-${run}`);
  await page.getByRole('option', { name: `Новое место: own-${run}` }).click();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Места ${run}`) })).toContainText(
    `#recommendations, own-${run}`,
  );
});

test("a site's feed status is cleared after a confirmation", async ({ page }) => {
  await signIn(page, 'admin', { at: '/site/feed-loader' });
  const status = page.getByRole('table', { name: 'Последняя загрузка по регионам' });
  await expect(status).toBeVisible();
  const rows = await status.getByRole('row').count();
  await page.getByRole('button', { name: 'Очистить статус фидов' }).click();
  const dialog = page.getByRole('dialog', { name: 'Очистить статус фидов сайта?' });
  await expect(dialog).toContainText('Сами фиды и каталог останутся');
  // One type only (OZON, which the demo site never loads): the later specs of this server read
  // the site's YML uploads.
  await dialog.getByRole('combobox', { name: 'Какие фиды' }).click();
  await page.getByRole('option', { name: 'OZON' }).click();
  await shot(page, 'feed-status-clear');
  await dialog.getByRole('button', { name: 'Очистить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Операция выполнена успешно!').first()).toBeVisible();
  await expect(status.getByRole('row')).toHaveCount(rows);
  await shot(page, 'feed-loader');
});

test('transliterations: server search, several deleted at once; a list switched off and on at once', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await signIn(page, 'admin');
  for (const term of [`аб${run}`, `вг${run}`, `де${run}`])
    await call(page, 'POST', '/api/transliterations/save?siteId=1', {
      term,
      variants: [`x${term}`],
    });
  await page.goto('/anyquery/search/transliterations');
  await page.getByRole('searchbox', { name: /Фильтр/ }).fill(run);
  const table = page.getByRole('table', { name: 'Транслитерации' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: `Выбрать «аб${run}»` }).check();
  await page.getByRole('checkbox', { name: `Выбрать «де${run}»` }).check();
  const bar = page.getByRole('group', { name: 'Действия с выбранными' });
  await expect(bar).toContainText('Выбраны 2 записи');
  await shot(page, 'transliterations-selected');
  await bar.getByRole('button', { name: 'Удалить 2 записи' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить 2 записи?' });
  await expect(dialog.getByRole('listitem')).toHaveText([`аб${run}`, `де${run}`]);
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`вг${run}`);

  // The white list: two entries switched off on the site, then on again, in one call each.
  for (const term of [`пальто ${run}`, `шуба ${run}`])
    await call(page, 'POST', '/api/aq/white-list?siteId=1', { term });
  await page.goto('/anyquery/service/white-list');
  await page.getByRole('searchbox', { name: /Фильтр/ }).fill(run);
  const list = page.getByRole('table', { name: 'Белый список' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Выбрать все строки на странице' }).check();
  await page.getByRole('button', { name: 'Выключить на сайте' }).click();
  await expect(
    list.getByRole('checkbox', { name: `пальто ${run}`, exact: true }),
  ).not.toBeChecked();
  await expect(list.getByRole('checkbox', { name: `шуба ${run}`, exact: true })).not.toBeChecked();
  await shot(page, 'white-list-bulk');
  await page.getByRole('button', { name: 'Включить на сайте' }).click();
  await expect(list.getByRole('checkbox', { name: `шуба ${run}`, exact: true })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'white-list-bulk-390');
});
