/**
 * Two-factor sign-in for staff: enrolment with a QR code, the second step of the
 * form sign-in, clock skew (±1 step accepted, ±2 refused), replayed codes refused, single-use
 * recovery codes, the per-role requirement, the sign-in backoff, the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import {
  loginRoute,
  loginTwoFactorRoute,
  logoutRoute,
  meRoute,
  twoFactorConfirmRoute,
  twoFactorDisableRoute,
  twoFactorRecoveryCodesRoute,
  twoFactorSetupRoute,
  twoFactorStatusRoute,
} from '#contract/routes/auth.ts';
import { listSitesRoute } from '#contract/routes/sites.ts';
import { auditLog, userTwoFactor, users } from '#server/platform/db/schema.ts';
import { DEMO_PASSWORD } from '#server/demo/seed.ts';
import { createTwoFactor } from '#server/accounts/two-factor.ts';
import {
  DATABASES,
  failure,
  primed,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const code = (secret: string, at = Date.now()) =>
  generateSync({ secret, epoch: Math.floor(at / 1000) });

/** Enrols a signed-in client; the secret (as scanned) and the recovery codes. */
async function enrol(client: TestClient, now = Date.now()) {
  const setup = await client.call(twoFactorSetupRoute, {});
  const { recoveryCodes } = await client.call(twoFactorConfirmRoute, {
    body: { code: code(setup.secret, now) },
  });
  return { setup, recoveryCodes };
}

async function passwordStep(server: TestServer, login: string) {
  const client = await primed(server.app);
  const answer = await client.call(loginRoute, {
    body: { username: login, password: DEMO_PASSWORD },
  });
  return { client, answer };
}

