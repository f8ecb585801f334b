import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, menuLink } from './fixtures.ts';

/** The hashed bundle the production loader of site 1 points at (null: nothing generated yet). */
async function productionBundle(request: APIRequestContext): Promise<string | null> {
  const loader = await (await request.get('/cdn/1/digi.js')).text();
  return /\/cdn\/1\/([0-9a-f]+)\.js/.exec(loader)?.[1] ?? null;
}

async function openRecsUx(page: Page) {
  await (await menuLink(page, 'UX рекомендаций')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Блоки рекомендаций' })).toBeVisible();
}

test('an integrator creates a recommendation block, edits it and deploys it to the production bundle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await productionBundle(page.request);

  await signIn(page, 'integrator');
  await openRecsUx(page);

  // Create: a disabled production copy first, then the integration copy (spec §4).
  const name = `Хиты e2e ${Date.now()}`;
  await page.getByRole('button', { name: 'Создать блок' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый блок рекомендаций' });
  await dialog.getByLabel('Название').fill(name);
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toBeHidden();
  const editor = page.getByRole('region', { name: `Блок «${name}»` });
  await expect(editor.getByText(/Версия 1 · integrator/)).toBeVisible();

  // Edit: placement, title, enabled on desktop; a bad selector is refused first.
  const placement = editor.getByLabel('Место вставки (CSS-селектор)', { exact: true });
  await placement.fill('#recs[[');
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor.getByText('Неверный CSS-селектор')).toBeVisible();
  await placement.fill('#digi-recommendations');
  // The bundle escapes non-ASCII text: the ASCII marker is what the test finds in it.
  const marker = `e2e-${Date.now()}`;
  const message = `Вам понравится ${marker}`;
  await editor.getByLabel('Заголовок блока').fill(message);
  await editor.getByLabel('Включён на десктопе').check();
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor.getByText(/Версия 2 · integrator/)).toBeVisible();

  // The list shows the block as enabled on desktop.
  const list = page.getByRole('list', { name: 'Блоки рекомендаций, в порядке вывода' });
  await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText('десктоп');

  // Deploy asks first, naming what goes live; Cancel sends nothing.
  await editor.getByRole('button', { name: 'Развернуть' }).click();
  const confirm = page.getByRole('dialog', { name: 'Развернуть в продакшен?' });
  await expect(confirm).toContainText(
    `версия 2 конфигурации «Блок рекомендаций «${name}»» сайта «Демо-магазин одежды`,
  );
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(confirm).toBeHidden();
  expect(await productionBundle(page.request)).toBe(before);

  // Deploy: confirmed, start, poll every second until done.
  await editor.getByRole('button', { name: 'Развернуть' }).click();
  await confirm.getByRole('button', { name: 'Да, развернуть' }).click();
  await expect(editor.getByText('В продакшене', { exact: true })).toBeVisible({ timeout: 60_000 });

  // Production now serves a new bundle carrying the block.
  const after = await productionBundle(page.request);
  expect(after).not.toBeNull();
  expect(after).not.toBe(before);
  const bundle = await (await page.request.get(`/cdn/1/${after}.js`)).text();
  expect(bundle).toContain(marker);
  expect(bundle).toContain('#digi-recommendations');

  // The production copy now holds the edit (version 2 of production: the deploy's copy).
  // The copy lives in the URL: the radio turns checked when the navigation commits.
  await page.getByRole('radio', { name: 'Продакшен' }).click();
  await expect(page.getByRole('radio', { name: 'Продакшен' })).toBeChecked();
  await expect(editor.getByLabel('Заголовок блока')).toHaveValue(message);
  await expectAccessible(page);
});

