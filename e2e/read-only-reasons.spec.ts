/**
 * A role that may read a screen but not change it is told so: the designer (layout designer
 * preset) opens screens whose forms their roles leave greyed, and every disabled control there
 * has a reason the user can see: a read-only notice shown above it that names the roles that may
 * change it, or its own description (a disabled button's tooltip and accessible description).
 * Checked on the rendered page: visibility, layout and the computed accessible description.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

const SHOTS = '/tmp';

/** Screens the designer may open but not change (their main call answers, the write does not). */
const SCREENS = [
  { path: '/site/tracking', heading: 'Трекинг', shot: 'tracking' },
  { path: '/site/global-config', heading: 'Глобальная конфигурация', shot: 'global-config' },
  { path: '/anyquery/search/sku-config', heading: 'Настройка SKU', shot: 'sku-config' },
  { path: '/anyquery/search/job-config', heading: 'Задачи поиска', shot: 'job-config' },
  {
    path: '/anyquery/service/custom-sort',
    heading: 'Пользовательская сортировка',
    shot: 'custom-sort',
  },
  { path: '/recs-configuration/ux', heading: 'Блоки рекомендаций', shot: 'recs-ux' },
  { path: '/dolyame/config/app', heading: 'Долями: приложение', shot: 'dolyame-app' },
] as const;

const DISABLED = [
  'button:disabled',
  'button[aria-disabled="true"]',
  'input:disabled',
  'select:disabled',
  'textarea:disabled',
  '[role="tab"][aria-disabled="true"]',
].join(', ');

/** The read-only notice of the page: visible, naming the roles that may change it. */
async function readOnlyNotice(page: Page): Promise<Locator> {
  const note = page
    .getByRole('main')
    .getByRole('note')
    .filter({ hasText: /^Только просмотр:/ })
    .first();
  await expect(note).toBeVisible();
  await expect(note).toContainText(
    /изменять могут роли «[^»]+»|изменять может только администратор/,
  );
  return note;
}

/** Each visible disabled control says why: its own description, or the notice shown above it. */
async function expectEveryDisabledControlExplained(page: Page, note: Locator): Promise<number> {
  const controls = page.getByRole('main').locator(DISABLED);
  await expect.poll(() => controls.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const noteBox = await note.boundingBox();
  expect(noteBox).not.toBeNull();
  let checked = 0;
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    checked += 1;
    const name = await control.evaluate(
      (el) =>
        `${el.tagName.toLowerCase()} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}»`,
    );
    const described = await control.evaluate((el) => el.hasAttribute('aria-describedby'));
    const isButton = await control.evaluate(
      (el) => el.tagName === 'BUTTON' || el.getAttribute('role') === 'tab',
    );
    const inDisabledForm = await control.evaluate((el) =>
      Boolean(el.closest('fieldset:disabled, form')),
    );
    if (isButton && described && !inDisabledForm) {
      // a button of its own: its reason is its computed description
      await expect(control, `${name} has no reason`).toHaveAccessibleDescription(/\S{3,}/);
      continue;
    }
    if (isButton && described) {
      // described buttons inside a form: their description may be the reason, else the notice
      const description = await control.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim(),
      );
      if (description.length > 2) continue;
    }
    // a field or a button greyed with its form: the notice is on screen above it
    const box = await control.boundingBox();
    expect(box, `${name} has no box`).not.toBeNull();
    expect(box!.y, `${name} sits above the read-only notice`).toBeGreaterThanOrEqual(
      noteBox!.y + noteBox!.height - 1,
    );
  }
  return checked;
}

test('the designer finds every greyed control of a read-only screen explained', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'designer');
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
      timeout: 30_000,
    });
    const note = await readOnlyNotice(page);
    const checked = await expectEveryDisabledControlExplained(page, note);
    expect(checked, `${screen.path}: no disabled control found`).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/read-only-${screen.shot}.png`, fullPage: true });
  }
});

test('the designer’s disabled buttons say why on focus and to screen readers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'designer');

  // recommendation blocks: delete and reorder need roles the designer lacks
  await page.goto('/recs-configuration/ux');
  const remove = page.getByRole('button', { name: 'Удалить блок' });
  await expect(remove).toBeVisible({ timeout: 30_000 });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(/^Недоступно вашей роли: это могут роли «/);
  await expect(remove).toHaveAttribute('title', /^Недоступно вашей роли/);
  // still reachable from the keyboard, and a click does nothing
  await remove.focus();
  await expect(remove).toBeFocused();
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const why = page.getByText(/^Недоступно вашей роли: это могут роли «/).first();
  await expect(why).toBeVisible();
  const moveDown = page.getByRole('button', { name: /^Опустить/ }).first();
  await expect(moveDown).toBeDisabled();
  await expect(moveDown).toHaveAccessibleDescription(/^Недоступно вашей роли/);

  // tracking: the lifecycle buttons show their reason as a tooltip on focus
  await page.goto('/site/tracking');
  const save = page.getByRole('button', { name: 'Сохранить', exact: true });
  await expect(save).toBeVisible({ timeout: 30_000 });
  await expect(save).toHaveAccessibleDescription(/\S/);
  await save.focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/\S/);
  await page.screenshot({ path: `${SHOTS}/read-only-tracking-tooltip.png` });
});

test('in English the notice names the roles in English', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'designer');
  await page
    .getByRole('group', { name: 'Язык интерфейса' })
    .getByRole('button', { name: 'EN' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/anyquery/search/sku-config');
  const note = page.getByRole('main').getByRole('note').first();
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveText(
    /^View only: the roles “Integrator”(,? (and )?“[^”]+”)* can change this\. Fields and buttons are inactive; an administrator grants the rights\.$/,
  );
  await expect(page.getByRole('main').getByRole('combobox').first()).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/read-only-sku-config-en.png`, fullPage: true });
});

test('in a copy the manager may not change, the studio’s own buttons say why', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'manager', { at: '/anyquery/ux/autocomplete' });
  await page.getByRole('radio', { name: 'Продакшен' }).click();
  await expect(page.getByRole('radio', { name: 'Продакшен' })).toBeChecked();
  await expect(readOnlyNotice(page)).resolves.toBeTruthy();

  await page.getByRole('tab', { name: 'Шаблоны' }).click();
  const reset = page.getByRole('button', { name: 'Вернуть стандартный' });
  await expect(reset).toBeDisabled({ timeout: 30_000 });
  await expect(reset).toHaveAccessibleDescription(/^Недоступно вашей роли: это могут роли «/);

  await page.getByRole('tab', { name: 'Токены' }).click();
  const fromFile = page.getByRole('button', { name: 'Загрузить из файла' });
  await expect(fromFile).toBeDisabled({ timeout: 30_000 });
  await expect(fromFile).toHaveAccessibleDescription(/^Недоступно вашей роли: это могут роли «/);
  await page.screenshot({ path: `${SHOTS}/read-only-studio-tokens.png`, fullPage: true });
});
