import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import type { Me } from '#contract/entities/user.ts';
import { loginRoute, logoutRoute, meRoute, pageViewRoute } from '#contract/routes/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { DUMMY_HASH, verifyPassword } from '../../lib/password.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { createSignInThrottle } from '../../lib/sign-in-throttle.ts';
import type { UserRow } from '../../repositories/users.ts';

export async function authRoutes(app: FastifyInstance) {
  const sessionLength = app.env.SESSION_LENGTH;
  const throttle = createSignInThrottle(app.database.db, {
    free: app.env.LOGIN_BACKOFF_FREE,
    baseMs: app.env.LOGIN_BACKOFF_BASE_MS,
    maxMs: app.env.LOGIN_BACKOFF_MAX_MS,
  });
  const tooManyFailures = (reply: FastifyReply, wait: number) => {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    return new HttpError(
      429,
      `Too many failed sign-ins for this account: try again in ${seconds} s`,
    );
  };

  async function toMe(row: UserRow, expiresAt: Date): Promise<Me> {
    const user = await app.repos.users.toUser(row);
    return {
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
      const wait = await throttle.waitMs(body.username);
      if (wait > 0) throw tooManyFailures(reply, wait);
      const row = await app.repos.users.rowByLogin(body.username);
      const valid = await verifyPassword(body.password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !valid) {
        await throttle.fail(body.username);
        throw new HttpError(401, 'Wrong username or password');
      }
      await throttle.succeed(body.username);
      const expiresAt = await app.startSession(reply, row);
      return toMe(row, expiresAt);
    });
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
