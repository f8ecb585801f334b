import { test, expect, expectAccessible, signIn } from './fixtures.ts';

test('a manager may preview the autocomplete but finds Generate disabled, with the reason', async ({
  page,
}) => {
  await signIn(page, 'manager', { at: '/anyquery/ux/autocomplete' });
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  // The studio's chunk and the config load on a busy machine.
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  const generate = toolbar.getByRole('button', { name: 'Сгенерировать' });
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription(
    'Ваша роль не позволяет генерировать в продакшен',
  );
  await generate.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Ваша роль не позволяет генерировать в продакшен',
  );
  await expect(toolbar.getByRole('button', { name: 'Предпросмотр' })).toBeEnabled();

  // The production copy: a manager cannot save to production.
  // The copy lives in the URL: the radio turns checked when the navigation commits.
  await page.getByRole('radio', { name: 'Продакшен' }).click();
  await expect(page.getByRole('radio', { name: 'Продакшен' })).toBeChecked();
  await expect(
    toolbar.getByRole('button', { name: 'Сохранить в продакшен' }),
  ).toHaveAccessibleDescription('Ваша роль не позволяет сохранять в продакшен');
  await expect(page.getByLabel('Стратегия автодополнения')).toBeDisabled();
});

// Two tests, each within its own timeout: seven axe runs on the studio's screens took longer than
// one test's two minutes on a loaded CI machine (one minute alone).
test('the studio screens have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'designer');
  for (const path of ['/anyquery/ux/instant-search', '/anyquery/ux/search']) {
    await page.goto(path);
    await expect(page.getByRole('toolbar', { name: 'Действия с конфигурацией' })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(page);
  }
});

test('the studio tabs have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'designer', { at: '/anyquery/ux/autocomplete' });
  for (const tab of ['Настройки', 'Шаблоны', 'Стили', 'Токены', 'Версии']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
  }
});
