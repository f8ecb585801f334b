/**
 * The console's HTTP defences, against the real server (e2e/server.ts) as a browser and a
 * script would meet them: the console pages' CSP, the XSRF token every write must echo, the
 * refusal of writes a page of another site starts (Sec-Fetch-Site), the JSON 404 of unknown
 * `/api` calls whatever the method, and 415 for a body of the wrong content type. Each refusal
 * is checked to have changed nothing, and the same write done right is checked to pass.
 */
import type { APIRequestContext } from '@playwright/test';
import { CONSOLE_CSP } from '#server/app.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

const SITE = 1;

/** A signed-in API client with its cookie jar, and the XSRF token of that jar. */
async function signedIn(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  login = 'admin',
) {
  const api = await playwright.request.newContext({ baseURL });
  await api.get('/api/me');
  const xsrf = async () =>
    (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const signedIn = await api.post('/api/login', {
    form: { username: login, password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(signedIn.status()).toBe(200);
  return { api, xsrf };
}

async function siteOf(api: APIRequestContext) {
  const response = await api.get(`/api/site/${SITE}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { siteName: string; enabled: boolean; version: number };
}

test('console pages carry the CSP and may not be framed', async ({ page, request }) => {
  for (const path of ['/login', '/sites', '/home', '/']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
    expect(response.headers()['content-security-policy'], path).toBe(CONSOLE_CSP);
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options'], path).toBe('DENY');
  }
  // What the browser gets on a real navigation, and what it does with it: a page of another
  // site that frames the console shows nothing of it.
  const navigation = await page.goto('/login');
  expect(navigation!.headers()['content-security-policy']).toBe(CONSOLE_CSP);
  const origin = new URL(page.url()).origin;
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/own.html')
        ? '<!doctype html><title>own</title><p>framed page</p>'
        : `<!doctype html><title>a</title>
           <iframe id="own" title="own" src="/own.html"></iframe>
           <iframe id="console" title="console" src="${origin}/login"></iframe>`,
    }),
  );
  await page.goto('http://attacker.test/frame.html', { waitUntil: 'load' });
  // A page that allows framing shows in it (the check below can fail) ...
  await expect(page.frameLocator('#own').getByText('framed page')).toBeVisible();
  // ... the console does not: Chromium puts its error page in the frame instead.
  await expect(page.frameLocator('#console').locator('body')).toBeAttached();
  await expect(page.frameLocator('#console').getByLabel('Имя пользователя')).toHaveCount(0);
  await expect(page.frameLocator('#console').getByRole('button', { name: 'Войти' })).toHaveCount(0);
});

test('a write without the XSRF header is refused and changes nothing', async ({
  playwright,
  baseURL,
}) => {
  const { api, xsrf } = await signedIn(playwright, baseURL!);
  const before = await siteOf(api);
  const renamed = { siteName: `${before.siteName} (XSRF)`, version: before.version };

  const missing = await api.put(`/api/site/${SITE}`, { data: renamed });
  expect(missing.status()).toBe(403);
  expect(missing.headers()['content-type']).toContain('application/json');
  expect(await missing.json()).toMatchObject({ message: 'Invalid or missing XSRF token' });
  const wrong = await api.put(`/api/site/${SITE}`, {
    data: renamed,
    headers: { 'x-xsrf-token': 'not-the-cookie-value' },
  });
  expect(wrong.status()).toBe(403);
  // Sign-out is a write too: refused without the header, the session stays.
  expect((await api.post('/api/logout')).status()).toBe(403);
  expect((await api.get('/api/me')).status()).toBe(200);
  expect(await siteOf(api)).toEqual(before);

  // The same write with the token passes (the refusals above are the token's doing).
  const same = await api.put(`/api/site/${SITE}`, {
    data: { siteName: before.siteName, version: before.version },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(same.status()).toBe(200);
  await api.dispose();
});

test('a write another site starts is refused (Sec-Fetch-Site), even with the token', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { api, xsrf } = await signedIn(playwright, baseURL!);
  const before = await siteOf(api);
  for (const from of ['cross-site', 'same-site']) {
    const response = await api.post(`/api/site/${SITE}/enable`, {
      data: { enabled: false },
      headers: { 'x-xsrf-token': await xsrf(), 'sec-fetch-site': from },
    });
    expect(response.status(), from).toBe(403);
    expect(await response.json()).toMatchObject({ message: 'Cross-site request refused' });
  }
  expect(await siteOf(api)).toEqual(before);

  // A real browser: the admin is signed in to the console, a page of another site posts a
  // classic cross-site form at it. The browser names the request cross-site (Sec-Fetch-Site):
  // the server's answer says that is why it refused.
  await signIn(page, 'admin');
  const origin = new URL(page.url()).origin;
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>a</title>
        <form id="f" method="POST" enctype="text/plain" action="${origin}/api/site/${SITE}/enable">
          <input name='{"enabled":false,"x":"' value='"}'>
        </form>`,
    }),
  );
  await page.goto('http://attacker.test/csrf.html');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${origin}/api/site/${SITE}/enable`),
    page.locator('#f').evaluate((form: HTMLFormElement) => form.submit()),
  ]);
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ message: 'Cross-site request refused' });
  expect(await siteOf(api)).toEqual(before);
  // The console itself (same origin) still works for the signed-in admin.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
  await api.dispose();
});

test('an unknown /api call answers a JSON 404 whatever the method', async ({
  playwright,
  baseURL,
}) => {
  const { api, xsrf } = await signedIn(playwright, baseURL!);
  const headers = { 'x-xsrf-token': await xsrf() };
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
    for (const path of ['/api/no/such/call', '/api/site/1/no-such-thing', '/api']) {
      const response = await api.fetch(path, {
        method,
        headers: { ...headers, ...(method === 'OPTIONS' && { origin: 'http://attacker.test' }) },
        ...(method !== 'GET' && method !== 'OPTIONS' && { data: {} }),
      });
      const what = `${method} ${path}`;
      expect(response.status(), what).toBe(404);
      expect(response.headers()['content-type'], what).toContain('application/json');
      expect(await response.json(), what).toEqual({
        status: 404,
        message: `No such call: ${method} ${path}`,
      });
      // Never the console's page, never a CORS grant for the console's API.
      expect(response.headers()['access-control-allow-origin'], what).toBeUndefined();
    }
  }
  // A CORS preflight from another origin gets no grant for the console's API either.
  const preflight = await api.fetch(`/api/site/${SITE}`, {
    method: 'OPTIONS',
    headers: { origin: 'http://attacker.test', 'access-control-request-method': 'PUT' },
  });
  expect(preflight.status()).toBe(404);
  expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
  // HEAD: the same status, no body.
  const head = await api.fetch('/api/no/such/call', { method: 'HEAD' });
  expect(head.status()).toBe(404);
  // While client-side routes of the console still get its page.
  const route = await api.get('/no/such/page');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toContain('text/html');
  await api.dispose();
});

test('a body of the wrong content type is refused with 415 and changes nothing', async ({
  playwright,
  baseURL,
}) => {
  const { api, xsrf } = await signedIn(playwright, baseURL!);
  const before = await siteOf(api);
  const headers = { 'x-xsrf-token': await xsrf() };
  const attempts: Array<{ method: 'POST' | 'PUT'; path: string; type: string; body: string }> = [
    {
      method: 'POST',
      path: `/api/site/${SITE}/enable`,
      type: 'text/plain',
      body: '{"enabled":false}',
    },
    {
      method: 'PUT',
      path: `/api/site/${SITE}`,
      type: 'application/x-www-form-urlencoded',
      body: 'siteName=Renamed',
    },
    {
      method: 'PUT',
      path: `/api/site/${SITE}`,
      type: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="siteName"\r\n\r\nRenamed\r\n--x--\r\n',
    },
    // Sign-in takes a form, not JSON.
    {
      method: 'POST',
      path: '/api/login',
      type: 'application/json',
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    },
  ];
  for (const { method, path, type, body } of attempts) {
    const response = await api.fetch(path, {
      method,
      headers: { ...headers, 'content-type': type },
      data: body,
    });
    const what = `${method} ${path} as ${type}`;
    expect(response.status(), what).toBe(415);
    expect(response.headers()['content-type'], what).toContain('application/json');
    expect((await response.json()) as { message: string }, what).toMatchObject({
      message: expect.stringMatching(/^Unsupported content type: this call takes /),
    });
  }
  expect(await siteOf(api)).toEqual(before);
  // The same change as JSON passes.
  const json = await api.put(`/api/site/${SITE}`, {
    data: { siteName: before.siteName, version: before.version },
    headers,
  });
  expect(json.status()).toBe(200);
  await api.dispose();
});
