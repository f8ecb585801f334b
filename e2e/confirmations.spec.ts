/**
 * Deletes and irreversible actions all ask with the one confirmation dialog (src/ui/confirm-dialog):
 * danger-styled (a red rule and title, a red confirm button), never the browser's own box, and
 * nothing happens before the answer. Screenshots land in test-results/confirmations/.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_PASSWORD, test, expect as baseExpect } from './fixtures.ts';

/** Screens load their data after the frame: a loaded machine needs more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = 'test-results/confirmations';
mkdirSync(SHOTS, { recursive: true });
/** --ui-danger */
const DANGER = 'rgb(185, 28, 28)';

test.describe.configure({ timeout: 120_000 });

/** Signs in through the real page (a loaded machine may take a while to show the frame). */
async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({
    timeout: 30_000,
  });
}

async function call(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

async function expectDanger(dialog: Locator, confirmName: string): Promise<void> {
  await expect(dialog).toHaveAttribute('data-tone', 'danger');
  await expect(dialog).toHaveCSS('border-top-color', DANGER);
  await expect(dialog.getByRole('heading')).toHaveCSS('color', DANGER);
  await expect(dialog.getByRole('button', { name: confirmName })).toHaveCSS(
    'background-color',
    DANGER,
  );
}

test('a widget delete asks in the danger dialog, not the browser box; its type reads in Russian', async ({
  page,
}) => {
  const native: string[] = [];
  page.on('dialog', (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, 'admin');
  const suffix = Date.now() % 1_000_000;
  const name = `Хиты ${suffix}`;
  await call(page, 'POST', '/api/recs/1/widgets?siteId=1', {
    widgetId: `e2e-confirm-${suffix}`,
    name,
    type: 'SLIDER',
    placements: ['home'],
    strategyHash: null,
  });
  await page.goto('/recs-configuration/widget');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Слайдер');
  await expect(row).not.toContainText('SLIDER');
  await row.getByRole('button', { name: `Удалить ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Удалить виджет «${name}»?` });
  await expectDanger(dialog, 'Удалить');
  await page.screenshot({ path: `${SHOTS}/widget-delete.png` });
  // Cancel keeps the widget
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Удалить ${name}` }).click();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
  expect(native).toEqual([]);
});

test('a query-list delete names the sites it affects', async ({ page }) => {
  await signIn(page, 'admin');
  const term = `пальто e2e подтверждение ${Date.now() % 1_000_000}`;
  await call(page, 'POST', '/api/aq/white-list?siteId=1', { term });
  await page.goto('/anyquery/service/white-list');
  await page
    .getByRole('row', { name: new RegExp(term) })
    .getByRole('button', { name: 'Удалить' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Удалить запись «${term}»?` });
  await expectDanger(dialog, 'Удалить');
  await expect(dialog).toContainText('для всех сайтов');
  await expect(dialog).toContainText('«Демо-магазин одежды»');
  await page.screenshot({ path: `${SHOTS}/query-list-delete.png` });
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText(term)).toHaveCount(0);
});

test('turning two-factor sign-in off is a danger button and asks first', async ({ page }) => {
  const login = `confirm2fa${Date.now() % 1_000_000}`;
  const password = 'Confirm-two-factor-7';
  await signIn(page, 'admin');
  await call(page, 'POST', '/api/register/user', {
    login,
    password,
    name: 'Confirm 2FA',
    isClient: false,
    roles: ['ROLE_SUPERUSER'],
  });
  await page.getByRole('button', { name: 'Выйти' }).click();
  await signIn(page, login, password);
  const setup = (await call(page, 'POST', '/api/me/two-factor/setup', {})) as { secret: string };
  await call(page, 'POST', '/api/me/two-factor/confirm', {
    code: generateSync({ secret: setup.secret }),
  });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Двухфакторный вход' });
  const off = section.getByRole('button', { name: 'Выключить' });
  await expect(off).toHaveCSS('background-color', DANGER);
  await section.getByLabel('Код из приложения или резервный код (чтобы выключить)').fill('123456');
  await off.click();
  const dialog = page.getByRole('dialog', { name: 'Выключить двухфакторный вход?' });
  await expectDanger(dialog, 'Выключить');
  await page.screenshot({ path: `${SHOTS}/two-factor-off.png` });
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(section).toContainText('Включён');
});
