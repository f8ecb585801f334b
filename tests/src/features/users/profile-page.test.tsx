import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '#src/features/users/profile-page.tsx';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/*
 * The profile's code forms are a `Form` on the contract's code: an empty or malformed code is
 * refused on its field, in Russian, before any call; a good one is sent without its spaces.
 */
/** The server refuses every code as wrong (400). */
let refuse: boolean;
let calls: RecordedCall[];
/** What the forms sent: the posts, in order. */
const sent = () =>
  calls.filter((c) => c.method === 'POST').map(({ path, body }) => ({ path, body }));
beforeEach(() => {
  refuse = false;
  ({ calls } = fakeFetch(({ method, path }) => {
    if (method === 'POST') {
      if (refuse) return { status: 400, body: { status: 400, message: 'Wrong code' } };
      if (path === '/api/me/two-factor/recovery-codes')
        return { status: 200, body: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
    }
    if (path === '/api/me/two-factor')
      return { status: 200, body: { enrolled: true, required: false, recoveryCodesLeft: 10 } };
    if (path === '/api/me')
      return {
        status: 200,
        body: {
          login: 'tester',
          name: 'Tester',
          roles: ['ROLE_ADMIN'],
          isClient: false,
          tabs: [],
          sessionLength: 3600,
          sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      };
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the profile’s code forms', () => {
  it('refuses an empty and a malformed code before any call, then sends a good one', async () => {
    const { user } = renderPage(<ProfilePage />);
    const field = await screen.findByLabelText('Код из приложения (для новых резервных кодов)');
    const form = field.closest('form')!;
    const submit = within(form).getByRole('button', { name: 'Новые резервные коды' });

    await user.click(submit);
    expect(await within(form).findByText('Обязательное поле')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, '12 3');
    await user.click(submit);
    expect(await within(form).findByText('Минимум 6 символов')).toBeVisible();
    expect(sent()).toEqual([]);

    await user.clear(field);
    await user.type(field, ' 123 456 ');
    await user.click(submit);
    await waitFor(() =>
      expect(sent()).toEqual([
        { path: '/api/me/two-factor/recovery-codes', body: { code: '123456' } },
      ]),
    );
    expect(await screen.findByText('aaaaa-bbbbb')).toBeVisible();
    expect(field).toHaveValue('');
  });

  it('shows the server’s refusal of a wrong code on the field', async () => {
    refuse = true;
    const { user } = renderPage(<ProfilePage />);
    const field = await screen.findByLabelText('Код из приложения (для новых резервных кодов)');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Новые резервные коды' }));
    expect(await screen.findByText('Неверный или уже использованный код')).toBeVisible();
  });
});
