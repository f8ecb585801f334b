/**
 * Spec part 1 §5: staff accounts may only use e-mail addresses of the company's domains
 * (STAFF_EMAIL_DOMAINS). Registration and updates refuse another domain with a 400 on the e-mail
 * field and change nothing; clients keep any address; the console reads the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getUserRoute,
  registerUserRoute,
  staffEmailDomainsRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  testEnv,
  type TestServer,
} from '#tests/helpers/server.ts';

const PASSWORD = 'Staff-domain-test-7';
const MESSAGE = "A staff account's e-mail must be at one of the company's domains";

describe.each(DATABASES)('staff e-mail domains on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { STAFF_EMAIL_DOMAINS: 'vitrina.example, Digi.Example' },
    });
  });
  afterAll(() => server.close());

  const register = async (login: string, email: string | null, isClient: boolean) =>
    (await server.as('admin')).call(registerUserRoute, {
      body: { login, password: PASSWORD, email, isClient, roles: ['ROLE_SITE_VIEW'] },
    });

  it('answers the domains to those who register users, lower-cased', async () => {
    for (const login of ['admin', 'sales', 'manager']) {
      const client = await server.as(login);
      expect(await client.call(staffEmailDomainsRoute, {}), login).toEqual({
        domains: ['vitrina.example', 'digi.example'],
      });
    }
    const designer = await server.as('designer');
    expect((await failure(designer.call(staffEmailDomainsRoute, {}))).status).toBe(403);
  });

  it('registers staff only at the company domains; clients at any', async () => {
    const refused = await failure(register('staffgmail', 'someone@gmail.com', false));
    expect(refused.status).toBe(400);
    expect(refused.issues).toEqual([
      { path: ['body', 'email'], code: 'company_email', message: MESSAGE },
    ]);
    // a subdomain is another domain
    expect((await failure(register('staffsub', 'a@mail.vitrina.example', false))).status).toBe(400);
    const admin = await server.as('admin');
    for (const login of ['staffgmail', 'staffsub'])
      expect((await failure(admin.call(getUserRoute, { params: { login } }))).status).toBe(404);

    expect((await register('staffok', 'Anna@VITRINA.example', false)).email).toBe(
      'Anna@VITRINA.example',
    );
    expect((await register('staffnomail', null, false)).isClient).toBe(false);
    expect((await register('clientgmail', 'shop@gmail.com', true)).email).toBe('shop@gmail.com');
  });

  it('refuses an update that would leave a staff account outside the domains', async () => {
    const admin = await server.as('admin');
    const update = (
      login: string,
      body: { name?: string; email?: string | null; isClient?: boolean },
    ) => admin.call(updateUserRoute, { params: { login }, body });
    // a client with an outside address made staff
    const toStaff = await failure(update('clientgmail', { isClient: false }));
    expect(toStaff.status).toBe(400);
    expect(toStaff.issues[0]).toMatchObject({ path: ['body', 'email'], message: MESSAGE });
    // a staff account moved to an outside address
    expect((await failure(update('staffok', { email: 'anna@gmail.com' }))).status).toBe(400);
    const unchanged = await admin.call(getUserRoute, { params: { login: 'staffok' } });
    expect(unchanged.email).toBe('Anna@VITRINA.example');
    expect((await admin.call(getUserRoute, { params: { login: 'clientgmail' } })).isClient).toBe(
      true,
    );

    // both at once, at a company domain: accepted
    const moved = await update('clientgmail', { isClient: false, email: 'shop@digi.example' });
    expect(moved).toMatchObject({ isClient: false, email: 'shop@digi.example' });
    // other fields of a staff account change as before
    expect((await update('staffok', { name: 'Anna' })).name).toBe('Anna');
  });
});

describe('STAFF_EMAIL_DOMAINS', () => {
  it('is empty by default and refuses what is not a domain name at start', () => {
    expect(testEnv().STAFF_EMAIL_DOMAINS).toEqual([]);
    expect(() => testEnv({ STAFF_EMAIL_DOMAINS: 'example.com,not a domain' })).toThrow(
      /STAFF_EMAIL_DOMAINS/,
    );
    expect(() => testEnv({ STAFF_EMAIL_DOMAINS: '@example.com' })).toThrow(/STAFF_EMAIL_DOMAINS/);
  });
});
