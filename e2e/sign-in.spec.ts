import { test, expect, signIn } from './fixtures.ts';

test('refuses empty fields and a wrong password, then signs in and out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Vitrina · Вход');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);

  await page.getByLabel('Имя пользователя').fill('admin');
  await page.getByLabel('Пароль').fill('wrong');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверное имя пользователя или пароль');

  await signIn(page, 'manager');
  // The manager holds the aggregate-report role: home is the statistics screen (spec §6).
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Главная');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/site/edit');
  await expect(page).toHaveURL(/\/login$/);
});
