/**
 * The visual regression gate through the console. The suite's shared server runs
 * with VISUAL_GATE=off (playwright.config.ts: the other studio specs test promotion itself); this
 * spec starts its own server, on E2E_PORT + 100, with the gate on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { APIRequest, Page } from '@playwright/test';
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
  await expect(gate.getByRole('status')).toContainText(/Изменились виды: \d+ из \d+/, {
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

/** An API session of `login` on the gate server, with its XSRF header. */
async function apiAs(playwright: { request: APIRequest }, login: string) {
  const api = await playwright.request.newContext({ baseURL: BASE });
  await api.get('/api/me');
  const xsrf = async () => ({
    'x-xsrf-token':
      (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ??
      '',
  });
  const login_ = await api.post('/api/login', {
    form: { username: login, password: 'vitrina-demo' },
    headers: await xsrf(),
  });
  expect(login_.ok()).toBe(true);
  return { api, xsrf };
}

test('scheduling runs the visual check first; a scheduled generate that cannot pass at its time says why, in Russian', async ({
  page,
  playwright,
}) => {
  test.setTimeout(480_000);
  await signIn(page, 'designer');
  await (await menuLink(page, 'Автодополнение')).click();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с конфигурацией' });
  await expect(toolbar.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: 'Шаблоны' }).click();
  await page.locator('.cm-content').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText(`<p class="e2e-night">Ночная распродажа ${Date.now()}</p>\n`);
  await toolbar.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(toolbar.getByText('Сохранено', { exact: true })).toBeVisible();

  // Scheduling: the time first, then the visual check of what would go live, before anything is scheduled.
  await page.getByRole('button', { name: 'Запланировать генерацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запланировать генерацию' });
  await dialog.getByLabel('Время').fill('23:59:59');
  await dialog.getByRole('button', { name: 'Запланировать' }).click();
  const gate = page.getByRole('dialog', { name: 'Визуальная проверка перед продакшеном' });
  await expect(gate).toBeVisible();
  const region = page.getByRole('region', { name: 'Запланированная публикация' });
  await expect(region.getByText(/Генерация запланирована/)).toHaveCount(0);
  await expect(gate.getByRole('status')).toContainText(/Изменились виды: \d+ из \d+/, {
    timeout: 300_000,
  });
  await gate.getByRole('button', { name: 'Принять изменения' }).click();
  await expect(gate.getByRole('status')).toContainText('Изменения приняты: designer.');
  await gate.getByRole('button', { name: 'Запланировать' }).click();
  await expect(gate).toBeHidden();
  await expect(
    region.getByText(/Генерация запланирована на \d{1,2} \S+ \d{4}, 23:59:59 \(designer\)/),
  ).toBeVisible();
  await region.getByRole('button', { name: 'Отменить' }).click();
  await expect(region.getByText(/Генерация запланирована/)).toHaveCount(0);

  // An administrator schedules the accepted version a few seconds ahead, then production moves
  // (another config's production copy is saved): at its time the check no longer holds.
  const { api, xsrf } = await apiAs(playwright, 'admin');
  const scheduled = await api.post('/api/config/scheduled-promotions?siteId=1', {
    data: {
      kind: 'autocomplete',
      key: 0,
      // Two calls from now, the production copy moved below: seconds on a loaded machine.
      runAt: new Date(Date.now() + 10_000).toISOString(),
    },
    headers: await xsrf(),
  });
  expect(scheduled.status()).toBe(201);
  const production = (await (
    await api.get('/api/site/1/config/instant-search?test=false')
  ).json()) as { config: { throttle: number }; versionId: number };
  const moved = await api.post('/api/config/save/instant-search?siteId=1&test=false', {
    data: {
      ...production.config,
      throttle: production.config.throttle + 1,
      baseVersionId: production.versionId,
    },
    headers: await xsrf(),
  });
  expect(moved.ok()).toBe(true);

  const failed = region.getByRole('alert');
  await expect(failed).toContainText(
    /Запланированная публикация .* не запустилась: визуальная проверка этой версии не проводилась на текущем продакшене/,
    { timeout: 120_000 },
  );
  await expect(failed).toContainText('Автору отправлено письмо.');
  // Shown as an error, not a grey note.
  expect(await failed.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
    'rgb(185, 28, 28)',
  );
  await page.screenshot({ path: test.info().outputPath('schedule-failed.png') });
  await api.dispose();
});
