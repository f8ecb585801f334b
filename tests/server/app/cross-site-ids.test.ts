/**
 * Every id-addressed call of the contract, called by an operator of one site (A, attached to it
 * alone, holding every role but the staff ones) with the ids of another site's (B's) objects in
 * its path, query or body: each must answer 403 or 404 and change nothing in the database.
 *
 * The calls come from the contract's route table (`apiRoutes`): a field is id-like by its name
 * (`id`, `ids`, `…Id`, `…Ids`, `hash`, `login`, `upTo`, path parameters). Each id-addressed call
 * is either probed here with B's ids (the probes are in cross-site-probes.ts), refused by its
 * roles to A (probed too: 403), or named in NOT_SITE_OBJECTS with why its id is no object of
 * another site. cross-site-coverage.test.ts fails when a call is added to the contract without
 * either, so the sweep grows with the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { hasAccess } from '#contract/roles.ts';
import { apiRoutes } from '#contract/routes/index.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { createVerticalRoute } from '#contract/routes/sites.ts';
import {
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
} from '#contract/routes/users.ts';
import {
  artifacts,
  configVersions,
  jobs,
  recsStrategies,
  recsWidgets,
  visualGateRuns,
} from '#server/platform/db/schema.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import {
  A,
  B,
  OPERATOR_ROLES,
  idFields,
  key,
  probes,
  qa,
  type Foreign,
  type Probe,
} from './cross-site-probes.ts';

/** A digest of every table but the sign-in bookkeeping a signed-in call touches, in one statement. */
async function digest(server: TestServer): Promise<Record<string, string>> {
  const { rows: tables } = await run<{ name: string }>(
    server.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'sign_in_throttle', '__drizzle_migrations') order by 1`,
  );
  const { rows } = await run<{ name: string; d: string | null }>(
    server.database.db,
    sql.raw(
      tables
        .map(
          ({ name }) =>
            `select '${name}' as name, (select md5(string_agg(t::text, '|' order by t::text)) from "${name}" t) as d`,
        )
        .join(' union all '),
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.d ?? '']));
}
describe.each(DATABASES)('cross-site ids on %s', (kind) => {
  let server: TestServer;
  let operator: TestClient;
  let foreign: Foreign;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    const admin = await server.as('admin');
    await admin.call(createVerticalRoute, { body: { name: 'toys' } });
    const site = await admin.call(registerSiteRoute, {
      body: { siteName: 'Игрушки', siteUrl: 'https://toys.example.ru', verticals: ['toys'] },
    });
    expect(site.siteId).toBe(A);
    await admin.call(registerUserRoute, {
      body: { login: 'site-a-operator', password: 'correct-horse-7', roles: OPERATOR_ROLES },
    });
    await admin.call(registerSiteToUserRoute, {
      query: { siteId: A },
      body: { login: 'site-a-operator' },
    });
    operator = await server.as('site-a-operator', 'correct-horse-7');

    const post = async (url: string, body: unknown, method = 'POST') => {
      const response = await admin.raw({
        method,
        url: `/api${url}`,
        payload: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
        },
      });
      expect(response.statusCode, `${url}: ${JSON.stringify(response.json())}`).toBeLessThan(300);
      return response.json() as { id: number; ruleId?: number };
    };
    const b = `siteId=${B}`;
    const entries: Record<string, number> = {};
    for (const [list, routes] of Object.entries(QUERY_LIST_ROUTES)) {
      const variants =
        list === 'transliterations'
          ? ['evropa']
          : list.includes('synonyms')
            ? ['континент']
            : list === 'brands'
              ? ['европа-бренд']
              : [];
      const entry = await post(
        `${routes.add.path}?${b}`,
        {
          term: 'европа',
          variants,
          vertical: 'fashion',
          ...(routes.add.method === 'PUT' ? {} : {}),
        },
        routes.add.method,
      );
      entries[list] = entry.id;
    }
    const runAt = new Date(Date.now() + 3_600_000).toISOString();
    const [version] = await server.database.db
      .select({ id: configVersions.id })
      .from(configVersions)
      .where(eq(configVersions.siteId, B))
      .limit(1);
    const feedRule = await post(`/feed-rule?${b}`, {
      entityId: 'acme',
      entityName: 'VENDOR',
      type: 'EXCLUDE',
    });
    const keyOf = async (kind: string) => {
      const [row] = await server.database.db
        .select({ key: configVersions.key, versionId: configVersions.id })
        .from(configVersions)
        .where(and(eq(configVersions.siteId, B), eq(configVersions.kind, kind)))
        .limit(1);
      expect(row, `a seeded ${kind} of site ${B}`).toBeDefined();
      return row!;
    };
    const recsBlock = await keyOf('recommendations-block');
    const component = await keyOf('global-component');
    const [artifact] = await server.database.db
      .select({ id: artifacts.id })
      .from(artifacts)
      .where(eq(artifacts.siteId, B))
      .limit(1);
    await server.database.db.insert(recsStrategies).values({
      siteId: B,
      hash: 'f0e1d2c3b4a5',
      model: 'popular',
      name: 's',
      createdBy: 'admin',
    });
    await server.database.db.insert(recsWidgets).values({
      siteId: B,
      widgetId: 'foreign-widget',
      name: 'w',
      strategyHash: 'f0e1d2c3b4a5',
    });
    const [gateRun] = await server.database.db
      .insert(visualGateRuns)
      .values({
        siteId: B,
        kind: 'global-component',
        key: component.key,
        sourceVersionId: component.versionId,
        fingerprint: 'f',
        createdBy: 'admin',
        state: 'changed',
      })
      .returning({ id: visualGateRuns.id });
    const startDate = '2030-01-01T00:00';
    foreign = {
      strategyHash: 'f0e1d2c3b4a5',
      widgetId: 'foreign-widget',
      recsBlock,
      component,
      artifact: artifact!.id,
      boostRule: (
        await post(`/merchandising/boosting?${b}`, {
          name: 'b',
          boostType: 'PRODUCTS',
          queries: ['платье'],
          filters: ['p1'],
        })
      ).id,
      recsRule: (
        await post(`/merchandising/recs?${b}`, {
          name: 'r',
          startDate,
          boostType: 'FILTER',
          productIds: ['p1'],
        })
      ).id,
      parsingConfig: (
        await post(`/feed-parsing-config?${b}`, { tags: [{ tag: 'color', mapTo: 'param:color' }] })
      ).id,
      gateRun: gateRun!.id,
      entries,
      feedUrl: (
        await post(`/feed-url?${b}`, {
          feedType: 'DELTA',
          regionId: 'spb',
          url: 'https://feeds.example.ru/spb.csv',
        })
      ).id,
      feedRule: feedRule.ruleId ?? feedRule.id,
      monitoringEmail: (await post(`/monitoring/email?${b}`, { email: 'ops@shop.example.ru' })).id,
      redirect: (
        await post(`/merchandising/redirect?${b}`, {
          query: 'доставка',
          url: '/delivery',
          name: 'd',
        })
      ).id,
      customModel: (await post(`/custom/model?${b}`, { name: 'модель' })).id,
      alternativeAttribute: (
        await post(`/dolyame/alternative-attribute?${b}`, {
          attribute: 'Цена Долями',
          alternative: 'price',
        })
      ).id,
      promotion: (await post(`/config/scheduled-promotions?${b}`, { kind: 'autocomplete', runAt }))
        .id,
      configVersion: version!.id,
      job: (
        await server.database.db
          .insert(jobs)
          .values({ siteId: B, kind: 'feed-update', state: 'done', createdBy: 'admin' })
          .returning({ id: jobs.id })
      )[0]!.id,
    };
  }, 240_000);
  afterAll(() => server.close());

  it("answers 403 or 404 to every call naming another site's object, and changes nothing", async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    const send = async (probe: Probe) => {
      const response = await operator.raw({
        method: probe.method,
        url: probe.url,
        ...(probe.body !== undefined && { payload: JSON.stringify(probe.body) }),
        headers: {
          ...(probe.body !== undefined && { 'content-type': 'application/json' }),
          'x-xsrf-token': operator.cookies.get('XSRF-TOKEN')!,
        },
      });
      const body = response.statusCode < 300 ? JSON.stringify(response.json()) : '';
      return { status: response.statusCode, body };
    };
    for (const [name, list] of Object.entries(probes(foreign))) {
      for (const probe of list) {
        const before = await digest(server);
        const { status, body } = await send(probe);
        const after = await digest(server);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        // a read of a list kept per site may answer the caller's own (empty) list instead
        const refused =
          status === 403 ||
          status === 404 ||
          (probe.method === 'GET' && status === 200 && body === '[]');
        outcomes.push(`${name} ${probe.url}: ${refused ? 'refused' : status} changed [${changed}]`);
        expected.push(`${name} ${probe.url}: refused changed []`);
      }
    }
    // the calls A's roles do not allow: refused by role whatever the id
    for (const route of apiRoutes) {
      if (!route.auth || idFields(route).length === 0 || hasAccess(OPERATOR_ROLES, route.roles))
        continue;
      const url =
        '/api' +
        route.path.replace(/:(\w+)/g, (_, name: string) =>
          name === 'id' && route.site === 'param' ? String(A) : '1',
        ) +
        (route.site === 'query' ? `?${qa}` : '');
      const { status } = await send({
        method: route.method,
        url,
        ...(route.method !== 'GET' && route.body !== undefined && { body: {} }),
      });
      outcomes.push(`${key(route)}: ${status}`);
      expected.push(`${key(route)}: 403`);
    }
    expect(outcomes).toEqual(expected);
  }, 600_000);

  it('still lets the owning site reach the same objects (the probes name real objects)', async () => {
    const admin = await server.as('admin');
    const [row] = await server.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.siteId, B), eq(jobs.id, foreign.job)));
    expect(row).toBeDefined();
    const response = await admin.raw({
      method: 'GET',
      url: `/api/dolyame/alternative-attribute?siteId=${B}&id=${foreign.alternativeAttribute}`,
    });
    expect(response.statusCode).toBe(200);
  });
});
