import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import type { Me } from '#contract/entities/user.ts';
import {
  loginRoute,
  loginTwoFactorRoute,
  logoutRoute,
  meRoute,
  pageViewRoute,
  twoFactorConfirmRoute,
  twoFactorDisableRoute,
  twoFactorRecoveryCodesRoute,
  twoFactorSetupRoute,
  twoFactorStatusRoute,
} from '#contract/routes/auth.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { DUMMY_HASH, verifyPassword } from '../../accounts/password.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createSignInThrottle } from '../../accounts/sign-in-throttle.ts';
import { CHALLENGE_SECONDS, createTwoFactor } from '../../accounts/two-factor.ts';
import type { UserRow } from '../../accounts/users.ts';

export async function authRoutes(app: FastifyInstance) {
  const sessionLength = app.env.SESSION_LENGTH;
  const throttle = createSignInThrottle(app.database.db, {
    free: app.env.LOGIN_BACKOFF_FREE,
    baseMs: app.env.LOGIN_BACKOFF_BASE_MS,
    maxMs: app.env.LOGIN_BACKOFF_MAX_MS,
  });
  const tooManyFailures = (
    reply: FastifyReply,
    wait: number,
    what = 'Too many failed sign-ins for this account',
  ) => {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    return new HttpError(429, `${what}: try again in ${seconds} s`);
  };

  const twoFactor = createTwoFactor(app.database.db, {
    requiredRoles: () => app.repos.twoFactorPolicy.requiredRoles(),
    key: app.env.TWO_FACTOR_KEY,
  });
  /** The pending second step of a sign-in (HttpOnly; only the sign-in calls receive it). */
  const CHALLENGE_COOKIE = 'SIGN_IN_TWO_FACTOR';
  const challengeCookie = {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.env.COOKIE_SECURE,
  };

  async function toMe(row: UserRow, expiresAt: Date): Promise<Me> {
    const user = await app.repos.users.toUser(row);
    const mustEnrol = !row.twoFactor && (await twoFactor.requires(user.roles));
    return {
      ...(mustEnrol && { mustEnrolTwoFactor: true as const }),
      login: user.login,
      name: user.name,
      roles: user.roles,
      isClient: user.isClient,
      tabs: user.tabs,
      sessionLength,
      sessionExpiresAt: expiresAt.toISOString(),
    };
  }

  app.register(async (scoped) => {
    // Only sign-in takes a form (Spring style): the parser lives in this scope alone.
    await scoped.register(formbody, { bodyLimit: 64 * 1024 });
    await scoped.register(import('@fastify/rate-limit'), {
      max: app.env.LOGIN_RATE_LIMIT,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        status: 429,
        message: `Too many sign-in attempts: try again in ${Math.ceil(context.ttl / 1000)} s`,
      }),
    });
    registerRoute(scoped, loginRoute, async ({ body, reply }) => {
      // the try is counted before the (slow) check: parallel guesses cannot share one budget
      const take = await throttle.take(body.username);
      if (!take.ok) throw tooManyFailures(reply, take.waitMs);
      const row = await app.repos.users.rowByLogin(body.username);
      const valid = await verifyPassword(body.password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !valid) throw new HttpError(401, 'Wrong username or password');
      if (row.twoFactor) {
        await throttle.giveBack(body.username);
        // the password was right: the second step waits behind an HttpOnly cookie
        const token = await twoFactor.createChallenge(row.id);
        reply.setCookie(CHALLENGE_COOKIE, token, { ...challengeCookie, maxAge: CHALLENGE_SECONDS });
        return { twoFactorRequired: true as const };
      }
      await throttle.succeed(body.username);
      const expiresAt = await app.startSession(reply, row);
      return toMe(row, expiresAt);
    });

    // The second step: rate-limited like sign-in and held back by the same per-account backoff.
    registerRoute(scoped, loginTwoFactorRoute, async ({ body, request, reply }) => {
      const token = request.cookies[CHALLENGE_COOKIE];
      const userId = token ? await twoFactor.challengeUser(token) : null;
      if (!token || userId === null) {
        reply.clearCookie(CHALLENGE_COOKIE, challengeCookie);
        throw new HttpError(401, 'The sign-in has expired: enter your password again');
      }
      const row = await app.repos.users.rowById(userId);
      if (!row) throw new HttpError(401, 'The sign-in has expired: enter your password again');
      const take = await throttle.take(row.login);
      if (!take.ok) throw tooManyFailures(reply, take.waitMs);
      const used = await twoFactor.checkCode(row.id, body.code);
      if (!used) throw new HttpError(401, 'Wrong or already used code');
      if (used === 'recovery') await twoFactor.auditRecoveryUse(row.login, row.id);
      await twoFactor.endChallenge(token);
      reply.clearCookie(CHALLENGE_COOKIE, challengeCookie);
      await throttle.succeed(row.login);
      const expiresAt = await app.startSession(reply, row);
      return toMe(row, expiresAt);
    });
  });

  const twoFactorUser = (user: { id: number; login: string; roles: string[] }) => ({
    id: user.id,
    login: user.login,
    roles: user.roles,
  });

  registerRoute(app, twoFactorStatusRoute, async ({ user }) =>
    twoFactor.status(twoFactorUser(user)),
  );
  registerRoute(app, twoFactorSetupRoute, async ({ user }) => twoFactor.setup(twoFactorUser(user)));
  registerRoute(app, twoFactorConfirmRoute, async ({ user, body }) => {
    const recoveryCodes = await twoFactor.confirm(twoFactorUser(user), body.code);
    app.repos.sessions.forgetUser(user.id);
    return { recoveryCodes };
  });
  /**
   * A call confirmed with a second-factor code, held back by the account's sign-in backoff: the
   * try is taken before the code is checked, a wrong code (400) keeps it counted, a right one
   * clears the count, any other refusal gives the try back.
   */
  async function withCodeBudget<T>(login: string, reply: FastifyReply, run: () => Promise<T>) {
    const take = await throttle.take(login);
    if (!take.ok)
      throw tooManyFailures(reply, take.waitMs, 'Too many wrong codes for this account');
    try {
      const result = await run();
      await throttle.succeed(login);
      return result;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 400)) await throttle.giveBack(login);
      throw error;
    }
  }
  registerRoute(app, twoFactorRecoveryCodesRoute, async ({ user, body, reply }) => ({
    recoveryCodes: await withCodeBudget(user.login, reply, () =>
      twoFactor.regenerate(twoFactorUser(user), body.code),
    ),
  }));
  registerRoute(app, twoFactorDisableRoute, async ({ user, body, reply }) => {
    const status = await withCodeBudget(user.login, reply, () =>
      twoFactor.disable(twoFactorUser(user), body.code),
    );
    app.repos.sessions.forgetUser(user.id);
    return status;
  });

  registerRoute(app, logoutRoute, async ({ request, reply }) => {
    await app.endSession(request, reply);
    return { ok: true as const };
  });

  registerRoute(app, meRoute, async ({ user, request }) => {
    const row = await app.repos.users.rowByLogin(user.login);
    if (!row) throw new HttpError(401, 'Authentication required');
    return toMe(row, request.sessionExpiresAt ?? new Date());
  });

  registerRoute(app, pageViewRoute, async ({ user, query }) => {
    await app.repos.pageViews.record({
      login: user.login,
      page: query.page,
      siteId: query.siteId ?? null,
    });
    return { ok: true as const };
  });
}