describe.each(DATABASES)('two-factor sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: {
        LOGIN_BACKOFF_FREE: '3',
        TWO_FACTOR_ROLES: 'ROLE_ADMIN',
      },
    });
  });
  afterAll(() => server.close());

  it('enrols with a QR code of the otpauth URL; the secret is encrypted and never sent back', async () => {
    const client = await server.as('integrator');
    expect(await client.call(twoFactorStatusRoute, {})).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await client.call(twoFactorSetupRoute, {});
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Vitrina:integrator\?/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    const svg = Buffer.from(setup.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64');
    expect(svg.toString()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // a wrong code confirms nothing
    const wrong = await failure(client.call(twoFactorConfirmRoute, { body: { code: '000000' } }));
    expect(wrong.status).toBe(400);
    expect((await client.call(twoFactorStatusRoute, {})).enrolled).toBe(false);

    const { recoveryCodes } = await client.call(twoFactorConfirmRoute, {
      body: { code: code(setup.secret) },
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await client.call(twoFactorStatusRoute, {})).toEqual({
      enrolled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // stored encrypted, and a second setup is refused instead of showing a secret again
    const [row] = await server.database.db.select().from(userTwoFactor);
    expect(row!.secret).not.toContain(setup.secret);
    expect(row!.secret).toMatch(/^v1\./);
    expect((await failure(client.call(twoFactorSetupRoute, {}))).status).toBe(409);
    const audit = await server.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user-two-factor'), eq(auditLog.entityId, 'integrator')));
    expect(audit.map((a) => a.action)).toEqual(['two-factor-setup', 'two-factor-enable']);
    expect(JSON.stringify(audit)).not.toContain(setup.secret);
  });

  it('signs in in two steps: the password answers that a code is needed, the code opens the session', async () => {
    const enrolled = await server.as('manager');
    const { setup } = await enrol(enrolled);
    await enrolled.call(logoutRoute, {});

    const { client, answer } = await passwordStep(server, 'manager');
    expect(answer).toEqual({ twoFactorRequired: true });
    expect(client.cookies.has('SESSION')).toBe(false);
    expect((await failure(client.call(meRoute, {}))).status).toBe(401);

    const wrong = await failure(client.call(loginTwoFactorRoute, { body: { code: '123456' } }));
    expect(wrong.status).toBe(401);
    // the confirmation used this step's code: the app's next one is within the accepted skew
    const me = await client.call(loginTwoFactorRoute, {
      body: { code: code(setup.secret, Date.now() + 30_000) },
    });
    expect(me.login).toBe('manager');
    expect((await client.call(meRoute, {})).login).toBe('manager');
    expect(client.cookies.has('SIGN_IN_TWO_FACTOR')).toBe(false);

    // without the password step there is nothing to answer
    const stranger = await primed(server.app);
    const expired = await failure(
      stranger.call(loginTwoFactorRoute, { body: { code: code(setup.secret) } }),
    );
    expect(expired.status).toBe(401);
    expect(expired.message).toMatch(/expired/);
  });

  it('accepts a code one step off either way, refuses two steps off, and refuses a replay', async () => {
    const client = await server.as('sales');
    const setup = await client.call(twoFactorSetupRoute, {});
    const [user] = await server.database.db.select().from(users).where(eq(users.login, 'sales'));
    // no TWO_FACTOR_KEY: the key generated into the database, as the server uses it
    const twoFactor = createTwoFactor(server.database.db, { requiredRoles: async () => [] });
    // the middle of a 30 s step
    const now = 1_800_000_015_000;
    const at = (steps: number) => code(setup.secret, now + steps * 30_000);
    expect(await twoFactor.checkTotp(user!.id, at(-2), now, true)).toBe(false);
    expect(await twoFactor.checkTotp(user!.id, at(2), now, true)).toBe(false);
    expect(await twoFactor.checkTotp(user!.id, at(-1), now, true)).toBe(true);
    // the same code again: a replay
    expect(await twoFactor.checkTotp(user!.id, at(-1), now, true)).toBe(false);
    expect(await twoFactor.checkTotp(user!.id, at(0), now, true)).toBe(true);
    expect(await twoFactor.checkTotp(user!.id, at(0), now, true)).toBe(false);
    expect(await twoFactor.checkTotp(user!.id, at(1), now, true)).toBe(true);
    // an older step than the last accepted one is refused too
    expect(await twoFactor.checkTotp(user!.id, at(0), now + 30_000, true)).toBe(false);
    expect(await twoFactor.checkTotp(user!.id, 'abcdef', now, true)).toBe(false);
  });

  it('refuses a code used for one sign-in at the next one', async () => {
    const enrolled = await server.as('client');
    const { setup } = await enrol(enrolled);
    const next = code(setup.secret, Date.now() + 30_000);
    const first = await passwordStep(server, 'client');
    await first.client.call(loginTwoFactorRoute, { body: { code: next } });
    const second = await passwordStep(server, 'client');
    const replay = await failure(second.client.call(loginTwoFactorRoute, { body: { code: next } }));
    expect(replay.status).toBe(401);
    expect(second.client.cookies.has('SESSION')).toBe(false);
  });

  it('recovery codes sign in once each, are audited, and can be renewed', async () => {
    const enrolled = await server.as('superuser');
    const { setup, recoveryCodes } = await enrol(enrolled);
    const [first, second] = recoveryCodes;

    const a = await passwordStep(server, 'superuser');
    // typed in capitals with spaces: still the code
    await a.client.call(loginTwoFactorRoute, { body: { code: ` ${first!.toUpperCase()} ` } });
    expect((await a.client.call(twoFactorStatusRoute, {})).recoveryCodesLeft).toBe(9);

    const b = await passwordStep(server, 'superuser');
    expect(
      (await failure(b.client.call(loginTwoFactorRoute, { body: { code: first! } }))).status,
    ).toBe(401);
    await b.client.call(loginTwoFactorRoute, { body: { code: second! } });

    const used = await server.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'two-factor-recovery-code-used'),
          eq(auditLog.entityId, 'superuser'),
        ),
      );
    expect(used.map((u) => u.after)).toEqual([{ recoveryCodesLeft: 9 }, { recoveryCodesLeft: 8 }]);

    // renewed with a current code: the old ones stop working
    const { recoveryCodes: renewed } = await b.client.call(twoFactorRecoveryCodesRoute, {
      body: { code: code(setup.secret, Date.now() + 30_000) },
    });
    expect(renewed).toHaveLength(10);
    const c = await passwordStep(server, 'superuser');
    expect(
      (await failure(c.client.call(loginTwoFactorRoute, { body: { code: recoveryCodes[2]! } })))
        .status,
    ).toBe(401);
    await c.client.call(loginTwoFactorRoute, { body: { code: renewed[0]! } });
  });

  it('wrong codes count towards the sign-in backoff of the account (429 with Retry-After)', async () => {
    const enrolled = await server.as('designer');
    await enrol(enrolled);
    const { client } = await passwordStep(server, 'designer');
    for (let i = 0; i < 3; i++) {
      const wrong = await failure(client.call(loginTwoFactorRoute, { body: { code: '000000' } }));
      expect(wrong.status).toBe(401);
    }
    const held = await client.raw({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: 'code=000000',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('wrong codes to turn it off or renew the recovery codes are held back like sign-in, also in parallel', async () => {
    // a user of its own (the demo logins are enrolled by the tests above)
    const [template] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.login, 'client'));
    await server.database.db.insert(users).values({
      login: 'code-guesser',
      passwordHash: template!.passwordHash,
      chatToken: 'code-guesser-chat-token',
    });
    const client = await server.as('code-guesser');
    await enrol(client);
    const post = (url: string, code: string) =>
      client.raw({
        method: 'POST',
        url,
        payload: JSON.stringify({ code }),
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
        },
      });
    // 30 guesses at once on each call: only the free budget (3) is checked, the rest wait
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        post('/api/me/two-factor/disable', String(100000 + i)),
        post('/api/me/two-factor/recovery-codes', String(200000 + i)),
      ]).flat(),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
    const held = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.json()).toMatchObject({
      message: expect.stringMatching(/Too many wrong codes for this account/),
    });
    // nothing was turned off or renewed by the guesses
    expect(await client.call(twoFactorStatusRoute, {})).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('an administrator may only enrol until enrolled; other roles are not asked', async () => {
    const admin = await server.as('admin');
    const me = await admin.call(meRoute, {});
    expect(me.mustEnrolTwoFactor).toBe(true);
    const refused = await failure(admin.call(listSitesRoute, { query: {} }));
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/Two-factor sign-in is required/);
    expect((await admin.call(twoFactorStatusRoute, {})).required).toBe(true);

    const { setup } = await enrol(admin);
    expect((await admin.call(meRoute, {})).mustEnrolTwoFactor).toBeUndefined();
    expect(Array.isArray(await admin.call(listSitesRoute, { query: {} }))).toBe(true);
    // required: it cannot be turned off
    const off = await failure(
      admin.call(twoFactorDisableRoute, {
        body: { code: code(setup.secret, Date.now() + 30_000) },
      }),
    );
    expect(off.status).toBe(403);

    const sales = await server.as('sales');
    expect((await sales.call(meRoute, {})).mustEnrolTwoFactor).toBeUndefined();
    expect(Array.isArray(await sales.call(listSitesRoute, { query: {} }))).toBe(true);
  });

  it('a user who may turn it off does so with a code and signs in with the password alone', async () => {
    // sales had only started an enrolment (the skew test): a new setup replaces it
    const sales = await server.as('sales');
    const { setup } = await enrol(sales);
    const status = await sales.call(twoFactorDisableRoute, {
      body: { code: code(setup.secret, Date.now() + 30_000) },
    });
    expect(status).toEqual({ enrolled: false, required: false, recoveryCodesLeft: 0 });
    const { answer } = await passwordStep(server, 'sales');
    expect((answer as { login?: string }).login).toBe('sales');
  });

  it('refuses unknown role names in TWO_FACTOR_ROLES at start', async () => {
    const { testEnv } = await import('#tests/helpers/server.ts');
    expect(() => testEnv({ TWO_FACTOR_ROLES: 'ROLE_ADMIN,ROLE_NOPE' })).toThrow(/TWO_FACTOR_ROLES/);
  });
});
