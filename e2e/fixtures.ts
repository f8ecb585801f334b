import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ROLE_PRESETS } from '#contract/role-presets.ts';

export const DEMO_PASSWORD = 'vitrina-demo';

/** The demo logins (README) and the roles each holds. */
export const DEMO_LOGINS: Record<string, readonly string[]> = {
  admin: ROLE_PRESETS.admin,
  superuser: ['ROLE_SUPERUSER'],
  integrator: ROLE_PRESETS.integrator,
  designer: ROLE_PRESETS['layout designer'],
  manager: ROLE_PRESETS.manager,
  sales: ROLE_PRESETS.sales,
  client: ROLE_PRESETS.user,
};

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * This worker's sessions, per login and password: what signing in through the page left in the
 * browser, the session's cookies (server/plugins/app/auth.ts) and who is signed in on which site
 * (src/stores): not what the test had chosen besides, such as a language.
 */
const sessions = new Map<string, SignedIn>();
const SESSION_COOKIES = new Set(['SESSION', 'XSRF-TOKEN', 'SESSION_LENGTH']);
const SESSION_STORAGE = new Set(['vitrina.auth', 'vitrina.site']);

async function sessionOf(context: BrowserContext): Promise<SignedIn> {
  const state = await context.storageState();
  return {
    cookies: state.cookies.filter((cookie) => SESSION_COOKIES.has(cookie.name)),
    origins: state.origins.map((o) => ({
      ...o,
      localStorage: o.localStorage.filter((item) => SESSION_STORAGE.has(item.name)),
    })),
  };
}

/**
 * Takes a saved session into this page when the server still honours it (a test may have signed
 * it out, or changed the password): the session's cookies, then its localStorage, written on a
 * same-origin page that loads no console (`/api/me`, which says whether the session is alive).
 */
async function resume(page: Page, saved: SignedIn): Promise<boolean> {
  await page.context().addCookies(saved.cookies);
  const me = await page.goto('/api/me');
  if (!me?.ok()) return false;
  const { origin } = new URL(page.url());
  const items = saved.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  await page.evaluate((entries) => {
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, items);
  return true;
}

/**
 * Signs in, and opens `at` (default: the home page). The first time in a worker for a login it
 * signs in through the real page, as a person does; after that it resumes the session that made
 * (the sign-in page's own tests are in e2e/sign-in.spec.ts): a page sign-in costs about a second
 * of a loaded 2-core machine, and the specs sign in a hundred times.
 */
export async function signIn(
  page: Page,
  login: string,
  options: { password?: string; at?: string } = {},
): Promise<void> {
  const { password = DEMO_PASSWORD, at } = options;
  const key = `${login}\n${password}`;
  const saved = sessions.get(key);
  if (!saved || !(await resume(page, saved))) {
    await page.goto('/login');
    await page.getByLabel('Имя пользователя').fill(login);
    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    // The signed-in frame is a chunk of its own: slow on a loaded machine.
    await expect(mainMenu(page)).toBeVisible({ timeout: 30_000 });
    sessions.set(key, await sessionOf(page.context()));
    if (at) await page.goto(at);
    return;
  }
  await page.goto(at ?? '/');
  if (!at) await expect(mainMenu(page)).toBeVisible({ timeout: 30_000 });
}

/** The sidebar's menu. */
export const mainMenu = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Главное меню' });

/**
 * A menu entry by its title, found as a user finds one in the folded menu: typed into the menu's
 * filter box, which opens every section holding a match. Also for checking an entry is absent.
 */
export async function menuLink(
  page: Page,
  name: string,
  options: { exact?: boolean } = {},
): Promise<Locator> {
  const menu = mainMenu(page);
  await menu.getByRole('searchbox', { name: 'Найти в меню' }).fill(name);
  return menu.getByRole('link', { name, ...options });
}

/** Unfolds every section and sub-group of the menu (to read all its entries in order). */
export async function unfoldMenu(page: Page): Promise<void> {
  const menu = mainMenu(page);
  await menu.getByRole('searchbox', { name: 'Найти в меню' }).fill('');
  const folded = menu.locator('button[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
}

/** No serious or critical accessibility violations on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/**
 * The address of the e2e server of the Playwright worker this runs in: each worker drives its own
 * (playwright.config.ts), on port E2E_PORT + the worker's parallel index.
 */
export function serverURL(): string {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + index}`;
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  baseURL: async ({}, use) => use(serverURL()),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
