import type { FastifyInstance } from 'fastify';
import { hasAccess, isRole, ROLE_CATALOGUE, ROLES, splitRoles } from '#contract/roles.ts';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import {
  chatTokenRoute,
  getUserRoute,
  listUsersRoute,
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
  roleCatalogueRoute,
  setUserRolesRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import { forbidden, HttpError, isUniqueViolation, notFound } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { registerRoute } from '../../lib/register-route.ts';

function validRoles(value: string | string[]): string[] {
  const roles = [...new Set(splitRoles(value))];
  const unknown = roles.filter((role) => !isRole(role));
  if (unknown.length) throw new HttpError(400, `Unknown role: ${unknown.join(', ')}`);
  return roles;
}

export async function userRoutes(app: FastifyInstance) {
  const { users, sites } = app.repos;

  registerRoute(app, registerUserRoute, async ({ body, user }) => {
    const roles = validRoles(body.roles);
    if (
      roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPERUSER') &&
      !user.roles.includes('ROLE_ADMIN')
    ) {
      throw forbidden('Only an administrator can grant staff roles');
    }
    try {
      return await users.create({ ...body, roles }, user.login);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `User ${body.login} already exists`);
      throw error;
    }
  });

  registerRoute(app, registerSiteRoute, async ({ body, user }) => sites.create(body, user.login));

  registerRoute(app, registerSiteToUserRoute, async ({ query, body, user }) => {
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

  registerRoute(app, getUserRoute, async ({ params }) => {
    const found = await users.get(params.login);
    if (!found) throw notFound('User');
    return found;
  });

  registerRoute(app, setUserRolesRoute, async ({ params, body, user }) => {
    const roles = validRoles(body);
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
    if (params.login !== user.login && !hasAccess(user.roles, ['ROLE_USER_VIEW']))
      throw forbidden();
    const row = await users.rowByLogin(params.login);
    if (!row) throw notFound('User');
    return { token: row.chatToken };
  });
}
