/**
 * Contrast checks on tokens: a designer darkens a background token in the studio's
 * tokens tab and sees the contrast failure at the token (ratio, nearest passing colour) and in the
 * generate confirmation, which still lets them generate.
 */
import { test, expect, signIn, menuLink } from './fixtures.ts';

test('a designer darkens a token and sees the contrast warning at the token and before generating', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'designer');
  await (await menuLink(page, 'Поиск', { exact: true })).click();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'Токены' }).click();
  const panel = page.getByRole('region', { name: 'Дизайн-токены' });
  const own = panel.getByRole('button', { name: 'Начать со стандартного набора' });
  const surface = panel.locator('[data-token="Colors.surface"]');
  // The panel loads after the tab opens: wait for either state before asking which it is.
  await expect(own.or(surface).first()).toBeVisible({ timeout: 30_000 });
  if (await own.isVisible()) await own.click();
  await expect(surface).toBeVisible();
  await expect(surface.getByRole('list', { name: 'Контраст (WCAG 2.2)' })).toHaveCount(0);

  // darker surface: the text on it (the autocomplete's hovered item …) is no longer readable
  const value = surface.getByRole('combobox', { name: 'Значение Colors.surface' });
  await value.fill('#4a4f59');
  const warning = surface.getByRole('list', { name: 'Контраст (WCAG 2.2)' });
  await expect(warning).toContainText(
    /Контраст [\d.]+:1 — --colors-text \(#[0-9a-f]{6}\) на --colors-surface \(#4a4f59\)/,
  );
  await expect(warning).toContainText('нужно 4.5:1');
  await expect(warning).toContainText('Ближайший проходящий цвет: #');
  // the other side of the pair is listed at its own token too
  await expect(
    panel.locator('[data-token="Colors.text"]').getByRole('list', { name: 'Контраст (WCAG 2.2)' }),
  ).toContainText(/--colors-text \(#[0-9a-f]{6}\) на --colors-surface \(#4a4f59\)/);
  await expect(panel).toContainText('нарушени');
  await page.screenshot({ path: '/tmp/trust-shots/contrast-token.png', fullPage: true });

  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  const confirm = page.getByRole('dialog', { name: 'Сгенерировать в продакшен?' });
  await expect(confirm.getByRole('note')).toContainText('Токены не проходят');
  await expect(confirm.getByRole('note')).toContainText(
    /--colors-text на --colors-surface: [\d.]+:1, нужно 4\.5:1/,
  );
  // a warning, not a refusal
  await expect(confirm.getByRole('button', { name: 'Да, сгенерировать' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/trust-shots/contrast-generate.png' });
  await confirm.getByRole('button', { name: 'Отмена' }).click();

  // the nearest passing colour, applied from the token, clears that pair's warning
  const apply = surface.getByRole('button', { name: /^Взять #/ }).first();
  const suggested = (await apply.textContent())!.replace('Взять ', '');
  await apply.click();
  await expect(value).toHaveValue(suggested);
  await expect(surface.getByRole('list', { name: 'Контраст (WCAG 2.2)' })).not.toContainText(
    '--colors-text (',
  );
});
