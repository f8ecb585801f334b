import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contract/entities/user.ts';
import { RolesEditor } from '#src/features/users/components/roles-editor.tsx';
import { TwoFactorRolesSection } from '#src/features/users/components/two-factor-roles.tsx';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/*
 * The two role forms of the roles screen are `Form`s on the contract's schemas: the two-factor
 * list refuses a role the console does not know before any call; both send the list as ticked.
 */
/** The two-factor list the server holds (a role it no longer knows included, in one test). */
let savedTwoFactor: string[];
let calls: RecordedCall[];
/** What the forms sent: every call but a read, in order. */
const sent = () =>
  calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));
beforeEach(() => {
  savedTwoFactor = ['ROLE_ADMIN'];
  ({ calls } = fakeFetch(({ method, path, body }) => {
    if (method !== 'GET') {
      if (path === '/api/user/two-factor-roles')
        return {
          status: 200,
          body: { ...(body as object), source: 'console', updatedBy: 'tester', updatedAt: null },
        };
      return { status: 200, body: { login: 'anna', roles: body } };
    }
    if (path === '/api/user/roles')
      return {
        status: 200,
        body: {
          roles: [
            { name: 'ROLE_ADMIN', description: 'Administrator' },
            { name: 'ROLE_AQ_VIEW', description: 'Search view' },
          ],
          presets: [],
        },
      };
    if (path === '/api/user/two-factor-roles')
      return {
        status: 200,
        body: { roles: savedTwoFactor, source: 'env', updatedBy: null, updatedAt: null },
      };
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the two-factor roles form', () => {
  it('refuses a role the console does not know before any call, then saves the list', async () => {
    savedTwoFactor = ['ROLE_GONE'];
    const { user } = renderPage(<TwoFactorRolesSection />);
    const section = await screen.findByRole('region', { name: 'Двухфакторный вход по ролям' });
    // The picker is drawn again once the catalogue is in: found after that.
    await within(section).findByRole('button', { name: /^Убрать «ROLE_GONE/ });
    const picker = await waitFor(() => {
      const box = within(section).getByRole('combobox', {
        name: 'Роли, которым нужен второй фактор',
      });
      expect(box).toBeEnabled();
      return box;
    });
    await user.click(picker);
    await user.type(picker, 'ROLE_AQ_VIEW');
    await user.click(await screen.findByRole('option', { name: /^ROLE_AQ_VIEW — / }));
    const save = within(section).getByRole('button', { name: 'Сохранить' });
    await user.click(save);
    expect(await within(section).findByText('Неизвестная роль')).toBeVisible();
    expect(sent()).toEqual([]);

    await user.click(within(section).getByRole('button', { name: /^Убрать «ROLE_GONE/ }));
    await user.click(save);
    await waitFor(() =>
      expect(sent()).toEqual([
        { method: 'PUT', path: '/api/user/two-factor-roles', body: { roles: ['ROLE_AQ_VIEW'] } },
      ]),
    );
  });
});

describe('the roles editor', () => {
  it('sends the roles as ticked', async () => {
    const anna = { login: 'anna', roles: ['ROLE_ADMIN'] } as unknown as User;
    const saved = vi.fn();
    const { user } = renderPage(<RolesEditor user={anna} onSaved={saved} />);
    await user.click(await screen.findByRole('checkbox', { name: /ROLE_AQ_VIEW/ }));
    await user.click(screen.getByRole('checkbox', { name: /ROLE_ADMIN/ }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent()).toEqual([
      { method: 'PUT', path: '/api/user/roles/anna', body: ['ROLE_AQ_VIEW'] },
    ]);
  });
});
