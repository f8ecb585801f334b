import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, mainMenu, menuLink, signIn } from './fixtures.ts';

/*
 * The sidebar in folded sections (spec §2 "Sidebar"): only the current page's section open, the
 * search settings in their sub-groups, a filter box; and what a screen's reads never do (toast).
 */

const SHOTS = 'test-results/sidebar';
mkdirSync(SHOTS, { recursive: true });

/** How tall the menu is laid out (px), whatever the window shows of it. */
const menuHeight = (page: Page) => mainMenu(page).evaluate((nav) => nav.scrollHeight);

for (const login of ['admin', 'designer']) {
  for (const width of [1280, 390]) {
    test(`${login} at ${width} px: the menu is folded to the current section`, async ({ page }) => {
      // Two sign-ins' worth of screens: slow on a loaded machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      if (width < 960) {
        await page.goto('/login');
        await page.getByLabel('Имя пользователя').fill(login);
        await page.getByLabel('Пароль').fill('vitrina-demo');
        await page.getByRole('button', { name: 'Войти' }).click();
        await page.getByRole('button', { name: 'Открыть меню' }).click();
      } else await signIn(page, login);
      // A search settings screen: its section and its sub-group open, the rest folded.
      await page.goto('/anyquery/search/search-attributes');
      if (width < 960) await page.getByRole('button', { name: 'Открыть меню' }).click();
      const menu = mainMenu(page);
      await expect(menu).toBeInViewport();
      const section = menu.getByRole('button', { name: 'Настройки поиска и автодополнения' });
      await expect(section).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('button', { name: 'Настройка поиска' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(menu.getByRole('link', { name: 'Поисковые атрибуты' })).toBeVisible();
      const folded = menu.locator('button[aria-expanded="false"]');
      expect(await folded.count()).toBeGreaterThan(0);
      // Folded to one open sub-group: far from the 2 817 px the flat list took for the administrator.
      expect(await menuHeight(page)).toBeLessThan(1400);
      await page.screenshot({ path: `${SHOTS}/${login}-${width}.png` });

      // The filter opens every section with a match and shows only the matches.
      await menu.getByRole('searchbox', { name: 'Найти в меню' }).fill('фид');
      const links = menu.getByRole('link');
      await expect(links.first()).toBeVisible();
      for (const text of await links.allTextContents()) expect(text.toLowerCase()).toContain('фид');
      await page.screenshot({ path: `${SHOTS}/${login}-${width}-filter.png` });
      await menu.getByRole('searchbox', { name: 'Найти в меню' }).fill('нет такого пункта');
      await expect(links).toHaveCount(0);
      await expect(menu.getByText('Ничего не найдено')).toBeVisible();
    });
  }
}

test('a folded section opens on a click and stays open', async ({ page }) => {
  await signIn(page, 'admin');
  const menu = mainMenu(page);
  const integration = menu.getByRole('button', { name: 'Интеграция' });
  await expect(integration).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Редактирование сайта' })).toHaveCount(0);
  await integration.click();
  await menu.getByRole('link', { name: 'Редактирование сайта' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(integration).toHaveAttribute('aria-expanded', 'true');
});

test('search rules: opening the screen and switching its tabs shows no success toast', async ({
  page,
}) => {
  await signIn(page, 'manager');
  const toasts = page.locator('.ui-toast--success');
  await (await menuLink(page, 'Правила поиска')).click();
  await expect(page.getByRole('tab', { name: 'Правила бустинга' })).toBeVisible();
  await page.getByRole('tab', { name: 'Редиректы' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.locator('.ui-spinner')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Правила бустинга' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  // A list shows once its read has answered: a success toast for that read would be up now.
  await expect(page.locator('.ui-spinner')).toHaveCount(0);
  await expect(toasts).toHaveCount(0);
});
