import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import { hasAccess, ROLES } from '#contract/roles.ts';
import { apiRoutes } from '#contract/routes/index.ts';
import type { RouteDef } from '#contract/route.ts';
import { registerUserRoute } from '#contract/routes/users.ts';
import { registerSiteToUserRoute } from '#contract/routes/users.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import {
  saveApiParamsRoute,
  saveAutocompleteJobRoute,
  saveSearchAttributesRoute,
} from '#contract/routes/search-config.ts';
import {
  DATABASES,
  failure,
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

describe('the role catalogue', () => {
  it('has no role that guards nothing: each is named by some call', () => {
    const named = new Set(apiRoutes.flatMap((route) => route.roles));
    expect(ROLES.filter((role) => !named.has(role))).toEqual([]);
  });
});

// The matrix asks which role passes which guard, some 3 000 calls: a question of the route table,
// not of the engine (the session the guard reads is tested on both in accounts/auth.test.ts and
// every suite's sign-in). One engine, the faster one at hand: PostgreSQL took 8 s, PGlite 34 s.
describe.each(DATABASES.slice(-1))('role matrix on %s', (kind) => {
  let server: TestServer;
  const clients = new Map<string, { client: TestClient; roles: string[] }>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = await server.as('admin');
    for (const preset of ROLE_PRESET_NAMES) {
      const login = `preset-${preset.replace(/[^a-z]+/g, '-')}`;
      const roles = [...ROLE_PRESETS[preset]];
      await admin.call(registerUserRoute, {
        body: { login, password: 'correct-horse-7', roles, isClient: preset.startsWith('user') },
      });
      await admin.call(registerSiteToUserRoute, { query: { siteId: 1 }, body: { login } });
      clients.set(preset, { client: await server.as(login, 'correct-horse-7'), roles });
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

/**
 * The three roles that once guarded nothing (spec part 1 §6): each, held alone, makes the calls
 * its name says, and not the neighbouring ones.
 */
describe.each(DATABASES)('ranking and config job roles on %s', (kind) => {
  let server: TestServer;
  const query = { siteId: 1 };

  async function holding(role: string): Promise<TestClient> {
    const admin = await server.as('admin');
    const login = `only-${role.toLowerCase().replace(/_/g, '-')}`;
    await admin.call(registerUserRoute, {
      body: { login, password: 'correct-horse-7', roles: [role] },
    });
    await admin.call(registerSiteToUserRoute, { query, body: { login } });
    return server.as(login, 'correct-horse-7');
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('ROLE_RANKING_ATTRIBUTES_CONFIG saves the searchable attributes and their weights', async () => {
    const client = await holding('ROLE_RANKING_ATTRIBUTES_CONFIG');
    const attributes = [
      { name: 'name', weight: 80 },
      { name: 'brand', weight: 40 },
    ];
    const saved = await client.call(saveSearchAttributesRoute, { query, body: { attributes } });
    expect(saved.value).toEqual({ attributes });
    const apiParams = await failure(client.call(saveApiParamsRoute, { query, body: {} as never }));
    expect(apiParams.status).toBe(403);
  });

  it('ROLE_RANKING_SYNONYMS_CONFIG adds a search synonym, not an autocomplete one', async () => {
    const client = await holding('ROLE_RANKING_SYNONYMS_CONFIG');
    const added = await client.call(QUERY_LIST_ROUTES.synonyms.add, {
      query,
      body: { term: 'худи', variants: ['толстовка'], vertical: 'fashion' },
    });
    expect(added).toMatchObject({ term: 'худи', variants: ['толстовка'] });
    const listed = await client.call(QUERY_LIST_ROUTES.synonyms.list, { query });
    expect(listed.map((entry) => entry.term)).toContain('худи');
    const autocomplete = await failure(
      client.call(QUERY_LIST_ROUTES['autocomplete-synonyms'].add, {
        query,
        body: { term: 'худи', variants: ['толстовка'], vertical: 'fashion' },
      }),
    );
    expect(autocomplete.status).toBe(403);
  });

  it('ROLE_CONFIG_AUTOCOMPLETE_JOB_CONFIG sets the autocomplete job schedule', async () => {
    const client = await holding('ROLE_CONFIG_AUTOCOMPLETE_JOB_CONFIG');
    const saved = await client.call(saveAutocompleteJobRoute, {
      query,
      body: { cron: '0 3 * * *', timeZone: 'Europe/Moscow', enabled: true },
    });
    expect(saved).toMatchObject({ schedule: { cron: '0 3 * * *', timeZone: 'Europe/Moscow' } });
  });
});

/**
 * Sales, integrator and manager registered accounts with any non-staff role and
 * attached their sites to them. A user grants only roles they hold: every preset against every
 * role of the catalogue. The probe's password is a common one, refused (400) only after the role
 * check, so an allowed grant answers 400 and writes nothing, a refused one 403.
 */
describe.each(DATABASES)('granting roles on %s', (kind) => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = await server.as('admin');
    for (const preset of ROLE_PRESET_NAMES) {
      const login = `grantor-${preset.replace(/[^a-z]+/g, '-')}`;
      await admin.call(registerUserRoute, {
        body: { login, password: 'correct-horse-7', roles: [...ROLE_PRESETS[preset]] },
      });
      await admin.call(registerSiteToUserRoute, { query: { siteId: 1 }, body: { login } });
      clients.set(preset, await server.as(login, 'correct-horse-7'));
    }
  }, 240_000);
  afterAll(() => server.close());

  it.each(ROLE_PRESET_NAMES)('%s grants only the roles it holds', async (preset) => {
    const client = clients.get(preset)!;
    const held: readonly string[] = ROLE_PRESETS[preset];
    const mayRegister = hasAccess(held, registerUserRoute.roles);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const role of ROLES) {
      const response = await client.raw({
        method: 'POST',
        url: '/api/register/user',
        payload: JSON.stringify({ login: 'probe', password: 'password123', roles: [role] }),
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
        },
      });
      outcomes.push(`${role}: ${response.statusCode}`);
      const grantable = held.includes('ROLE_ADMIN') || held.includes(role);
      expected.push(`${role}: ${mayRegister && grantable ? 400 : 403}`);
    }
    expect(outcomes).toEqual(expected);
  });

  it('lets a registrar create an account with its own roles and attach only its own sites, to accounts it could have made', async () => {
    const sales = clients.get('sales')!;
    const roles = [...ROLE_PRESETS.sales];
    const created = await sales.call(registerUserRoute, {
      body: { login: `sales-made-${kind}`, password: 'correct-horse-7', roles },
    });
    expect(created.roles).toEqual(roles);
    const attached = await sales.call(registerSiteToUserRoute, {
      query: { siteId: 1 },
      body: { login: `sales-made-${kind}` },
    });
    expect(attached.siteIds).toEqual([1]);
    // a production-save role sales does not hold
    const escalated = await failure(
      sales.call(registerUserRoute, {
        body: {
          login: `sales-escalated-${kind}`,
          password: 'correct-horse-7',
          roles: [...roles, 'ROLE_CONFIG_SEARCH_SAVE_TO_PROD'],
        },
      }),
    );
    expect(escalated.status).toBe(403);
    expect(escalated.message).toMatch(/ROLE_CONFIG_SEARCH_SAVE_TO_PROD/);
    // the demo manager holds roles sales does not: attaching lends them on the site
    const lend = await failure(
      sales.call(registerSiteToUserRoute, { query: { siteId: 1 }, body: { login: 'manager' } }),
    );
    expect(lend.status).toBe(403);
    // a site not attached to sales
    const foreign = await failure(
      sales.call(registerSiteToUserRoute, {
        query: { siteId: 2 },
        body: { login: `sales-made-${kind}` },
      }),
    );
    expect([403, 404]).toContain(foreign.status);
  });
});
