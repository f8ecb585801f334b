import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userRegistration } from '#contract/entities/user.ts';
import { PASSWORD_REASONS } from '#contract/password-policy.ts';
import { meRoute } from '#contract/routes/auth.ts';
import { registerUserRoute, updateUserRoute } from '#contract/routes/users.ts';
import { signInThrottle } from '#server/platform/db/schema.ts';
import { backoffMs } from '#server/accounts/sign-in-throttle.ts';
import {
  DATABASES,
  failure,
  primed,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

/** Once, 'a', '1', ' ' and the login itself were accepted as new passwords. */
describe('the password policy of the contract', () => {
  const reasons = (password: string, login = 'newuser') => {
    const parsed = userRegistration.safeParse({ login, password });
    return parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) => (issue as { params?: { reason?: string } }).params?.reason,
        );
  };

  it('refuses short passwords and the login, with reason codes', () => {
    for (const password of ['a', '1', ' ', 'nine-char']) {
      expect(reasons(password)).toEqual([PASSWORD_REASONS.tooShort]);
    }
    expect(reasons('Long-Login-1', 'long-login-1')).toEqual([PASSWORD_REASONS.sameAsLogin]);
    expect(reasons('correct-horse-7')).toEqual([]);
  });
});

describe.each(DATABASES)('passwords on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('refuses weak passwords at registration with the reason in the issue code', async () => {
    const admin = await server.as('admin');
    const cases: [string, string, string][] = [
      ['weak1', 'a', PASSWORD_REASONS.tooShort],
      ['weak2', ' ', PASSWORD_REASONS.tooShort],
      ['weaklogin12', 'weaklogin12', PASSWORD_REASONS.sameAsLogin],
      ['weak3', 'password123', PASSWORD_REASONS.common],
      ['weak4', 'QWERTYUIOP', PASSWORD_REASONS.common],
    ];
    for (const [login, password, reason] of cases) {
      const error = await failure(admin.call(registerUserRoute, { body: { login, password } }));
      expect(error.status, password).toBe(400);
      expect(error.issues, password).toEqual([
        expect.objectContaining({ path: ['body', 'password'], code: reason }),
      ]);
    }
    const created = await admin.call(registerUserRoute, {
      body: { login: 'strong', password: 'correct-horse-7' },
    });
    expect(created.login).toBe('strong');
  });

  it('refuses weak passwords at a change, the login included, and keeps the old one', async () => {
    const admin = await server.as('admin');
    for (const [password, reason] of [
      ['1', PASSWORD_REASONS.tooShort],
      ['iloveyou12', PASSWORD_REASONS.common],
      ['DESIGNER', PASSWORD_REASONS.tooShort],
    ] as const) {
      const error = await failure(
        admin.call(updateUserRoute, { params: { login: 'designer' }, body: { password } }),
      );
      expect(error.status).toBe(400);
      expect(error.issues[0]).toMatchObject({ code: reason });
    }
    await admin.call(updateUserRoute, {
      params: { login: 'strong' },
      body: { password: 'another-horse-8' },
    });
    const same = await failure(
      admin.call(updateUserRoute, { params: { login: 'strong' }, body: { password: 'Strong' } }),
    );
    expect(same.issues[0]).toMatchObject({ code: PASSWORD_REASONS.tooShort });
    const loginAsPassword = await failure(
      admin.call(registerUserRoute, {
        body: { login: 'averylonglogin', password: 'AveryLongLogin' },
      }),
    );
    expect(loginAsPassword.issues[0]).toMatchObject({ code: PASSWORD_REASONS.sameAsLogin });
  });

  it('still signs in with the demo password, which the policy would refuse today', async () => {
    const client = await server.as('designer');
    expect((await client.call(meRoute, {})).login).toBe('designer');
  });
});

describe('sign-in backoff per account', () => {
  const settings = { free: 3, baseMs: 1000, maxMs: 8000 };
  it('waits nothing for the free failures, then doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50, 10_000].map((n) => backoffMs(n, settings))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000,
    ]);
  });
});

