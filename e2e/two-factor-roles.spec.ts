/**
 * An administrator chooses on the roles screen which roles must sign in with a second factor: a
 * user holding such a role is then sent to the profile to enrol, the change is in the audit log,
 * and taking the role off the list lets the user in with the password again.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, signIn } from './fixtures.ts';

const PASSWORD = 'Two-factor-roles-7';
// held by no demo preset: the other specs' logins on this server are not affected
const ROLE = 'ROLE_CUSTOM_REPORT_ADMIN';

async function passwordSignIn(page: Page, login: string) {
  await page.goto('/login');
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('an administrator sets the roles that need a second factor; their holders must enrol', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = `tfroles${Date.now() % 1_000_000}`;
  await signIn(page, 'admin', { at: '/admin/roles' });
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/register/user', {
    data: { login, password: PASSWORD, name: 'Report admin', isClient: false, roles: [ROLE] },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(created.status()).toBe(200);

  const section = page.getByRole('region', { name: 'Двухфакторный вход по ролям' });
  await expect(section).toBeVisible();
  const save = section.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await expectAccessible(page);
  const picker = section.getByRole('combobox', { name: 'Роли, которым нужен второй фактор' });
  await picker.click();
  await picker.fill('CUSTOM_REPORT_ADMIN');
  await page.getByRole('option', { name: new RegExp(`^${ROLE} — `) }).click();
  await expect(section.getByRole('listitem').filter({ hasText: ROLE })).toHaveCount(1);
  await save.click();
  await expect(section.getByTestId('two-factor-roles-source')).toContainText('Изменил admin');
  await expect(save).toBeDisabled();

  // kept by the server: a reload shows it
  await page.reload();
  await expect(section.getByRole('listitem').filter({ hasText: ROLE })).toHaveCount(1);

  // in the audit log
  await page.goto('/admin/audit');
  await page.getByRole('combobox', { name: 'Объект' }).click();
  await page.getByRole('option', { name: 'Роли с двухфакторным входом', exact: true }).click();
  const table = page.getByRole('table', { name: 'Журнал изменений' });
  await expect(
    table.getByRole('row').filter({ hasText: 'Роли с двухфакторным входом' }).first(),
  ).toBeVisible();

  // the role's holder may only enrol
  await page.getByRole('button', { name: 'Выйти' }).click();
  await passwordSignIn(page, login);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByText('Для вашей роли двухфакторный вход обязателен.', { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Выйти' }).click();

  // taken off the list: the password alone signs in again
  await signIn(page, 'admin', { at: '/admin/roles' });
  await section.getByRole('button', { name: `Убрать «${ROLE} — ` }).click();
  await save.click();
  await expect(section.getByRole('listitem').filter({ hasText: ROLE })).toHaveCount(0);
  await expect(section).toContainText('Ни одной: второй фактор по желанию для всех.');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await passwordSignIn(page, login);
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile$/);
});
