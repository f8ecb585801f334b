/**
 * The studio preview runs merchant templates over untrusted catalog data in
 * `<iframe sandbox="allow-scripts">` with a strict CSP. Here a template and the catalog both
 * carry script: none of it may reach the studio's cookies, storage or page.
 */
import type { Frame, Page } from '@playwright/test';
import { PREVIEW_PAGE_CSP } from '#server/app.ts';
import { previewPageCsp } from '#studio/preview/build-guest.ts';
import { offerXml, ymlDocument } from '#tests/helpers/catalog.ts';
import { HARNESS_PATH, startPreviewServer, type PreviewServer } from './preview-server.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const SECRET = 'TOPSECRET-4711';

/** Tries everything a hostile script would, and says what it got back to the studio. */
const STEAL =
  `(function(){var r={};` +
  `try{r.cookie=String(parent.document.cookie)}catch(e){r.cookie='blocked'}` +
  `try{r.storage=String(localStorage.getItem('secret'))}catch(e){r.storage='blocked'}` +
  `try{r.body=parent.document.body.innerHTML.length;parent.document.body.insertAdjacentHTML('beforeend','<p id=pwned>pwned</p>')}catch(e){r.body='blocked'}` +
  `document.documentElement.setAttribute('data-ran','1');parent.postMessage({leak:r},'*')})()`;

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HOSTILE_NAMES = [
  `Платье <img src=x onerror="${STEAL}">`,
  `Куртка <script>${STEAL}</script>`,
  `Шапка <svg onload="${STEAL}"></svg>`,
];

const TEMPLATE = `<div class="t-item" data-id="{{product.id}}">
  {{{product.name}}}
  <img src="x-missing.png" onerror="${STEAL.replace(/"/g, '&quot;')}">
  <script>${STEAL}</script>
  <a href="javascript:${STEAL.replace(/"/g, '&quot;')}" class="t-link">open</a>
</div>`;

let server: PreviewServer;

test.beforeAll(async () => {
  server = await startPreviewServer({
    feedXml: ymlDocument({
      categories: '<category id="1">Одежда</category>',
      offers: HOSTILE_NAMES.map((name, i) => offerXml({ id: `h${i}`, name: xml(name) })).join(''),
    }),
  });
});
test.afterAll(async () => {
  await server?.close();
});

async function openHarness(page: Page): Promise<Frame> {
  await page.goto(`${server.baseUrl}${HARNESS_PATH}?apiKey=${server.apiKey}`);
  await page.evaluate((secret) => {
    document.cookie = `secret=${secret}; path=/`;
    localStorage.setItem('secret', secret);
    const w = window as unknown as { leaks: unknown[] };
    w.leaks = [];
    window.addEventListener('message', (event) => {
      if (typeof event.data === 'object' && event.data !== null && 'leak' in event.data) {
        w.leaks.push(event.data);
      }
    });
  }, SECRET);
  const iframe = page.locator('iframe[title*="Интеграция"]');
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await expect(frame.locator('.digi-card')).toHaveCount(HOSTILE_NAMES.length);
  return frame;
}

test('hostile templates and catalog data cannot reach the studio', async ({ page }) => {
  const frame = await openHarness(page);
  // The default card escapes the names: the markup shows as text.
  await expect(frame.getByText('<img src=x onerror=', { exact: false }).first()).toBeVisible();

  await page.evaluate(
    (template) => window.previewHarness?.setTemplate('productItem', template),
    TEMPLATE,
  );
  await expect(frame.locator('.t-item')).toHaveCount(HOSTILE_NAMES.length);
  // The triple-stashed names are markup now: the img and svg exist in the frame.
  await expect(frame.locator('.t-item img[src="x"]')).toHaveCount(1);
  await frame.locator('.t-link').first().click();
  // Give load errors and handlers every chance to run: wait until every picture has failed.
  await frame.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

  // CSP: no inline script or handler ran inside the frame.
  await expect(frame.locator('html[data-ran]')).toHaveCount(0);
  // The studio page is untouched and nothing was posted to it.
  await expect(page.locator('#pwned')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { leaks: unknown[] }).leaks)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('secret'))).toBe(SECRET);
});

