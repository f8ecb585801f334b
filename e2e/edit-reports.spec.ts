/**
 * The report catalogue (/admin/edit-reports): an administrator adds a chart
 * (metrics, platform, chart type, title), a tab built from it draws it for its user, and deleting
 * the chart takes it out of the tab; users without the custom report admin role do not get in.
 */
import { expect, expectAccessible, signIn, test, menuLink } from './fixtures.ts';

const SHOTS = '/tmp/catalogue-shots';
const TAB = 'Мобильные заказы e2e';

// The manager's menu is other specs' expectation (menu.spec.ts): a tab this spec could not delete
// through the screen (a failure midway) goes here.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, 'admin');
  const headers = {
    'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
  };
  const tabs = (await (
    await page.request.get('/api/admin/custom-report/tabs?login=manager')
  ).json()) as { id: number; title: string }[];
  for (const tab of tabs.filter((t) => t.title === TAB))
    await page.request.delete(`/api/admin/custom-report/tabs/${tab.id}`, { headers });
  await page.close();
});

test('an administrator manages the report catalogue and a custom tab draws the new chart', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await (await menuLink(page, 'Каталог графиков отчётов')).click();
  const table = page.getByRole('table', { name: 'Каталог графиков отчётов' });
  // seeded with the former fixed list
  await expect(table.getByRole('row')).toHaveCount(10);
  await expect(table).toContainText('Клики в автокомплите');

  await page.getByRole('button', { name: 'Добавить график' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый график' });
  await dialog.getByLabel('ID').fill('Mobile Orders');
  await expect(dialog.getByText(/Идентификатор: латинская строчная буква/)).toBeVisible();
  await dialog.getByLabel('ID').fill('mobile-orders');
  await dialog.getByLabel(/^Название/).fill('Заказы с телефонов');
  for (const metric of ['Заказы, все сессии', 'Выручка, все сессии']) {
    await dialog.getByLabel('Добавить метрику').selectOption({ label: metric });
    await expect(dialog.getByRole('listitem').filter({ hasText: metric })).toBeVisible();
  }
  await dialog.getByLabel('Платформа').selectOption({ label: 'Мобильные' });
  await dialog.getByLabel('Тип графика').selectOption({ label: 'Столбцы' });
  await dialog.screenshot({ path: `${SHOTS}/edit-reports-form.png` });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: 'mobile-orders' });
  await expect(row).toContainText('Заказы с телефонов');
  await expect(row).toContainText('Мобильные');
  await expect(row).toContainText('Столбцы');
  await page.screenshot({ path: `${SHOTS}/edit-reports.png`, fullPage: true });
  await expectAccessible(page);

  // A tab for the manager built from the new chart.
  await page.goto('/custom-reporting');
  await page.getByRole('combobox', { name: 'Пользователь' }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await page.getByRole('button', { name: 'Создать вкладку' }).click();
  const tabDialog = page.getByRole('dialog', { name: 'Новая вкладка отчёта' });
  await tabDialog.getByLabel(/Название/).fill(TAB);
  await tabDialog.getByRole('checkbox', { name: 'Заказы с телефонов', exact: true }).check();
  await tabDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(tabDialog).toBeHidden();

  const manager = await browser.newPage();
  await signIn(manager, 'manager');
  await (await menuLink(manager, TAB)).click();
  const figure = manager.getByRole('figure', { name: 'Заказы с телефонов' });
  await expect(figure.locator('canvas')).toBeVisible();
  await expect(figure.locator('[data-chart-type="bar"]')).toBeAttached();
  // the manager holds no custom report admin role: the catalogue screen is not theirs
  await expect(await menuLink(manager, 'Каталог графиков отчётов')).toHaveCount(0);

  // Deleting the chart takes it out of the tab.
  await page.goto('/admin/edit-reports');
  await row.getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить «Заказы с телефонов»?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'mobile-orders' })).toHaveCount(0);
  await manager.reload();
  await expect(manager.getByText('Во вкладке нет графиков.')).toBeVisible();

  // The administrator deletes the tab: it leaves the manager's menu.
  await page.goto('/custom-reporting');
  await page.getByRole('combobox', { name: 'Пользователь' }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await page.getByRole('button', { name: `Удалить ${TAB}` }).click();
  await page
    .getByRole('dialog', { name: 'Удалить вкладку?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(page.getByRole('button', { name: `Удалить ${TAB}` })).toHaveCount(0);
  await manager.reload();
  await expect(await menuLink(manager, TAB)).toHaveCount(0);
  await manager.close();
});
