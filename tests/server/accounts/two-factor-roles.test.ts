/**
 * Which roles must sign in with a second factor, set by an administrator in the console: the
 * TWO_FACTOR_ROLES of the start is the setting until then; the stored one decides at the next
 * sign-in (and the next call of a session already open); only an administrator may change it,
 * bad input changes nothing, and every change leaves its audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import {
  loginRoute,
  logoutRoute,
  twoFactorConfirmRoute,
  twoFactorDisableRoute,
  twoFactorSetupRoute,
  twoFactorStatusRoute,
} from '#contract/routes/auth.ts';
import { listSitesRoute } from '#contract/routes/sites.ts';
import { setTwoFactorRolesRoute, twoFactorRolesRoute } from '#contract/routes/users.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import { DEMO_PASSWORD } from '#server/demo/seed.ts';
import {
  DATABASES,
  failure,
  primed,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

const ENTITY = 'two-factor-roles';

async function signIn(server: TestServer, login: string) {
  const client = await primed(server.app);
  const answer = await client.call(loginRoute, {
    body: { username: login, password: DEMO_PASSWORD },
  });
  return { client, answer };
}

describe.each(DATABASES)('two-factor roles set in the console on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // the integrator and sales presets hold ROLE_REGISTER_CONFIG, the manager ROLE_USER_CONFIG
    server = await startTestServer(kind, { env: { TWO_FACTOR_ROLES: 'ROLE_REGISTER_CONFIG' } });
  });
  afterAll(() => server.close());

  const auditRows = () =>
    server.database.db.select().from(auditLog).where(eq(auditLog.entity, ENTITY));

  it('starts from TWO_FACTOR_ROLES', async () => {
    const admin = await server.as('admin');
    expect(await admin.call(twoFactorRolesRoute, {})).toEqual({
      roles: ['ROLE_REGISTER_CONFIG'],
      source: 'env',
      updatedBy: null,
      updatedAt: null,
    });
    const { answer } = await signIn(server, 'sales');
    expect(answer).toMatchObject({ login: 'sales', mustEnrolTwoFactor: true });
  });

  it('refuses everyone but an administrator (403) and changes nothing', async () => {
    for (const login of ['superuser', 'manager', 'integrator']) {
      const client = await server.as(login);
      const refused = await failure(client.call(setTwoFactorRolesRoute, { body: { roles: [] } }));
      expect(refused.status, login).toBe(403);
    }
    // a superuser may read it (user view), not change it
    const superuser = await server.as('superuser');
    expect((await superuser.call(twoFactorRolesRoute, {})).source).toBe('env');
    expect(await auditRows()).toEqual([]);
  });

  it('refuses bad input (400) and changes nothing', async () => {
    const admin = await server.as('admin');
    const bad: unknown[] = [
      { roles: ['ROLE_NOPE'] },
      { roles: ['ROLE_USER_CONFIG', 'ROLE_USER_CONFIG'] },
      { roles: 'ROLE_USER_CONFIG' },
      { roles: ['ROLE_USER_CONFIG'], extra: true },
      ['ROLE_USER_CONFIG'],
      {},
    ];
    for (const body of bad) {
      const refused = await failure(
        admin.call(setTwoFactorRolesRoute, { body: body as { roles: string[] } }),
      );
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.call(twoFactorRolesRoute, {})).roles).toEqual(['ROLE_REGISTER_CONFIG']);
    expect(await auditRows()).toEqual([]);
  });

  it('an administrator sets the roles: their holders must then give a second factor', async () => {
    // a session opened before the change
    const { client: early } = await signIn(server, 'manager');
    expect((await early.call(listSitesRoute, { query: {} })).length).toBeGreaterThan(0);

    const admin = await server.as('admin');
    const setting = await admin.call(setTwoFactorRolesRoute, {
      body: { roles: ['ROLE_USER_CONFIG'] },
    });
    expect(setting).toMatchObject({
      roles: ['ROLE_USER_CONFIG'],
      source: 'console',
      updatedBy: 'admin',
    });
    expect(await admin.call(twoFactorRolesRoute, {})).toEqual(setting);

    const [row, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actor: 'admin',
      action: 'update',
      entityId: ENTITY,
      siteId: null,
      before: { roles: ['ROLE_REGISTER_CONFIG'] },
      after: { roles: ['ROLE_USER_CONFIG'] },
    });

    // the open session may now only enrol
    const blocked = await failure(early.call(listSitesRoute, { query: {} }));
    expect(blocked.status).toBe(403);
    expect(blocked.message).toMatch(/Two-factor sign-in is required/);

    // a new sign-in is told to enrol; only enrolment calls pass until done
    const { client, answer } = await signIn(server, 'manager');
    expect(answer).toMatchObject({ login: 'manager', mustEnrolTwoFactor: true });
    expect((await failure(client.call(listSitesRoute, { query: {} }))).status).toBe(403);
    expect(await client.call(twoFactorStatusRoute, {})).toMatchObject({ required: true });
    const setup = await client.call(twoFactorSetupRoute, {});
    const now = Date.now();
    await client.call(twoFactorConfirmRoute, {
      body: { code: generateSync({ secret: setup.secret, epoch: Math.floor(now / 1000) }) },
    });
    // required: it cannot be turned off
    const off = await failure(
      client.call(twoFactorDisableRoute, {
        body: {
          code: generateSync({ secret: setup.secret, epoch: Math.floor(now / 1000) + 30 }),
        },
      }),
    );
    expect(off.status).toBe(403);
    await client.call(logoutRoute, {});

    // enrolled: the password alone no longer opens a session
    expect((await signIn(server, 'manager')).answer).toEqual({ twoFactorRequired: true });
    // the roles no longer named sign in with the password alone
    const { answer: sales } = await signIn(server, 'sales');
    expect(sales).toMatchObject({ login: 'sales' });
    expect(sales).not.toHaveProperty('mustEnrolTwoFactor');
  });

  it('an empty list makes the second factor optional for everyone, audited again', async () => {
    const admin = await server.as('admin');
    expect(await admin.call(setTwoFactorRolesRoute, { body: { roles: [] } })).toMatchObject({
      roles: [],
      source: 'console',
    });
    const { answer } = await signIn(server, 'integrator');
    expect(answer).not.toHaveProperty('mustEnrolTwoFactor');
    const rows = await auditRows();
    expect(rows.map((r) => r.after)).toEqual([{ roles: ['ROLE_USER_CONFIG'] }, { roles: [] }]);
  });
});
