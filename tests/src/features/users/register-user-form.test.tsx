import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterUserForm } from '#src/features/users/components/register-user-form.tsx';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

/*
 * Spec part 1 §5: staff accounts only at the company's e-mail domains. The form reads the list
 * (GET /user/email-domains) and refuses another domain on the e-mail field before sending, with the
 * contract's check the server makes too; a client keeps any address.
 */
let calls: RecordedCall[];
/** The bodies of the registrations, in order. */
const registered = () =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/register/user').map((c) => c.body);
beforeEach(() => {
  ({ calls } = fakeFetch(({ method, path, body }) => {
    if (path === '/api/user/email-domains')
      return { status: 200, body: { domains: ['vitrina.example', 'digi.example'] } };
    if (path === '/api/register/user' && method === 'POST')
      return { status: 200, body: { ...(body as object), tabs: [], siteIds: [] } };
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('registering a user', () => {
  it('refuses a staff address outside the company domains on its field, and sends one inside', async () => {
    const { user } = renderPage(<RegisterUserForm isAdmin />, { roles: ['ROLE_ADMIN'] });
    const form = await screen.findByRole('form', { name: 'Новый пользователь' });
    const email = within(form).getByLabelText(/Эл\. почта/);
    expect(form).toHaveTextContent(
      'Сотрудникам — только адрес на vitrina.example или digi.example',
    );
    await user.type(within(form).getByLabelText(/Логин/), 'anna');
    await user.type(within(form).getByLabelText(/Пароль/), 'Staff-domain-test-7');
    await user.click(within(form).getByLabelText('Клиент (пользователь магазина)'));
    await user.type(email, 'anna@gmail.com');
    await user.click(within(form).getByRole('button', { name: 'Зарегистрировать пользователя' }));
    expect(
      await within(form).findByText('Адрес сотрудника должен быть на одном из доменов компании'),
    ).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(registered()).toEqual([]);

    await user.clear(email);
    await user.type(email, 'anna@digi.example');
    await user.click(within(form).getByRole('button', { name: 'Зарегистрировать пользователя' }));
    await waitFor(() => expect(registered()).toHaveLength(1));
    expect(registered()[0]).toMatchObject({
      login: 'anna',
      email: 'anna@digi.example',
      isClient: false,
    });
  });

  it('lets a client register with any address', async () => {
    const { user } = renderPage(<RegisterUserForm isAdmin />, { roles: ['ROLE_ADMIN'] });
    const form = await screen.findByRole('form', { name: 'Новый пользователь' });
    await user.type(within(form).getByLabelText(/Логин/), 'shop');
    await user.type(within(form).getByLabelText(/Пароль/), 'Staff-domain-test-7');
    await user.type(within(form).getByLabelText(/Эл\. почта/), 'shop@gmail.com');
    await user.click(within(form).getByRole('button', { name: 'Зарегистрировать пользователя' }));
    await waitFor(() => expect(registered()).toHaveLength(1));
    expect(registered()[0]).toMatchObject({ email: 'shop@gmail.com', isClient: true });
  });
});
