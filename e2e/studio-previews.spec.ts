/**
 * The studio previews of global components and recommendation blocks are
 * styled like the storefront (the compiled tokens and the storefront's CSS, as the search
 * previews), the recommendations preview is on screen without scrolling, and the device frames
 * have a real device's width scaled to the pane. Checked on computed styles and pixels, not on
 * DOM presence. The console's default e2e server has no catalog, so this spec starts its own with
 * the demo catalog imported (e2e/preview-server.ts).
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { test, expect, DEMO_PASSWORD } from './fixtures.ts';
import { startPreviewServer, type PreviewServer } from './preview-server.ts';

let server: PreviewServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPreviewServer({ offers: 60 });
});

test.afterAll(async () => {
  await server.close();
});

async function signInAt(page: Page, login: string): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
}

const previewFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[title="Предпросмотр виджета — Интеграция"]');

/** Computed styles the storefront's CSS sets and a browser's defaults do not. */
async function styleOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      fontFamily: style.fontFamily,
      textDecoration: style.textDecorationLine,
      listStyle: style.listStyleType,
      display: style.display,
    };
  });
}

/** The browser's default serif face (no storefront CSS): what the bug showed. */
const DEFAULT_SERIF = /times|^serif$/i;

test('a global component preview is styled by the storefront CSS and tokens, and the Fashion view changes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, 'admin');
  await page.goto(`${server.baseUrl}/anyquery/ux/global-components`);
  const frame = previewFrame(page);
  const name = frame.locator('.digi-card__name').first();
  await expect(name).toBeVisible({ timeout: 30_000 });

  // The storefront's sans-serif type, no underlined links, a styled buy button.
  await expect.poll(async () => (await styleOf(name)).fontFamily).not.toMatch(DEFAULT_SERIF);
  expect((await styleOf(name)).textDecoration).toBe('none');
  const buy = frame.locator('.digi-card__buy').first();
  const buyBackground = await buy.evaluate((element) => getComputedStyle(element).backgroundColor);
  // The browser's default button face is light grey; the token's accent is not.
  expect(buyBackground).not.toBe('rgb(239, 239, 239)');

  // The Fashion view looks different (the card's picture and layout).
  const stage = page.locator('.vitrina-preview-pane__stage').first();
  const before = await stage.screenshot();
  await page.getByRole('combobox', { name: 'Вид' }).click();
  await page.getByRole('option', { name: /Fashion|Фэшн|Мода/ }).click();
  await expect(frame.locator('.digi-card--fashion')).toBeVisible();
  await expect.poll(async () => (await stage.screenshot()).equals(before)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('component-preview.png') });
});

test('a recommendation block preview shows a styled slider on screen without scrolling', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, 'integrator');
  // The preview's widget view is tracked as the storefront's, from the console under the staff's
  // preview strategy (spec part 1 §7), which the reports leave out (tests/server/reports/reports.test.ts).
  const tracked = page.waitForRequest(
    (request) => request.url().endsWith('/public/tracking/widget') && request.method() === 'POST',
  );
  await page.goto(`${server.baseUrl}/recs-configuration/ux`);
  const frame = previewFrame(page);
  const slide = frame.locator('.digi-recommendations__slide').first();
  await expect(slide).toBeVisible({ timeout: 30_000 });
  const view = await tracked;
  expect(view.postDataJSON()).toMatchObject({
    eventType: 'WIDGET_VIEW',
    strategy: 'dashboard_digi',
    location: `${server.baseUrl}/recs-configuration/ux`,
    pageProducts: expect.arrayContaining([expect.any(String)]),
  });
  expect((await view.response())?.status()).toBe(204);

  // The slider, not a bulleted list: slides side by side in a flex track, no list markers.
  const track = frame.locator('.digi-recommendations__track').first();
  expect((await styleOf(track)).display).toBe('flex');
  expect((await styleOf(slide)).listStyle).not.toBe('disc');
  const boxes = await frame
    .locator('.digi-recommendations__slide')
    .evaluateAll((slides) => slides.slice(0, 2).map((s) => s.getBoundingClientRect().top));
  expect(boxes[1]).toBe(boxes[0]);
  expect((await styleOf(frame.locator('.digi-card__name').first())).fontFamily).not.toMatch(
    DEFAULT_SERIF,
  );

  // On screen at once: the frame's top is inside the window without any scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await page.locator('iframe[title="Предпросмотр виджета — Интеграция"]').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeLessThan(900 - 200);
  await page.screenshot({ path: test.info().outputPath('recs-preview.png') });
});

