import { test, expect, signIn } from './fixtures.ts';

test('site edit: an invalid submit shows its error, a valid one saves and stays saved', async ({
  page,
}) => {
  await signIn(page, 'admin', { at: '/site/edit' });
  const name = page.getByLabel(/Название/).first();
  const original = await name.inputValue();
  // No error in the form before the user does anything (the site's feed block below may carry the
  // last feed job's failure, left by another spec on this worker's server).
  const form = page.getByRole('form', { name: 'Редактирование сайта' });
  await expect(form.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

  await name.fill('');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const error = page.getByText('Обязательное поле');
  await expect(error).toBeVisible();
  const style = await error.evaluate((el) => {
    const css = getComputedStyle(el);
    return { color: css.color, display: css.display, visibility: css.visibility };
  });
  expect(style.display).not.toBe('none');
  expect(style.visibility).toBe('visible');
  expect(style.color).not.toBe('rgba(0, 0, 0, 0)');
  await page.screenshot({ path: `${test.info().outputDir}/site-edit-invalid.png` });

  const renamed = `${original} (e2e)`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('УСПЕШНО').or(page.getByText('Успешно')).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Название/).first()).toHaveValue(renamed);
  await page.screenshot({ path: `${test.info().outputDir}/site-edit-saved.png` });
});
