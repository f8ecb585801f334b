/**
 * The visual regression gate (issue 18.1) through the console. The suite's shared server runs
 * with VISUAL_GATE=off (playwright.config.ts: the other studio specs test promotion itself); this
 * spec starts its own server, on E2E_PORT + 100, with the gate on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect, signIn, menuLink } from './fixtures.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 100;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      VISUAL_GATE: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const end = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/docs/json`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`The gate server on ${PORT} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test.use({ baseURL: BASE });

/** The background colour of the first buy button of the demo page's instant search results. */
async function buyButtonColour(page: Page): Promise<string> {
  await page.goto(`/cdn/1/demo.html?st=${encodeURIComponent('платье')}`);
  const buy = page.locator('#search-results').getByRole('button', { name: 'Купить' }).first();
  await expect(buy).toBeVisible({ timeout: 30_000 });
  return buy.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('a designer darkens a token, generates, reviews the visual difference, accepts, and production changes', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  const shopper = await context.newPage();
  const before = await buyButtonColour(shopper);
  expect(before).toBe('rgb(91, 63, 214)');

  await signIn(page, 'designer');
  await (await menuLink(page, 'Мгновенный поиск')).click();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // The tokens tab: start from the standard set and darken the base blue (the primary colour).
  await page.getByRole('tab', { name: 'Токены' }).click();
  // The seeded config has no token set of its own (the storefront's default applies).
  const start = page.getByRole('button', { name: 'Начать со стандартного набора' });
  await expect(start).toBeVisible({ timeout: 30_000 });
  await start.click();
  await page.getByRole('searchbox', { name: 'Поиск токена' }).fill('Colors.Base.blue');
  const blue = page.getByLabel('Значение Colors.Base.blue', { exact: true });
  await blue.fill('#2a1d80');
  await blue.blur();
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Generate: confirmed, then the visual check runs before anything reaches production.
  await toolbar.getByRole('button', { name: 'Сгенерировать' }).click();
  await page
    .getByRole('dialog', { name: 'Сгенерировать в продакшен?' })
    .getByRole('button', { name: 'Да, сгенерировать' })
    .click();
  const gate = page.getByRole('dialog', { name: 'Визуальная проверка перед продакшеном' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('progressbar', { name: 'Визуальная проверка' })).toBeVisible();
  await page.screenshot({ path: '/tmp/gate-shots/e2e-running.png' }).catch(() => {});

  // The gallery: the changed views with production, candidate and the difference.
  await expect(gate.getByRole('status')).toContainText(/Изменились виды: \d+ из 8/, {
    timeout: 300_000,
  });
  const instant = gate.getByRole('region', { name: 'Мгновенный поиск с фасетами 1280 px' });
  await expect(instant).toContainText(/изменено \d+(,\d+)?\s%\sпикселей/);
  for (const image of [
    'сейчас в продакшене',
    'после выпуска',
    'изменённые пиксели выделены красным',
  ])
    await expect(instant.getByRole('img', { name: new RegExp(image) })).toBeVisible();
  // The difference image is a real PNG served to the signed-in user.
  const diffSrc = await instant
    .getByRole('img', { name: /изменённые пиксели/ })
    .getAttribute('src');
  const diff = await page.request.get(diffSrc!);
  expect(diff.headers()['content-type']).toBe('image/png');
  await page
    .screenshot({ path: '/tmp/gate-shots/e2e-gallery.png', fullPage: true })
    .catch(() => {});

  // Nothing reached production yet.
  expect(await buyButtonColour(shopper)).toBe(before);

  // Accept, then generate from the dialog.
  await gate.getByRole('button', { name: 'Принять изменения' }).click();
  await expect(gate.getByRole('status')).toContainText('Изменения приняты: designer.');
  await gate.getByRole('button', { name: 'Сгенерировать' }).click();
  await expect(gate).toBeHidden();
  await expect(toolbar.getByText('В продакшене', { exact: true })).toBeVisible({
    timeout: 120_000,
  });

  // The merchant page now paints the buy buttons in the darker colour.
  expect(await buyButtonColour(shopper)).toBe('rgb(42, 29, 128)');
});
