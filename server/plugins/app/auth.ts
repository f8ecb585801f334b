import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '#contract/roles.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import type { AuthUser } from '../../platform/http/register-route.ts';
import type { UserRow } from '../../accounts/users.ts';

export const SESSION_COOKIE = 'SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Readable by the console: the session length in seconds (spec §9, default 3600). */
export const SESSION_LENGTH_COOKIE = 'SESSION_LENGTH';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<AuthUser | null>;
    startSession(reply: FastifyReply, user: UserRow): Promise<Date>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    sessionExpiresAt: Date | null;
  }
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    login: row.login,
    roles: row.roles,
    isClient: row.isClient,
    seesAllSites: isStaff(row.roles),
  };
}

/**
 * Whether a request is a console call: the route it matched is under /api (Fastify matches the
 * decoded path, so `/%61pi/…` is one), or its decoded, normalised path is. Undecodable paths count.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url?.startsWith('/api/')) return true;
  return normalisedPath(request.url).startsWith('/api/');
}

/** The path part of a URL, percent-decoded, with repeated and dot segments resolved. */
export function normalisedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return '/api/';
  }
  const parts: string[] = [];
  for (const part of decoded.replaceAll('\\', '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}${decoded.endsWith('/') && parts.length ? '/' : ''}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Spring-style session and anti-forgery: an HttpOnly session cookie backed by the sessions
 * table, and a readable XSRF-TOKEN cookie that unsafe calls must echo in X-XSRF-TOKEN
 * (double submit, as Spring's CookieCsrfTokenRepository does).
 */
export const authPlugin = fp(
  async (app) => {
    const secure = app.env.COOKIE_SECURE;
    const length = app.env.SESSION_LENGTH;
    const setXsrf = (reply: FastifyReply) =>
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure,
      });

    app.decorateRequest('user', null);
    app.decorateRequest('site', null);
    app.decorateRequest('sessionExpiresAt', null);

    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      // /cdn and /public may be served from their own cookie-less origin (CDN_ORIGIN): no cookie.
      if (!cookie && !/^\/(cdn|public)\//.test(normalisedPath(request.url))) setXsrf(reply);
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
      // Browsers name where a request came from; a page of another site never writes here.
      const from = request.headers['sec-fetch-site'];
      if (from === 'cross-site' || from === 'same-site') {
        throw new HttpError(403, 'Cross-site request refused');
      }
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new HttpError(403, 'Invalid or missing XSRF token');
      }
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const record = await app.repos.sessions.find(token);
      if (!record) return null;
      request.user = toAuthUser(record.user);
      if (!record.user.twoFactor) {
        // set by an administrator in the console, or TWO_FACTOR_ROLES until then
        const required = await app.repos.twoFactorPolicy.requiredRoles();
        if (record.user.roles.some((role) => required.includes(role)))
          request.user.mustEnrolTwoFactor = true;
      }
      request.sessionExpiresAt = await app.repos.sessions.touch(record);
      return request.user;
    });

    app.decorate('startSession', async (reply: FastifyReply, user: UserRow) => {
      // Sign-in is rare enough to sweep expired sessions here instead of on a timer.
      await app.repos.sessions.purgeExpired();
      const session = await app.repos.sessions.create(user.id);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      reply.setCookie(SESSION_LENGTH_COOKIE, String(length), {
        path: '/',
        sameSite: 'lax',
        secure,
      });
      setXsrf(reply);
      return session.expiresAt;
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.repos.sessions.remove(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      setXsrf(reply);
    });
  },
  { name: 'auth', dependencies: ['repositories'] },
);
