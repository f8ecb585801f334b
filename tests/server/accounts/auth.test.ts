import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginRoute, logoutRoute, meRoute } from '#contract/routes/auth.ts';
import { listSitesRoute } from '#contract/routes/sites.ts';
import { setUserRolesRoute, updateUserRoute } from '#contract/routes/users.ts';
import { sessions, users } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  failure,
  primed,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

describe.each(DATABASES)('sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('signs in with form fields and sets the Spring-style cookies', async () => {
    const client = await primed(server.app);
    const response = await client.raw({
      method: 'POST',
      url: '/api/login',
      payload: 'username=manager&password=vitrina-demo',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
    expect(setCookie.find((c) => c.startsWith('SESSION='))).toMatch(/HttpOnly/);
    expect(setCookie.find((c) => c.startsWith('SESSION_LENGTH='))).toMatch(/^SESSION_LENGTH=3600;/);
    expect(setCookie.find((c) => c.startsWith('XSRF-TOKEN='))).not.toMatch(/HttpOnly/);
    const me = await client.call(meRoute, {});
    expect(me).toMatchObject({ login: 'manager', isClient: false, sessionLength: 3600 });
    expect(new Date(me.sessionExpiresAt).getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  it('refuses a wrong password or an unknown login with 401 and no session', async () => {
    const client = await primed(server.app);
    const wrong = await failure(
      client.call(loginRoute, { body: { username: 'manager', password: 'nope' } }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe('Wrong username or password');
    const unknown = await failure(
      client.call(loginRoute, { body: { username: 'ghost', password: 'x' } }),
    );
    expect(unknown.status).toBe(401);
    expect(client.cookies.has('SESSION')).toBe(false);
  });

  it('refuses empty fields with 400 and field issues', async () => {
    const client = await primed(server.app);
    const error = await failure(client.call(loginRoute, { body: { username: ' ', password: '' } }));
    expect(error.status).toBe(400);
    expect(error.issues.map((issue) => issue.path.at(-1))).toEqual(['username', 'password']);
  });

  it('answers 401 without a session and after sign-out', async () => {
    const client = await server.as('client');
    expect(await client.call(listSitesRoute, { query: {} })).toHaveLength(1);
    await client.call(logoutRoute, {});
    expect((await failure(client.call(listSitesRoute, { query: {} }))).status).toBe(401);
  });

  it('answers 403 to an unsafe call without the XSRF header, even signed in', async () => {
    const client = await server.as('admin');
    const response = await client.raw({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, message: 'Invalid or missing XSRF token' });
    const forged = await client.raw({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await client.call(meRoute, {})).login).toBe('admin');
  });

  it('answers 401 when the session expired', async () => {
    const client = await server.as('sales');
    const [user] = await server.database.db.select().from(users).where(eq(users.login, 'sales'));
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await failure(client.call(meRoute, {}))).status).toBe(401);
  });

  it('answers 401 when the session was deleted on the server', async () => {
    const client = await server.as('designer');
    await server.database.db.delete(sessions);
    expect((await failure(client.call(meRoute, {}))).status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => server.close());

  it('answers 429 after too many attempts from one address', async () => {
    const client = await primed(server.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await failure(client.call(loginRoute, { body: { username: 'admin', password: 'bad' } })))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('remembered sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { SESSION_CACHE_MS: '60000' } });
  });
  afterAll(() => server.close());

  it('forgets a session at sign-out at once', async () => {
    const client = await server.as('manager');
    await client.call(meRoute, {});
    const token = client.cookies.get('SESSION');
    await client.call(logoutRoute, {});
    client.cookies.set('SESSION', token!);
    expect((await failure(client.call(meRoute, {}))).status).toBe(401);
  });

  it('ends every session of a user whose password an administrator changed, and re-reads changed roles', async () => {
    const victim = await server.as('sales');
    await victim.call(meRoute, {});
    const admin = await server.as('admin');
    await admin.call(setUserRolesRoute, { params: { login: 'sales' }, body: ['ROLE_SITE_VIEW'] });
    expect((await victim.call(meRoute, {})).roles).toEqual(['ROLE_SITE_VIEW']);
    await admin.call(updateUserRoute, {
      params: { login: 'sales' },
      body: { password: 'changed-password-1' },
    });
    expect((await failure(victim.call(meRoute, {}))).status).toBe(401);
  });
});
