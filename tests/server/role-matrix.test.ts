import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import { hasAccess } from '#contract/roles.ts';
import { apiRoutes } from '#contract/routes/index.ts';
import type { RouteDef } from '#contract/route.ts';
import { registerUserRoute } from '#contract/routes/users.ts';
import { registerSiteToUserRoute } from '#contract/routes/users.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

/**
 * Every role preset against every console call, generated from the contract: a call the
 * preset's roles allow must get past the guards (neither 401 nor 403), any other must get 403.
 * Requests carry deliberately invalid input, so an allowed call stops at validation (400)
 * and changes nothing, while the guards run before validation.
 */
const INVALID_PARAM: Record<string, string> = { id: '0', login: 'no%20such', jobId: 'not-a-uuid' };

function invalidRequest(route: RouteDef) {
  const url =
    '/api' + route.path.replace(/:(\w+)/g, (_, name: string) => INVALID_PARAM[name] ?? 'x');
  const hasBody = route.method !== 'GET' && route.body !== undefined;
  const headers: Record<string, string> = hasBody ? { 'content-type': 'application/json' } : {};
  return {
    method: route.method,
    url,
    ...(hasBody && { payload: JSON.stringify({ __unknown: true }) }),
    headers,
  };
}

const guarded = apiRoutes.filter((route) => route.auth && route.path !== '/logout');

describe.each(DATABASES)('role matrix on %s', (kind) => {
  let server: TestServer;
  const clients = new Map<string, { client: TestClient; roles: string[] }>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = await server.as('admin');
    for (const preset of ROLE_PRESET_NAMES) {
      const login = `preset-${preset.replace(/[^a-z]+/g, '-')}`;
      const roles = [...ROLE_PRESETS[preset]];
      await admin.call(registerUserRoute, {
        body: { login, password: 'pw', roles, isClient: preset.startsWith('user') },
      });
      await admin.call(registerSiteToUserRoute, { query: { siteId: 1 }, body: { login } });
      clients.set(preset, { client: await server.as(login, 'pw'), roles });
    }
    clients.set('superuser', { client: await server.as('superuser'), roles: ['ROLE_SUPERUSER'] });
  });
  afterAll(() => server.close());

  it.each([...ROLE_PRESET_NAMES, 'superuser'])('%s', async (preset) => {
    const { client, roles } = clients.get(preset)!;
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of guarded) {
      const request = invalidRequest(route);
      const xsrf = client.cookies.get('XSRF-TOKEN')!;
      const response = await client.raw({
        ...request,
        headers: { ...request.headers, 'x-xsrf-token': xsrf },
      });
      const allowed = hasAccess(roles, route.roles);
      const guardedOut = response.statusCode === 401 || response.statusCode === 403;
      outcomes.push(
        `${route.method} ${route.path}: ${guardedOut ? response.statusCode : 'passed'}`,
      );
      expected.push(`${route.method} ${route.path}: ${allowed ? 'passed' : 403}`);
    }
    expect(outcomes).toEqual(expected);
  });

  it('lets every signed-in user sign out', async () => {
    for (const { client } of clients.values()) {
      const response = await client.raw({
        method: 'POST',
        url: '/api/logout',
        headers: { 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
