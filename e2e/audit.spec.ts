/**
 * An administrator opens the audit log, filters it, views the diff of a change to a
 * merchandising rule and restores the rule's before-state; the storefront follows the restored
 * rule and the restore is itself in the log.
 */
import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, menuLink } from './fixtures.ts';

const DEMO = '/cdn/1/demo.html';

async function apiCall(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number };
}

test('an admin filters the audit log, views a diff and restores a rule; the storefront follows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const query = `распродажа${Date.now()}`;
  // someone edits a redirect rule: the good address is replaced by a wrong one
  const rule = await apiCall(page, 'POST', '/api/merchandising/redirect?siteId=1', {
    query,
    url: '/demo/pictures/sale.svg',
    mobileUrl: null,
    name: 'Распродажа',
  });
  await apiCall(page, 'PUT', '/api/merchandising/redirect?siteId=1', {
    id: rule.id,
    query,
    url: '/demo/pictures/oops.svg',
    mobileUrl: null,
    name: 'Распродажа',
  });

  await (await menuLink(page, 'Журнал изменений')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал изменений' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Журнал изменений' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // filter: the user and the entity kind
  await page.getByRole('combobox', { name: 'Пользователь' }).click();
  await page.getByRole('option', { name: 'admin', exact: true }).click();
  await page.getByRole('combobox', { name: 'Объект' }).click();
  await page.getByRole('option', { name: 'Редирект', exact: true }).click();
  const rows = table.getByRole('row').filter({ hasText: `Редирект · ${rule.id}` });
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: 'Правило бустинга' })).toHaveCount(0);
  const update = rows.filter({ hasText: 'Изменение' });

  // the diff: the address before and after
  await update.getByRole('button', { name: 'Изменения' }).click();
  const diff = page.getByRole('dialog', { name: new RegExp(`Редирект ${rule.id}: admin`) });
  await expect(
    diff.locator('.audit-diff__line--removed', { hasText: '"url": "/demo/pictures/sale.svg"' }),
  ).toBeVisible();
  await expect(
    diff.locator('.audit-diff__line--added', { hasText: '"url": "/demo/pictures/oops.svg"' }),
  ).toBeVisible();
  // unchanged lines are not marked
  await expect(
    diff.locator('.audit-diff__line--same', { hasText: '"name": "Распродажа"' }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/rollout-shots/audit-diff.png' });
  await expectAccessible(page);
  await diff.getByRole('button', { name: 'Закрыть' }).first().click();

  // restore the before-state, confirmed
  await update.getByRole('button', { name: 'Восстановить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Восстановить состояние «до»?' });
  await expect(confirm).toContainText(`Редирект ${rule.id} вернётся к состоянию до изменения`);
  await confirm.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Состояние «до» восстановлено')).toBeVisible();
  await expect(rows.filter({ hasText: 'Восстановление' })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/rollout-shots/audit-restored.png', fullPage: true });

  // the storefront follows the restored address
  await page.goto(DEMO);
  // A redirect follows a submitted query only (Enter), never typing.
  await page.locator('#search-input').fill(query);
  await page.locator('#search-input').press('Enter');
  await page.waitForURL(/\/demo\/pictures\/sale\.svg$/);
});

test('the audit log is for administrators only', async ({ page }) => {
  await signIn(page, 'superuser');
  await expect(await menuLink(page, 'Журнал изменений')).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page).not.toHaveURL(/\/admin\/audit$/);
});
