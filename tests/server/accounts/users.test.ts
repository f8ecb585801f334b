import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import {
  chatTokenRoute,
  getUserRoute,
  listUsersRoute,
  registerSiteToUserRoute,
  registerUserRoute,
  roleCatalogueRoute,
  setUserRolesRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import { meRoute } from '#contract/routes/auth.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe.each(DATABASES)('users on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('registers a user, attaches a site, and the user signs in and sees it', async () => {
    const sales = await server.as('sales');
    const created = await sales.call(registerUserRoute, {
      body: {
        login: 'newbie',
        password: 'newbie-secret-1',
        name: 'Новый',
        roles: 'ROLE_SITE_VIEW+ROLE_REPORT_AGG_VIEW',
      },
    });
    expect(created).toMatchObject({
      login: 'newbie',
      isClient: true,
      roles: ['ROLE_SITE_VIEW', 'ROLE_REPORT_AGG_VIEW'],
      siteIds: [],
    });
    expect(
      (
        await failure(
          sales.call(registerUserRoute, { body: { login: 'newbie', password: 'newbie-secret-2' } }),
        )
      ).status,
    ).toBe(409);
    const attached = await sales.call(registerSiteToUserRoute, {
      query: { siteId: 1 },
      body: { login: 'newbie' },
    });
    expect(attached.siteIds).toEqual([1]);
    const newbie = await server.as('newbie', 'newbie-secret-1');
    expect((await newbie.call(meRoute, {})).roles).toContain('ROLE_SITE_VIEW');
  });

  it('does not let a non-administrator grant staff roles', async () => {
    const sales = await server.as('sales');
    const error = await failure(
      sales.call(registerUserRoute, {
        body: { login: 'sneaky', password: 'sneaky-secret-1', roles: ['ROLE_ADMIN'] },
      }),
    );
    expect(error.status).toBe(403);
  });

  it('lets the administrator set roles by preset or one by one, and rejects unknown roles', async () => {
    const admin = await server.as('admin');
    const byPreset = await admin.call(setUserRolesRoute, {
      params: { login: 'client' },
      body: [...ROLE_PRESETS['user - feeds']],
    });
    expect(byPreset.roles).toEqual([...ROLE_PRESETS['user - feeds']]);
    const joined = await admin.call(setUserRolesRoute, {
      params: { login: 'client' },
      body: 'ROLE_SITE_VIEW+ROLE_CATALOG_VIEW',
    });
    expect(joined.roles).toEqual(['ROLE_SITE_VIEW', 'ROLE_CATALOG_VIEW']);
    const error = await failure(
      admin.call(setUserRolesRoute, { params: { login: 'client' }, body: ['ROLE_NOPE'] }),
    );
    expect(error).toMatchObject({ status: 400, message: 'Unknown role: ROLE_NOPE' });
    expect((await admin.call(getUserRoute, { params: { login: 'client' } })).roles).toEqual([
      'ROLE_SITE_VIEW',
      'ROLE_CATALOG_VIEW',
    ]);
    const self = await failure(
      admin.call(setUserRolesRoute, { params: { login: 'admin' }, body: ['ROLE_SITE_VIEW'] }),
    );
    expect(self.status).toBe(400);
  });

  it('lets the administrator update a user, including the password', async () => {
    const admin = await server.as('admin');
    const updated = await admin.call(updateUserRoute, {
      params: { login: 'designer' },
      body: { name: 'Дарья', email: 'd@example.ru', password: 'new-pass-2026' },
    });
    expect(updated).toMatchObject({ name: 'Дарья', email: 'd@example.ru' });
    await server.as('designer', 'new-pass-2026');
    expect(
      (
        await failure(
          admin.call(updateUserRoute, { params: { login: 'ghost' }, body: { name: 'x' } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          admin.call(updateUserRoute, {
            params: { login: 'designer' },
            body: { email: 'not-mail' },
          }),
        )
      ).status,
    ).toBe(400);
  });

  it('lists users and the role catalogue for user viewers', async () => {
    const manager = await server.as('manager');
    const users = await manager.call(listUsersRoute, {});
    expect(users.map((u) => u.login)).toEqual(
      expect.arrayContaining(['admin', 'client', 'manager']),
    );
    const catalogue = await manager.call(roleCatalogueRoute, {});
    expect(catalogue.presets.map((p) => p.name)).toContain('layout designer');
    expect(catalogue.roles.find((r) => r.name === 'ROLE_REPORT_AGG_VIEW')!.description).toMatch(
      /aggregate/,
    );
  });

  it('gives a chat token to its owner (and the administrator) only', async () => {
    const client = await server.as('sales');
    const own = await client.call(chatTokenRoute, { params: { login: 'sales' } });
    expect(own.token.length).toBeGreaterThan(20);
    expect(
      (await failure(client.call(chatTokenRoute, { params: { login: 'admin' } }))).status,
    ).toBe(403);
    // A manager (ROLE_USER_VIEW) read the administrator's token
    const manager = await server.as('manager');
    const denied = await failure(manager.call(chatTokenRoute, { params: { login: 'admin' } }));
    expect(denied).toMatchObject({ status: 403, message: 'You can read only your own chat token' });
    expect(
      (await failure(manager.call(chatTokenRoute, { params: { login: 'sales' } }))).status,
    ).toBe(403);
    const admin = await server.as('admin');
    expect(await admin.call(chatTokenRoute, { params: { login: 'sales' } })).toEqual(own);
  });
});
