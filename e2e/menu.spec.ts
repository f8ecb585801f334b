import { MENU_GROUPS, menuFor, menuGroupOf } from '#src/app/routes.ts';
import ruReports from '#src/locales/ru/reports.json' with { type: 'json' };
import ruRoutes from '#src/locales/ru/routes.json' with { type: 'json' };
import { DEMO_LOGINS, test, expect, mainMenu, signIn, unfoldMenu } from './fixtures.ts';

/** Each demo login and its roles, as the seed gives them (README "Demo logins"). */
for (const [login, roles] of Object.entries(DEMO_LOGINS)) {
  test(`${login} sees the menu the contract's rules give their roles`, async ({ page }) => {
    await signIn(page, login);
    // Unfolded, in the route table's order; the search settings by sub-group (UX, search, service).
    const groupIndex = (path: string) => MENU_GROUPS.indexOf(menuGroupOf(path) ?? 'searchConfig');
    const expected = menuFor(roles).flatMap((group) =>
      [...group.routes]
        .sort((a, b) =>
          group.section === 'searchUx' ? groupIndex(a.path) - groupIndex(b.path) : 0,
        )
        .map(
          (route) =>
            route.titleKey
              .split('.')
              .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], {
                routes: ruRoutes,
                reports: ruReports,
              }) as string,
        ),
    );
    await unfoldMenu(page);
    await expect(mainMenu(page).getByRole('link')).toHaveText(expected);
    const staffToggles = page.getByLabel('Демо-режим');
    if (login === 'client') await expect(staffToggles).toHaveCount(0);
    else if (login === 'admin' || login === 'superuser') await expect(staffToggles).toBeVisible();
  });
}
