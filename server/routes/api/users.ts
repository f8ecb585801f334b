import type { FastifyInstance } from 'fastify';
import { isRole, ROLE_CATALOGUE, ROLES, splitRoles } from '#contract/roles.ts';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import {
  chatTokenRoute,
  getUserRoute,
  listUsersRoute,
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
  roleCatalogueRoute,
  setTwoFactorRolesRoute,
  setUserRolesRoute,
  staffEmailDomainsRoute,
  twoFactorRolesRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import {
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
} from '../../platform/http/http-error.ts';
import { hashPassword } from '../../accounts/password.ts';
import { assertPasswordPolicy } from '../../accounts/password-policy.ts';
import { assertCompanyEmail } from '../../accounts/company-email.ts';
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';

function validRoles(value: string | string[]): string[] {
  const roles = [...new Set(splitRoles(value))];
  const unknown = roles.filter((role) => !isRole(role));
  if (unknown.length) throw new HttpError(400, `Unknown role: ${unknown.join(', ')}`);
  return roles;
}

/**
 * The roles a user may hand out: an administrator any, a superuser any but the
 * staff roles, everyone else only roles they hold themselves.
 */
export function grantableBy(actor: AuthUser): (role: string) => boolean {
  if (actor.roles.includes('ROLE_ADMIN')) return () => true;
  if (actor.roles.includes('ROLE_SUPERUSER'))
    return (role) => role !== 'ROLE_ADMIN' && role !== 'ROLE_SUPERUSER';
  return (role) => actor.roles.includes(role);
}

function assertGrantable(actor: AuthUser, roles: readonly string[], what: string): void {
  const grantable = grantableBy(actor);
  const beyond = roles.filter((role) => !grantable(role));
  if (beyond.length === 0) return;
  if (beyond.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPERUSER'))
    throw forbidden('Only an administrator can grant staff roles');
  throw forbidden(`${what}: you can grant only roles you hold (not ${beyond.join(', ')})`);
}

export async function userRoutes(app: FastifyInstance) {
  const { users, sites } = app.repos;

  registerRoute(app, registerUserRoute, async ({ body, user }) => {
    const roles = validRoles(body.roles);
    assertGrantable(user, roles, 'Registration refused');
    assertPasswordPolicy(body.password, body.login);
    assertCompanyEmail(body, app.env.STAFF_EMAIL_DOMAINS);
    try {
      return await users.create({ ...body, roles }, user.login);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `User ${body.login} already exists`);
      throw error;
    }
  });

  registerRoute(app, registerSiteRoute, async ({ body, user }) => sites.create(body, user.login));

  registerRoute(app, registerSiteToUserRoute, async ({ query, body, user }) => {
    // The site guard let only a site of the caller's through; attaching it lends the target's
    // roles on it, so the target may hold no role the caller could not grant.
    const target = await users.rowByLogin(body.login);
    if (!target) throw notFound('User');
    assertGrantable(user, target.roles, `Attaching a site to ${body.login} refused`);
    const updated = await users.update(body.login, user.login, 'attach-site', async (tx, row) => {
      await users.attachSite(tx, row.id, query.siteId);
    });
    if (!updated) throw notFound('User');
    return updated;
  });

  registerRoute(app, listUsersRoute, () => users.list());

  registerRoute(app, roleCatalogueRoute, async () => ({
    roles: ROLES.map((name) => ({ name, description: ROLE_CATALOGUE[name] })),
    presets: ROLE_PRESET_NAMES.map((name) => ({ name, roles: [...ROLE_PRESETS[name]] })),
  }));

  registerRoute(app, staffEmailDomainsRoute, async () => ({
    domains: app.env.STAFF_EMAIL_DOMAINS,
  }));

  registerRoute(app, twoFactorRolesRoute, () => app.repos.twoFactorPolicy.get());

  // whether a signed-in user must enrol is decided per call from the setting (auth plugin)
  registerRoute(app, setTwoFactorRolesRoute, async ({ body, user }) =>
    app.repos.twoFactorPolicy.set(body.roles, user.login),
  );

  registerRoute(app, getUserRoute, async ({ params }) => {
    const found = await users.get(params.login);
    if (!found) throw notFound('User');
    return found;
  });

  registerRoute(app, setUserRolesRoute, async ({ params, body, user }) => {
    const roles = validRoles(body);
    assertGrantable(user, roles, 'Role change refused');
    if (params.login === user.login && !roles.includes('ROLE_ADMIN')) {
      throw new HttpError(400, 'You cannot remove your own administrator role');
    }
    let userId: number | undefined;
    const updated = await users.update(params.login, user.login, 'set-roles', (tx, row) => {
      userId = row.id;
      return users.setFields(tx, row.id, { roles });
    });
    if (!updated) throw notFound('User');
    app.repos.sessions.forgetUser(userId!);
    return updated;
  });

  registerRoute(app, updateUserRoute, async ({ params, body, user }) => {
    if (body.password !== undefined) assertPasswordPolicy(body.password, params.login);
    if (body.email !== undefined || body.isClient !== undefined) {
      // the account as it would be: making a user staff checks the address it keeps
      const current = await users.rowByLogin(params.login);
      if (!current) throw notFound('User');
      assertCompanyEmail(
        { email: body.email ?? current.email, isClient: body.isClient ?? current.isClient },
        app.env.STAFF_EMAIL_DOMAINS,
      );
    }
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    let userId: number | undefined;
    const updated = await users.update(params.login, user.login, 'update', (tx, row) => {
      userId = row.id;
      return users.setFields(tx, row.id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.isClient !== undefined && { isClient: body.isClient }),
        ...(passwordHash && { passwordHash }),
      });
    });
    if (!updated) throw notFound('User');
    // A new password ends the user's sessions; other changes are re-read on the next call.
    if (passwordHash) await app.repos.sessions.removeForUser(userId!);
    else app.repos.sessions.forgetUser(userId!);
    return updated;
  });

  registerRoute(app, chatTokenRoute, async ({ params, user }) => {
    // A chat token signs its holder into the support chat: one's own only (an administrator's
    // included: a manager once read the administrator's).
    if (params.login !== user.login && !user.roles.includes('ROLE_ADMIN'))
      throw forbidden('You can read only your own chat token');
    const row = await users.rowByLogin(params.login);
    if (!row) throw notFound('User');
    return { token: row.chatToken };
  });
}
