import type { Page } from '@playwright/test';
import { APP_ROUTES, findRoute, homePath, mayOpen, type AppRoute } from '#src/app/routes.ts';
import { isStaff } from '#contract/roles.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, test, expect } from './fixtures.ts';
import { ruText } from './ru-text.ts';

/*
 * Every route of the route table, opened by every demo login, in one page per login (signed in
 * once): a route the login may open renders its heading, without the error boundary, without an
 * uncaught error and without a failed call; a route it may not open lands on its home. Navigation
 * is client-side (history + popstate), as a click in the menu is: no reload per route.
 */

interface Trouble {
  path: string;
  what: string;
}

/** Calls in flight, to wait until a screen has finished loading (screens with a poll never go quiet for long). */
function watchCalls(page: Page, troubles: Trouble[], current: () => string) {
  let inFlight = 0;
  // Event streams (the chat's) stay open for good: not a screen still loading.
  const counted = (url: string) => url.includes('/api/') && !url.includes('/stream');
  page.on('request', (request) => {
    if (counted(request.url())) inFlight += 1;
  });
  const done = (url: string) => {
    if (counted(url)) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (process.env.SWEEP_LOG && url.pathname.startsWith('/api/'))
      console.log(
        `CALL ${current()} ${response.request().method()} ${url.pathname} ${response.status()}`,
      );
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      troubles.push({
        path: current(),
        what: `${response.request().method()} ${url.pathname} → ${response.status()}`,
      });
  });
  page.on('pageerror', (error) => troubles.push({ path: current(), what: `uncaught: ${error}` }));
  return async () => {
    // Quiet for 300 ms in a row, or 10 s at most.
    let quietSince = Date.now();
    const start = Date.now();
    while (Date.now() - start < 10_000) {
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) return;
      await page.waitForTimeout(50);
    }
  };
}

/** Client-side navigation, as the router does on a link click. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const exactly = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Where opening a route lands: the route itself, or the page that replaces it for these roles (the two homes). */
function landing(route: AppRoute, path: string, roles: readonly string[]): string {
  const other = route.menu?.replacedBy && findRoute(route.menu.replacedBy);
  return other && mayOpen(other, roles, false) ? other.path : path;
}

/** The concrete address of a route (a pattern like /reporting/:name takes the user's first tab). */
function addressOf(route: AppRoute, tab: string | undefined): string | null {
  if (!route.path.includes(':')) return route.path;
  if (route.path === '/reporting/:name') return tab ? `/reporting/${tab}` : null;
  return null;
}

const errorTitle = ruText('shell.error.title');

for (const [login, roles] of Object.entries(DEMO_LOGINS)) {
  test(`${login}: every route renders its heading, or sends them home, without an error`, async ({
    page,
  }) => {
    // Dozens of screens, the studio ones with their editors: minutes on a loaded machine.
    test.setTimeout(900_000);
    const troubles: Trouble[] = [];
    let current = '/login';
    const settle = watchCalls(page, troubles, () => current);
    await page.goto('/login');
    await page.getByLabel('Имя пользователя').fill(login);
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({
      timeout: 30_000,
    });
    const me = (await page.evaluate(async () => (await fetch('/api/me')).json())) as {
      isClient: boolean;
      tabs: { pathName: string; enabled: boolean }[];
    };
    const client = me.isClient || !isStaff(roles);
    const tab = me.tabs.find((t) => t.enabled)?.pathName;
    const heading = page.getByRole('heading', { level: 1 });
    const started = Date.now();
    let opened = 0;
    for (const route of APP_ROUTES) {
      const path = addressOf(route, tab);
      if (!path) continue;
      const routeStart = Date.now();
      current = path;
      await go(page, path);
      if (mayOpen(route, roles, client)) {
        opened += 1;
        const lands = landing(route, path, roles);
        await expect.soft(page, `${login} ${path}: opens`).toHaveURL(exactly(lands));
        await expect.soft(heading, `${login} ${path}: heading`).toBeVisible({ timeout: 15_000 });
        await settle();
        await expect.soft(heading, `${login} ${path}: error boundary`).not.toHaveText(errorTitle);
        await expect
          .soft(page, `${login} ${path}: still there after loading`)
          .toHaveURL(exactly(lands));
      } else {
        const home = path === '/home' ? null : homePath(roles);
        if (home) await expect.soft(page, `${login} ${path}: sent home`).toHaveURL(exactly(home));
        else await expect.soft(page, `${login} ${path}: sent elsewhere`).not.toHaveURL(/\/home$/);
        await expect
          .soft(heading, `${login} ${path}: home heading`)
          .toBeVisible({ timeout: 15_000 });
        await settle();
      }
      if (process.env.SWEEP_LOG) console.log(`TIME ${login} ${path} ${Date.now() - routeStart}`);
    }
    test.info().annotations.push({
      type: 'sweep',
      description: `${login}: ${opened} routes opened in ${Date.now() - started} ms`,
    });
    expect(troubles.map((t) => `${t.path}: ${t.what}`)).toEqual([]);
  });
}