test('even script that runs in the frame cannot read the studio, its storage or the network', async ({
  page,
}) => {
  const frame = await openHarness(page);
  // What a script that got past the CSP would see: the sandbox (opaque origin) still holds.
  const seen = await frame.evaluate(async () => {
    const attempt = async (read: () => unknown): Promise<string> => {
      try {
        return `read: ${String(await read())}`;
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    };
    return {
      parentCookie: await attempt(() => parent.document.cookie),
      parentBody: await attempt(() => parent.document.body.innerHTML),
      ownCookie: await attempt(() => document.cookie),
      storage: await attempt(() => localStorage.getItem('secret')),
      fetch: await attempt(() => fetch('/api/site/all').then((r) => r.status)),
      origin: window.origin,
      html: document.documentElement.outerHTML,
    };
  });
  expect(seen.parentCookie).toMatch(/^blocked: SecurityError/);
  expect(seen.parentBody).toMatch(/^blocked: SecurityError/);
  expect(seen.ownCookie).toMatch(/^blocked: SecurityError/);
  expect(seen.storage).toMatch(/^blocked: SecurityError/);
  expect(seen.fetch).toMatch(/^blocked: TypeError/);
  expect(seen.origin).toBe('null');
  // The apiKey stays with the studio: the frame gets data, never the key.
  expect(seen.html).not.toContain(server.apiKey);
});

test('the pane is accessible, switches to mobile and shows production beside integration', async ({
  page,
}) => {
  const frame = await openHarness(page);
  await page.getByRole('button', { name: 'Телефон, 390 px' }).click();
  await expect(page.getByRole('button', { name: 'Телефон, 390 px' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The widget sees a phone's 390 px wide window: below the storefront's 768 px breakpoint.
  await expect.poll(() => frame.evaluate(() => window.innerWidth)).toBe(390);
  await expect(frame.locator('html[data-viewport="mobile"]')).toHaveCount(1);
  await page.evaluate(() =>
    window.previewHarness?.set({
      compare: {
        templates: { productItem: '<p class="t-prod">{{product.name}}</p>' },
        css: '',
        settings: {},
      },
    }),
  );
  await page.getByRole('checkbox', { name: 'Интеграция и продакшен рядом' }).check();
  const production = page.frameLocator('iframe[title*="Продакшен"]');
  await expect(production.locator('.t-prod')).toHaveCount(HOSTILE_NAMES.length);
  await expectAccessible(page);
});

test('the preview page is served sandboxed, frameable only by the console, never sniffed', async ({
  page,
}) => {
  const response = await page.request.get(`${server.baseUrl}/studio-preview.html`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toMatch(/(^|; )sandbox allow-scripts(;|$)/);
  expect(csp).toContain("frame-ancestors 'self'");
  // The meta CSP's directives, now also in force where a meta tag cannot reach.
  for (const directive of [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'unsafe-inline'",
    'img-src * data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  // The server's copy is the page's meta CSP plus the header-only directives (as `npx vite`).
  expect(csp).toBe(PREVIEW_PAGE_CSP);
  expect(PREVIEW_PAGE_CSP).toBe(previewPageCsp());
  expect(headers['x-content-type-options']).toBe('nosniff');
  const script = /<script src="([^"]+)"/.exec(await response.text())?.[1];
  expect(script).toMatch(/^\/studio-preview\/guest-[\w-]+\.js$/);
  const guest = await page.request.get(`${server.baseUrl}${script}`);
  expect(guest.status()).toBe(200);
  expect(guest.headers()['x-content-type-options']).toBe('nosniff');
  // The console's own page keeps its headers (no sandbox there).
  const index = await page.request.get(`${server.baseUrl}/`);
  expect(index.headers()['content-security-policy'] ?? '').not.toContain('sandbox');

  // Opened directly (not framed), the page is still sandboxed: an opaque origin.
  await page.goto(`${server.baseUrl}/studio-preview.html`);
  expect(await page.evaluate(() => window.origin)).toBe('null');
});

/**
 * Serves the page a template navigates to: it reports what reaches it and pretends to be the
 * guest; the studio page collects its reports in `window.foreign`.
 */
async function foreignPage(page: Page): Promise<() => Promise<unknown[]>> {
  await page.route('**/foreign-page.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><p id="foreign">foreign</p><script>` +
        `addEventListener('message', function (e) { parent.postMessage({ foreignGot: e.data }, '*') });` +
        `parent.postMessage({ channel: 'vitrina-preview', v: 1, type: 'ready', payload: {} }, '*');` +
        `</script>`,
    }),
  );
  return () => page.evaluate(() => (window as unknown as { foreign: unknown[] }).foreign);
}

async function collectForeign(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { foreign: unknown[] };
    w.foreign = [];
    window.addEventListener('message', (event) => {
      if (typeof event.data === 'object' && event.data !== null && 'foreignGot' in event.data) {
        w.foreign.push(event.data);
      }
    });
  });
}

test('template links do not navigate; a page that script loads into the frame gets no edits', async ({
  page,
}) => {
  const received = await foreignPage(page);
  await openHarness(page);
  await collectForeign(page);
  const frame = page.frameLocator('iframe[title*="Интеграция"]');
  let foreignLoads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/foreign-page.html')) foreignLoads++;
  });
  await page.evaluate(() =>
    window.previewHarness?.setTemplate(
      'productItem',
      '<div class="t-nav-item"><a class="t-nav" href="/foreign-page.html">{{product.id}}</a></div>',
    ),
  );
  await expect(frame.locator('.t-nav')).toHaveCount(HOSTILE_NAMES.length);
  // The preview is not for navigating: the click is cancelled.
  await frame.locator('.t-nav').first().click();
  await page.waitForTimeout(300);
  expect(foreignLoads).toBe(0);
  await expect(frame.locator('.t-nav')).toHaveCount(HOSTILE_NAMES.length);

  // Script that got past the CSP could still navigate: the guest says bye, the host goes quiet,
  // then puts its own page back and initialises it with the current templates.
  const handle = await page.locator('iframe[title*="Интеграция"]').elementHandle();
  const inner = await handle?.contentFrame();
  if (!inner) throw new Error('no preview frame');
  // Edits keep coming while the frame navigates: none may reach the page that replaces the guest.
  const typing = page.evaluate(async () => {
    for (let i = 0; i < 150; i++) {
      window.previewHarness?.setTemplate('productItem', `<p class="t-typing">${i}</p>`);
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
  });
  await inner.evaluate(() => {
    setTimeout(() => location.assign('/foreign-page.html'), 0);
  });
  await typing;
  await expect.poll(() => foreignLoads).toBeGreaterThan(0);
  await page.evaluate(() =>
    window.previewHarness?.setTemplate('productItem', '<p class="t-after">{{product.id}}</p>'),
  );
  // Edits reach the guest again …
  await expect(frame.locator('.t-after')).toHaveCount(HOSTILE_NAMES.length);
  await expect(frame.locator('#foreign')).toHaveCount(0);
  // … and the foreign page never received anything (not even an answer to its fake `ready`).
  expect(await received()).toEqual([]);
});

test('a meta refresh in a template is stripped: nothing navigates, a fixed template takes over', async ({
  page,
}) => {
  const received = await foreignPage(page);
  await openHarness(page);
  await collectForeign(page);
  let foreignLoads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/foreign-page.html')) foreignLoads++;
  });
  const frame = page.frameLocator('iframe[title*="Интеграция"]');
  await page.evaluate(() =>
    window.previewHarness?.setTemplate(
      'productItem',
      '<meta http-equiv="refresh" content="0;url=/foreign-page.html"><base href="/foreign/">' +
        '<p class="t-meta">{{product.id}}</p>',
    ),
  );
  await expect(frame.locator('.t-meta')).toHaveCount(HOSTILE_NAMES.length);
  await expect(frame.locator('meta[http-equiv="refresh"], base')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(foreignLoads).toBe(0);
  await page.evaluate(() =>
    window.previewHarness?.setTemplate('productItem', '<p class="t-fixed">{{product.id}}</p>'),
  );
  await expect(frame.locator('.t-fixed')).toHaveCount(HOSTILE_NAMES.length);
  await expect(frame.locator('#foreign')).toHaveCount(0);
  expect(foreignLoads).toBe(0);
  expect(await received()).toEqual([]);
});
