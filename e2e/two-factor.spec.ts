/**
 * Two-factor sign-in: a staff user enrols in the profile by "scanning" the QR code
 * (the test computes the app's code from the secret shown beside it), signs out, and signs in with
 * the password and then the code; a recovery code works once.
 */
import { generateSync } from 'otplib';
import { test, expect, signIn } from './fixtures.ts';

const PASSWORD = 'Staff-two-factor-7';
const codeAt = (secret: string, ms: number) =>
  generateSync({ secret, epoch: Math.floor(ms / 1000) });

test('a staff user enrols TOTP with the QR code, signs out, and signs in with a code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // a staff user of its own, so the other specs' demo logins keep signing in with a password
  const login = `staff2fa${Date.now() % 1_000_000}`;
  await signIn(page, 'admin');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/register/user', {
    data: {
      login,
      password: PASSWORD,
      name: 'Staff 2FA',
      isClient: false,
      roles: ['ROLE_SUPERUSER'],
    },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(created.status()).toBe(200);
  await page.getByRole('button', { name: 'Выйти' }).click();

  await signIn(page, login, { password: PASSWORD });
  // the user's name in the sidebar opens the profile
  await page.getByRole('link', { name: 'Staff 2FA' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Двухфакторный вход' });
  await expect(section).toContainText('Выключен: вход только по паролю.');
  await section.getByRole('button', { name: 'Настроить двухфакторный вход' }).click();

  const qr = section.getByRole('img', { name: 'QR-код для приложения-аутентификатора' });
  await expect(qr).toBeVisible({ timeout: 20_000 });
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: '/tmp/trust-shots/two-factor-enrol.png', fullPage: true });

  // a wrong code is refused, the app's code confirms
  await section.getByLabel('Код из приложения').fill('000000');
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(section.getByText('Неверный или уже использованный код')).toBeVisible();
  await section.getByLabel('Код из приложения').fill(codeAt(secret, Date.now()));
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  const recovery = page.getByRole('region', { name: 'Резервные коды' });
  await expect(recovery.getByRole('listitem')).toHaveCount(10);
  const recoveryCode = (await recovery.getByRole('listitem').first().textContent())!.trim();
  await expect(section).toContainText('Включён. Осталось 10 резервных кодов.');
  // the secret is not shown any more
  await expect(section.getByTestId('two-factor-secret')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/trust-shots/two-factor-codes.png', fullPage: true });
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // the password alone no longer signs in: the code step follows
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  const codeForm = page.getByRole('form', { name: 'Код входа' });
  await expect(codeForm).toBeVisible();
  await page.screenshot({ path: '/tmp/trust-shots/two-factor-sign-in.png', fullPage: true });
  await codeForm.getByRole('textbox', { name: 'Код', exact: true }).fill('123456');
  await codeForm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(codeForm.getByRole('alert')).toHaveText('Неверный или уже использованный код');
  // the confirmation used this step's code: the app shows the next one
  await codeForm
    .getByRole('textbox', { name: 'Код', exact: true })
    .fill(codeAt(secret, Date.now() + 30_000));
  await codeForm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();

  // a recovery code signs in once
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('textbox', { name: 'Код', exact: true }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
  await page.getByRole('link', { name: 'Staff 2FA' }).click();
  await expect(page.getByRole('region', { name: 'Двухфакторный вход' })).toContainText(
    'Осталось 9 резервных кодов',
  );
});
