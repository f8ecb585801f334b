import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';

const blockOrder = (page: Page) =>
  page
    .getByRole('group', { name: 'Блоки автодополнения и их порядок' })
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));

test('the autocomplete blocks are ordered by keyboard and by dragging, and the order is saved', async ({
  page,
}) => {
  // Room for every retry below and the restore in `finally` (a timeout would close the page first).
  test.setTimeout(240_000);
  await signIn(page, 'designer', { at: '/anyquery/ux/autocomplete' });
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  const original = await readAutocomplete(page);
  try {
    await reorderAndSave(page, toolbar);
  } finally {
    // The later specs (and a retry of this one) see the autocomplete copy as it was.
    const current = await readAutocomplete(page);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const restored = await page.request.post('/api/config/save/autocomplete?siteId=1&test=true', {
      data: { ...original.config, baseVersionId: current.versionId },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(restored.status()).toBe(200);
  }
});

async function readAutocomplete(page: Page) {
  const answer = await page.request.get('/api/site/1/config/autocomplete?test=true');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { versionId: number | null; config: Record<string, unknown> };
}

async function reorderAndSave(page: Page, toolbar: Locator) {
  const before = await blockOrder(page);
  expect(before.length).toBeGreaterThan(2);

  // Keyboard: pick up the second row with Space, move it up, drop it. Each key waits for the list to
  // have taken the previous one (a loaded machine may render the pick-up after the next key).
  const byKeyboard = [before[1], before[0], ...before.slice(2)];
  const queries = page.getByRole('button', {
    name: `Перетащить ${before[1]!.replace('Показывать ', '')}`,
  });
  await expect(async () => {
    if (JSON.stringify(await blockOrder(page)) === JSON.stringify(byKeyboard)) return;
    await queries.focus();
    await page.keyboard.press('Space');
    await expect(queries).toHaveAttribute('aria-pressed', 'true', { timeout: 3000 });
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(queries).not.toHaveAttribute('aria-pressed', 'true', { timeout: 3000 });
    await expect.poll(() => blockOrder(page), { timeout: 3000 }).toEqual(byKeyboard);
  }).toPass({ timeout: 30_000 });

  // Mouse: drag the last row onto the first row. The rows' boxes are read once the drag has
  // started (a notice above the list may have moved them), and a drop the list did not take is
  // dragged again from wherever the row is now: what is tested is that a drag reorders.
  const group = page.getByRole('group', { name: 'Блоки автодополнения и их порядок' });
  const last = before[before.length - 1]!;
  const handle = page.getByRole('button', {
    name: `Перетащить ${last.replace('Показывать ', '')}`,
  });
  await expect(async () => {
    await handle.hover();
    await page.mouse.down();
    const from = await handle.boundingBox();
    if (!from) throw new Error('row not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    const to = await group
      .getByRole('button', { name: /^Перетащить/ })
      .first()
      .boundingBox();
    if (!to) throw new Error('rows not laid out');
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await blockOrder(page))[0], { timeout: 3000 }).toBe(last);
  }).toPass({ timeout: 30_000 });

  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();
  const saved = await blockOrder(page);
  await page.reload();
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => blockOrder(page)).toEqual(saved);
}

test('a selector that does not parse is refused before saving', async ({ page }) => {
  await signIn(page, 'designer', { at: '/anyquery/ux/instant-search' });
  const input = page.getByLabel('Контейнер результатов');
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.fill('#search-results[[');
  await input.blur();
  await expect(page.getByText('Неверный CSS-селектор')).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Действия с конфигурацией' })
    .getByRole('button', { name: 'Сохранить', exact: true })
    .click();
  await expect(page.getByText('Исправьте отмеченные поля перед сохранением.')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
});