test('the desktop frame is 1280 px wide scaled to the pane, the phone 390 px fits, and a device switch keeps the typed query', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, 'designer');
  await page.goto(`${server.baseUrl}/anyquery/ux/instant-search`);
  const iframe = page.locator('iframe[title="Предпросмотр виджета — Интеграция"]');
  const frame = previewFrame(page);
  const stage = page.locator('.vitrina-preview-pane__stage').first();
  const input = frame.locator('input[type="search"]').first();
  await expect(input).toBeVisible({ timeout: 30_000 });

  // Desktop: the page inside is 1280 px wide (the desktop layout), the frame fits the pane.
  await expect.poll(() => iframe.evaluate((f: HTMLIFrameElement) => f.clientWidth)).toBe(1280);
  const stageBox = (await stage.boundingBox())!;
  const desktopBox = (await iframe.boundingBox())!;
  expect(stageBox.width).toBeLessThan(1280);
  expect(desktopBox.width).toBeLessThanOrEqual(stageBox.width + 1);
  expect(desktopBox.x).toBeGreaterThanOrEqual(stageBox.x - 1);

  await input.fill('джинсы');
  await expect(frame.locator('.digi-card').first()).toBeVisible({ timeout: 20_000 });

  // Phone: 390 px inside, the whole frame within the pane, the typed query still there.
  await page.getByRole('button', { name: 'Телефон, 390 px' }).click();
  await expect.poll(() => iframe.evaluate((f: HTMLIFrameElement) => f.clientWidth)).toBe(390);
  const phoneBox = (await iframe.boundingBox())!;
  expect(phoneBox.x).toBeGreaterThanOrEqual(stageBox.x - 1);
  expect(phoneBox.x + phoneBox.width).toBeLessThanOrEqual(stageBox.x + stageBox.width + 1);
  await expect(frame.locator('input[type="search"]').first()).toHaveValue('джинсы');
  await page.screenshot({ path: test.info().outputPath('phone-preview.png') });

  await page.getByRole('button', { name: 'Компьютер' }).click();
  await expect(frame.locator('input[type="search"]').first()).toHaveValue('джинсы');
  await expect(frame.locator('.digi-card').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('desktop-preview.png') });
});

test('the preview query drives the frame; zoom fits or shows 100 % with scroll; side by side is stacked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, 'designer');
  await page.goto(`${server.baseUrl}/anyquery/ux/instant-search`);
  const frame = previewFrame(page);
  const iframe = page.locator('iframe[title="Предпросмотр виджета — Интеграция"]');
  const stage = page.locator('.vitrina-preview-pane__stage').first();
  // The studio loads its config, the tokens and the frame: slow on a loaded machine.
  await expect(frame.locator('input[type="search"]').first()).toBeVisible({ timeout: 90_000 });

  // «Запрос для предпросмотра» is typed into the previewed search box, and the frame answers it.
  await page.getByRole('searchbox', { name: 'Запрос для предпросмотра' }).fill('джинсы');
  await expect(frame.locator('input[type="search"]').first()).toHaveValue('джинсы');
  await expect(frame.locator('.digi-card__name').first()).toContainText(/Джинсы/i, {
    timeout: 20_000,
  });

  // Fit: the 1280 px page scaled to the stage, the percentage on the button.
  const zoom = page.getByRole('group', { name: 'Масштаб' });
  const scaleOf = async () => Number(await stage.getAttribute('data-scale'));
  await expect.poll(scaleOf).toBeLessThan(1);
  const fit = await scaleOf();
  await expect(
    zoom.getByRole('button', { name: `Вписать, ${Math.round(fit * 100)} %` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await stage.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('studio-fit-1280.png') });

  // 100 %: the frame at its own width, the stage scrolls sideways to the rest.
  await zoom.getByRole('button', { name: '100 %' }).click();
  await expect.poll(scaleOf).toBe(1);
  expect((await iframe.boundingBox())!.width).toBeCloseTo(1280, 0);
  const scroll = await stage.evaluate((element) => {
    element.scrollLeft = 400;
    return {
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      scrollLeft: element.scrollLeft,
      overflowX: getComputedStyle(element).overflowX,
    };
  });
  expect(scroll.overflowX).toBe('auto');
  expect(scroll.scrollWidth).toBeGreaterThanOrEqual(1280);
  expect(scroll.clientWidth).toBeLessThan(1280);
  expect(scroll.scrollLeft).toBe(400);
  await page.screenshot({ path: test.info().outputPath('studio-100-1280.png') });
  await zoom.getByRole('button', { name: /^Вписать/ }).click();
  await expect.poll(scaleOf).toBe(fit);

  // Side by side: integration above production, each as wide (and as large) as the single frame.
  await page.getByRole('checkbox', { name: 'Интеграция и продакшен рядом' }).check();
  const production = page.locator('iframe[title="Предпросмотр виджета — Продакшен"]');
  await expect(production).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Расположение' })
      .getByRole('button', { name: 'Друг под другом' }),
  ).toHaveAttribute('aria-pressed', 'true');
  const stages = page.locator('.vitrina-preview-pane__stage');
  await expect.poll(async () => Number(await stages.nth(1).getAttribute('data-scale'))).toBe(fit);
  const [top, bottom] = [
    (await stages.nth(0).boundingBox())!,
    (await stages.nth(1).boundingBox())!,
  ];
  expect(bottom.y).toBeGreaterThanOrEqual(top.y + top.height);
  expect(bottom.width).toBeCloseTo(top.width, 0);
  await expect(frame.locator('input[type="search"]').first()).toHaveValue('джинсы');
  await page.locator('.vitrina-preview-pane__frames').scrollIntoViewIfNeeded();
  await page.screenshot({
    path: test.info().outputPath('studio-stacked-1280.png'),
    fullPage: true,
  });
  // Two columns remain a choice: each half as wide.
  await page.getByRole('button', { name: 'В два столбца' }).click();
  await expect
    .poll(async () => Number(await stages.nth(1).getAttribute('data-scale')))
    .toBeLessThan(fit);
});
