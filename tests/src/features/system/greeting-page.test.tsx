import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasAccess } from '#contract/roles.ts';
import { APP_ROUTES } from '#src/app/routes.ts';
import GreetingPage from '#src/features/system/greeting-page.tsx';
import { registeredScreens } from '#src/lib/screens.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/*
 * The greeting lists the screens a user may open from src/lib/screens.ts, not from the route
 * table (which imports the greeting): the table hands its screens over when it loads.
 */
describe('the greeting', () => {
  it('lists the route table’s fixed screens the user’s roles open', async () => {
    expect(registeredScreens()).toBe(APP_ROUTES);
    const roles = ['ROLE_AQ_VIEW'];
    renderPage(<GreetingPage />, { roles });
    expect(await screen.findByRole('heading', { name: 'Здравствуйте, Tester!' })).toBeVisible();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    const expected = APP_ROUTES.filter(
      (route) => route.path !== '/' && !route.path.includes(':') && hasAccess(roles, route.roles),
    ).map((route) => route.path);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(expected);
    expect(expected).toContain('/profile');
    expect(expected).not.toContain('/admin/audit');
  });
});
