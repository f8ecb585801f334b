import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';

const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
const strategyOf = (page: Page) => page.getByLabel('Стратегия мгновенного поиска');

async function editAndSave(page: Page, value: string) {
  await strategyOf(page).fill(value);
  await toolbarOf(page).getByRole('button', { name: 'Сохранить', exact: true }).click();
}

test('two editors of one config: the second save gets the conflict dialog, reload or overwrite', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await signIn(first, 'designer');
  await signIn(second, 'integrator');
  for (const page of [first, second]) {
    await page.goto('/anyquery/ux/search');
    await expect(strategyOf(page)).toBeVisible({ timeout: 30_000 });
  }

  // Reload: the second editor discards theirs and gets the first one's version.
  await editAndSave(first, 'first-1');
  await expect(toolbarOf(first).getByText('Сохранено', { exact: true })).toBeVisible();
  await editAndSave(second, 'second-1');
  let dialog = second.getByRole('dialog', { name: 'Конфигурацию изменил другой пользователь' });
  await expect(dialog).toContainText('designer');
  await dialog.getByRole('button', { name: 'Отбросить мои, загрузить их' }).click();
  await expect(dialog).toBeHidden();
  await expect(strategyOf(second)).toHaveValue('first-1');
  await expect(toolbarOf(second).getByText('Есть несохранённые изменения')).toBeHidden();

  // Overwrite: the second editor's version is saved on top of the first one's newer save.
  await editAndSave(first, 'first-2');
  await expect(toolbarOf(first).getByText('Сохранено', { exact: true })).toBeVisible();
  await editAndSave(second, 'second-2');
  dialog = second.getByRole('dialog', { name: 'Конфигурацию изменил другой пользователь' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Сохранить мои поверх' }).click();
  await expect(toolbarOf(second).getByText('Сохранено', { exact: true })).toBeVisible();
  await first.reload();
  await expect(strategyOf(first)).toHaveValue('second-2');
});