describe.each(DATABASES)('guessing passwords on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: {
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_BACKOFF_FREE: '3',
        LOGIN_BACKOFF_BASE_MS: '60000',
        LOGIN_BACKOFF_MAX_MS: '120000',
      },
    });
  });
  afterAll(() => server.close());

  const guess = async (
    username: string,
    password: string,
    headers: Record<string, string> = {},
  ) => {
    const client = await primed(server.app);
    return client.raw({
      method: 'POST',
      url: '/api/login',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
        ...headers,
      },
    });
  };

  it('holds an account after a few failures, whatever address the guesses claim', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await guess('manager', `guess-${i}`, { 'x-forwarded-for': `10.0.0.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // the right password waits too, so a guess cannot be told apart while held
    const right = await guess('manager', 'vitrina-demo');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json()).toMatchObject({
      message: expect.stringMatching(/Too many failed sign-ins for this account/),
    });
    // other accounts are not held
    expect((await guess('sales', 'vitrina-demo')).statusCode).toBe(200);
  });

  it('releases the account when the wait is over, and a success starts it afresh', async () => {
    // the wait is capped: move it into the past as time would
    await server.database.db
      .update(signInThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1) })
      .where(eq(signInThrottle.login, 'manager'));
    expect((await guess('manager', 'vitrina-demo')).statusCode).toBe(200);
    const rows = await server.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.login, 'manager'));
    expect(rows).toEqual([]);
    expect((await guess('manager', 'wrong-once')).statusCode).toBe(401);
    expect((await guess('manager', 'vitrina-demo')).statusCode).toBe(200);
  });

  it('takes the free budget atomically: parallel guesses from many addresses get only the free tries', async () => {
    // 40 guesses at once, each claiming its own address: before, every guess read "no wait"
    // before any failure was counted, and far more than the 3 free tries reached the check
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        guess('integrator', `parallel-${i}`, { 'x-forwarded-for': `10.1.${i}.1` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    const [row] = await server.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.login, 'integrator'));
    expect(row!.failures).toBe(3);
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('never holds an account longer than the cap', async () => {
    for (let i = 0; i < 4; i++) await guess('client', `guess-${i}`);
    await server.database.db
      .update(signInThrottle)
      .set({ failures: 1_000_000, blockedUntil: new Date(Date.now() - 1) })
      .where(eq(signInThrottle.login, 'client'));
    const before = Date.now();
    expect((await guess('client', 'one-more')).statusCode).toBe(401);
    const [row] = await server.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.login, 'client'));
    expect(row!.blockedUntil!.getTime() - before).toBeLessThanOrEqual(120_000 + 5_000);
  });
});

/** X-Forwarded-For was once believed from anyone (528 guesses in 10 s by rotating it). */
describe('client addresses behind proxies', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const server = await startTestServer('pglite', {
      seed: false,
      env: { LOGIN_RATE_LIMIT: '2', LOGIN_BACKOFF_FREE: '100' },
    });
    const trusting = await startTestServer('pglite', {
      seed: false,
      env: { LOGIN_RATE_LIMIT: '2', LOGIN_BACKOFF_FREE: '100', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const rotate = async (target: TestServer) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const client = await primed(target.app);
          const response = await client.raw({
            method: 'POST',
            url: '/api/login',
            payload: `username=nobody${i}&password=wrong-guess`,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
              'x-forwarded-for': `203.0.113.${i}`,
            },
          });
          statuses.push(response.statusCode);
        }
        return statuses;
      };
      expect(await rotate(server)).toEqual([401, 401, 429, 429]);
      // behind a configured proxy each forwarded address has its own allowance
      expect(await rotate(trusting)).toEqual([401, 401, 401, 401]);
    } finally {
      await server.close();
      await trusting.close();
    }
  }, 120_000);
});
