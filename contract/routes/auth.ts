import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { me } from '../entities/user.ts';

export const ok = z.object({ ok: z.literal(true) });

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/login',
  summary: 'Sign in with form fields username and password; sets the session and XSRF cookies',
  auth: false,
  roles: [],
  site: 'none',
  bodyType: 'form',
  body: z.strictObject({ username: z.string().trim().min(1), password: z.string().min(1) }),
  response: me,
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/logout',
  summary: 'End the current session',
  auth: true,
  roles: [],
  site: 'none',
  response: ok,
});

export const meRoute = defineRoute({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user: login, roles, isClient, tabs and session expiry',
  auth: true,
  roles: [],
  site: 'none',
  response: me,
});

export const pageViewRoute = defineRoute({
  method: 'POST',
  path: '/event-tracking/page-views',
  summary: 'Record a console page view (sent on every navigation)',
  auth: true,
  roles: [],
  site: 'query',
  query: z.strictObject({
    page: z
      .string()
      .min(1)
      .max(500)
      .refine((page) => !page.includes('\u0000'), 'must not contain NUL characters'),
    /** Must be a site the user is attached to (403 otherwise). */
    siteId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  response: ok,
});