test('a manager sees the blocks but cannot create or deploy them', async ({ page }) => {
  await signIn(page, 'manager');
  await openRecsUx(page);
  await expect(page.getByRole('button', { name: 'Создать блок' })).toHaveCount(0);
  // The demo site has a block (server/demo/seed.ts): its editor opens with Deploy refused.
  await expect(page.getByRole('button', { name: 'Развернуть' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('blocks are reordered with the keyboard on the drag handle, and the order is saved', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'integrator');
  await openRecsUx(page);
  const stamp = Date.now();
  for (const name of [`Первый ${stamp}`, `Второй ${stamp}`]) {
    await page.getByRole('button', { name: 'Создать блок' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый блок рекомендаций' });
    await dialog.getByLabel('Название').fill(name);
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `Блок «${name}»` })).toBeVisible();
  }
  const list = page.getByRole('list', { name: 'Блоки рекомендаций, в порядке вывода' });
  const names = async () =>
    (await list.getByRole('listitem').allTextContents()).filter((text) =>
      text.includes(String(stamp)),
    );
  await expect
    .poll(names)
    .toEqual([expect.stringContaining('Первый'), expect.stringContaining('Второй')]);

  // dnd-kit's keyboard sensor: Space lifts, an arrow moves, Space drops.
  await list.getByRole('button', { name: `Перетащить «Второй ${stamp}»` }).focus();
  // Each step waits for the live region's announcement (the sensor measures between keys).
  const live = page.locator('[id^="DndLiveRegion"]');
  const last = await list.getByRole('listitem').count();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(`Блок «Второй ${stamp}» на позиции ${last}`);
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText(`Блок «Второй ${stamp}» на позиции ${last - 1}`);
  await page.keyboard.press('Space');
  await expect
    .poll(names)
    .toEqual([expect.stringContaining('Второй'), expect.stringContaining('Первый')]);

  // Saved: a reload reads the same order from the server.
  await expect(page.getByRole('status').filter({ hasText: 'Сохраняем порядок…' })).toHaveCount(0);
  await page.reload();
  // The reloaded console fetches the list again: slow on a loaded machine.
  await expect
    .poll(names, { timeout: 15_000 })
    .toEqual([expect.stringContaining('Второй'), expect.stringContaining('Первый')]);
});

test('an integrator puts production back on an earlier build from the versions panel', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'integrator');
  await openRecsUx(page);
  const name = `Откат e2e ${Date.now()}`;
  await page.getByRole('button', { name: 'Создать блок' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый блок рекомендаций' });
  await dialog.getByLabel('Название').fill(name);
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toBeHidden();
  const editor = page.getByRole('region', { name: `Блок «${name}»` });
  await expect(editor.getByText(/Версия 1 · integrator/)).toBeVisible();
  const confirm = page.getByRole('dialog', { name: 'Развернуть в продакшен?' });

  /** Saves a new title and deploys it; returns the production bundle's hash. */
  async function deployTitle(title: string, version: number): Promise<string> {
    await editor.getByLabel('Заголовок блока').fill(title);
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(editor.getByText(new RegExp(`Версия ${version} · integrator`))).toBeVisible();
    await editor.getByRole('button', { name: 'Развернуть' }).click();
    await confirm.getByRole('button', { name: 'Да, развернуть' }).click();
    await expect(editor.getByText('В продакшене', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    const hash = await productionBundle(page.request);
    expect(hash).not.toBeNull();
    return hash!;
  }
  // Enabled with a placement: a disabled block adds nothing to the bundle.
  await editor
    .getByLabel('Место вставки (CSS-селектор)', { exact: true })
    .fill('#digi-recommendations');
  await editor.getByLabel('Включён на десктопе').check();
  const first = await deployTitle(`first-${Date.now()}`, 2);

  // The versions panel stays open while the next version is deployed: what it says is live
  // follows production, one truth with the toolbar's «В продакшене».
  await editor.getByLabel('Заголовок блока').fill(`second-${Date.now()}`);
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor.getByText(/Версия 3 · integrator/)).toBeVisible();
  await editor.getByRole('tab', { name: 'Версии' }).click();
  const versions = editor.getByRole('region', { name: 'Версии' });
  const rows = versions.getByRole('row').filter({ hasText: 'Продакшен' });
  // Creating the block wrote production version 1 (never built); the deploy wrote version 2.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Сейчас на сайте');
  await editor.getByRole('button', { name: 'Развернуть', exact: true }).click();
  await confirm.getByRole('button', { name: 'Да, развернуть' }).click();
  await expect(editor.getByText('В продакшене', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const second = await productionBundle(page.request);
  expect(second).not.toBe(first);
  await expect(rows).toHaveCount(3);
  // The newest production version is the live one; the older one can go back.
  await expect(rows.first()).toContainText('Сейчас на сайте', { timeout: 20_000 });
  await expect(rows.filter({ hasText: 'Сейчас на сайте' })).toHaveCount(1);
  const back = versions.getByRole('button', { name: /^Вернуть на сайт сборку с версией/ }).first();
  await back.click();
  const rollback = page.getByRole('dialog', { name: 'Вернуть прежнюю сборку на сайт?' });
  await expect(rollback).toContainText(`«Блок рекомендаций «${name}»»`);
  // The whole bundle goes back: the dialog names every config that changes, with its versions.
  await expect(rollback.getByRole('listitem')).toHaveText([
    `Блок рекомендаций «${name}»: Версия 3 → Версия 2`,
  ]);
  await rollback.getByRole('button', { name: 'Да, вернуть' }).click();
  await expect(versions.getByRole('status')).toContainText('На сайте снова сборка');

  // Production serves the first build again, at once.
  expect(await productionBundle(page.request)).toBe(first);
  await page.screenshot({ path: test.info().outputPath('versions-rollback.png') });
  await expectAccessible(page);
});
