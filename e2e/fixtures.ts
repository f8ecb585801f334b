import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

/** Signs in through the real page, as a person does. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Имя пользователя').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  // The signed-in frame is a chunk of its own: slow on a loaded machine.
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({
    timeout: 30_000,
  });
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
