/**
 * Every id-addressed call of the contract, called by an operator of one site (A, attached to it
 * alone, holding every role but the staff ones) with the ids of another site's (B's) objects in
 * its path, query or body: each must answer 403 or 404 and change nothing in the database.
 *
 * The calls come from the contract's route table (`apiRoutes`): a field is id-like by its name
 * (`id`, `ids`, `…Id`, `…Ids`, `hash`, `login`, `upTo`, path parameters). Each id-addressed call
 * is either probed here with B's ids, refused by its roles to A (probed too: 403), or named in
 * NOT_SITE_OBJECTS with why its id is no object of another site. The first test fails when a call
 * is added to the contract without either, so the sweep grows with the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { hasAccess, ROLES, type Role } from '#contract/roles.ts';
import { apiRoutes } from '#contract/routes/index.ts';
import type { RouteDef } from '#contract/route.ts';
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

const ID_LIKE = /^(id|ids|[a-z][A-Za-z]*Id|[a-z][A-Za-z]*Ids|hash|login|upTo)$/;

function fieldsOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def['type']) {
    case 'object':
      return Object.keys(def['shape'] as object);
    case 'pipe':
      return fieldsOf(def['in']);
    case 'array':
      return fieldsOf(def['element']);
    case 'union':
      return (def['options'] as unknown[]).flatMap(fieldsOf);
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
      return fieldsOf(def['innerType']);
    default:
      return [];
  }
}

/** The id-like fields a call takes, as `path.x`, `query.x`, `body.x` (the site's own excluded). */
export function idFields(route: RouteDef): string[] {
  const path = [...route.path.matchAll(/:(\w+)/g)].map((m) => `path.${m[1]}`);
  const query = fieldsOf(route.query).map((f) => `query.${f}`);
  const body = fieldsOf(route.body).map((f) => `body.${f}`);
  return [...path, ...query, ...body].filter((field) => {
    const name = field.split('.')[1]!;
    if (!ID_LIKE.test(name)) return false;
    if (field === 'query.siteId' || field === 'body.siteId') return false;
    return !(route.site === 'param' && field === 'path.id');
  });
}

const key = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Id-like fields that name no object of another site: looked up in the caller's own site's data
 * (a catalog's category or region, a product's external id), or installation-wide entities under
 * their own role rule.
 */
const NOT_SITE_OBJECTS: Record<string, string> = {
  'GET /catalog/categories/children': "a category id of the caller's site's catalog",
  'GET /catalog/products': "external ids looked up in the caller's site's catalog",
  'POST /autocomplete/facets/apply': "a category id of the caller's site's catalog",
  'GET /autocomplete/facets/children': "a category id of the caller's site's catalog",
  'GET /autocomplete/facets/diff': "a category id of the caller's site's catalog",
  'DELETE /autocomplete/facets/apply': "a category id of the caller's site's catalog",
  'GET /autocomplete/facets/suggested': "a category id of the caller's site's catalog",
  'POST /feed-url': "a region id: the caller's site's own region",
  'POST /config/feed-checker/start': "a region id of the caller's site's feeds",
  'GET /config/feed-loader/download': "a region id of the caller's site's feeds",
  'POST /config/feed-loader/start': "a region id of the caller's site's feeds",
  'POST /config/imshop/regions': "region ids written into the caller's site's list",
  'POST /config/dolyame/app': "a region id of the caller's site's app config",
  'DELETE /reviews': "a product's external id in the caller's site's reviews",
  'POST /merchandising/boosting/products': "product ids of the caller's site's catalog",
  'POST /merchandising/boosting/products-exclude': "product ids of the caller's site's catalog",
  'POST /merchandising/recs': "product and region ids written into the caller's site's rule",
  'POST /merchandising/recs/filter': "product and region ids filtering the caller's site's rules",
  'GET /merchandising/recs-preview': "a product and region of the caller's site's catalog",
  'POST /config/save/:kind': "body.siteId: the config's own copy of the call's site",
  'PUT /chat/read': "a read cursor of the caller's own chat thread, no object",
  'POST /config/save/tracking':
    "baseVersionId: compared with the caller's site's latest version (409)",
  'POST /config/save/global-config':
    "baseVersionId: compared with the caller's site's latest version (409)",
  'POST /config/save/mvt': "baseVersionId: compared with the caller's site's latest version (409)",
  'POST /config/save/integration/mvt':
    "baseVersionId: compared with the caller's site's latest version (409)",
  'POST /merchandising/boosting/criteria': "a product's external id in the caller's site's catalog",
  'GET /site/:id/config/recommendations-block':
    "?id filters the blocks of the path's site (the caller's own), read by site",
  'DELETE /feed-attribute': "attribute names, looked up among the caller's site's attributes",
  'GET /config/gate/status/:kind': "the key of the caller's site's own block or component",
  'POST /config/gate/:kind': "the key of the caller's site's own block or component",
};

/**
 * Id-addressed calls the sweep does not probe yet: a valid body for them is still to be built
 * here (their ids are checked by tests/server/configs/configs.test.ts alone).
 */
const NOT_YET_PROBED: Record<string, string> = {
  'POST /config/save/recommendations-block': 'needs a whole valid block body',
  'POST /config/save/global-component': 'needs a whole valid component body',
  'POST /recs/:site/strategies/:hash/configs': "needs a record valid for the strategy's model",
  'GET /user/chat-token/:login': 'users are not per site: the account rules of users.test.ts',
  'GET /user/:login': 'users are not per site: the account rules of users.test.ts',
  'POST /register/siteToUser': 'users are not per site: the account rules of role-matrix.test.ts',
  'POST /register/user': 'the login of the account being created',
  'GET /custom-report/chart-jwt': 'report charts are installation-wide (ROLE_CUSTOM_REPORT_ADMIN)',
  'POST /admin/custom-report/tabs': 'report tabs are installation-wide (ROLE_CUSTOM_REPORT_ADMIN)',
  'POST /admin/report-charts': 'report charts are installation-wide (ROLE_CUSTOM_REPORT_ADMIN)',
  'DELETE /admin/custom-report/tabs/:id': 'report tabs are installation-wide',
  'DELETE /admin/report-charts/:id': 'report charts are installation-wide',
  'PUT /admin/custom-report/tabs/:login/:tabId': 'report tabs are installation-wide',
  'GET /admin/custom-report/tabs/:id': 'report tabs are installation-wide',
  'GET /admin/custom-report/tabs': 'report tabs are installation-wide',
  'PUT /admin/custom-report/tabs/:id': 'report tabs are installation-wide',
  'PUT /admin/report-charts/:id': 'report charts are installation-wide',
  // A multipart call, which the JSON probes cannot send: ?enableOnSiteId of another site is
  // refused (400, nothing written) by tests/server/query-lists/query-lists.test.ts.
  ...Object.fromEntries(
    Object.values(QUERY_LIST_ROUTES).map((routes) => [
      key(routes.upload),
      "?enableOnSiteId: only the call's own site, checked by the upload (multipart)",
    ]),
  ),
};

/** Site B's objects, created before the probes. */
interface Foreign {
  entries: Record<string, number>;
  feedUrl: number;
  feedRule: number;
  monitoringEmail: number;
  redirect: number;
  customModel: number;
  alternativeAttribute: number;
  promotion: number;
  configVersion: number;
  job: string;
  strategyHash: string;
  widgetId: string;
  recsBlock: { key: number; versionId: number };
  component: { key: number; versionId: number };
  artifact: number;
  boostRule: number;
  recsRule: number;
  parsingConfig: number;
  gateRun: number;
}

interface Probe {
  method: string;
  url: string;
  body?: unknown;
}

const A = 3;
const B = 1;
const qa = `siteId=${A}`;

/** The probes of the per-site id-addressed calls, keyed by `METHOD path`. */
function probes(f: Foreign): Record<string, Probe[]> {
  const out: Record<string, Probe[]> = {};
  const add = (route: Pick<RouteDef, 'method' | 'path'>, ...list: Probe[]) => {
    out[key(route)] = [...(out[key(route)] ?? []), ...list];
  };
  for (const [list, routes] of Object.entries(QUERY_LIST_ROUTES)) {
    const id = f.entries[list]!;
    const entry = { term: 'чужой', variants: list.includes('synonyms') ? ['свой'] : [] };
    const variants = list === 'transliterations' ? ['chuzhoi'] : entry.variants;
    if (routes.update)
      add(routes.update, {
        method: 'PUT',
        url: `/api${routes.update.path}?${qa}`,
        body: { id, term: 'чужой', variants, vertical: '' },
      });
    add(routes.remove, {
      method: 'DELETE',
      url: `/api${routes.remove.path}?${qa}`,
      body: { ids: [id] },
    });
    add(routes.enable, {
      method: 'PUT',
      url: `/api${routes.enable.path}?${qa}`,
      body: { ids: [id], enabled: true },
    });
  }
  add(
    { method: 'DELETE', path: '/transliterations/delete/:id' },
    {
      method: 'DELETE',
      url: `/api/transliterations/delete/${f.entries['transliterations']}?${qa}`,
    },
  );
  add(
    { method: 'PUT', path: '/feed-url' },
    {
      method: 'PUT',
      url: `/api/feed-url?${qa}`,
      body: { id: f.feedUrl, url: 'https://evil.example/f.csv' },
    },
  );
  add(
    { method: 'DELETE', path: '/feed-url' },
    { method: 'DELETE', url: `/api/feed-url?${qa}&id=${f.feedUrl}` },
  );
  add(
    { method: 'POST', path: '/feed-rule' },
    {
      method: 'POST',
      url: `/api/feed-rule?${qa}`,
      body: { ruleId: f.feedRule, entityId: 'x', entityName: 'VENDOR', type: 'EXCLUDE' },
    },
  );
  add(
    { method: 'DELETE', path: '/feed-rule' },
    { method: 'DELETE', url: `/api/feed-rule?${qa}&ruleId=${f.feedRule}` },
  );
  add(
    { method: 'DELETE', path: '/monitoring/email' },
    { method: 'DELETE', url: `/api/monitoring/email?${qa}&id=${f.monitoringEmail}` },
  );
  add(
    { method: 'PUT', path: '/merchandising/redirect' },
    {
      method: 'PUT',
      url: `/api/merchandising/redirect?${qa}`,
      body: { id: f.redirect, query: 'взлом', url: '/evil', name: 'evil' },
    },
  );
  add(
    { method: 'DELETE', path: '/merchandising/redirect' },
    { method: 'DELETE', url: `/api/merchandising/redirect?${qa}&id=${f.redirect}` },
  );
  add(
    { method: 'PUT', path: '/custom/model' },
    { method: 'PUT', url: `/api/custom/model?${qa}`, body: { id: f.customModel, name: 'evil' } },
  );
  add(
    { method: 'DELETE', path: '/custom/model' },
    { method: 'DELETE', url: `/api/custom/model?${qa}&id=${f.customModel}` },
  );
  add(
    { method: 'DELETE', path: '/custom/model/query' },
    { method: 'DELETE', url: `/api/custom/model/query?${qa}&modelId=${f.customModel}&query=q` },
  );
  add(
    { method: 'DELETE', path: '/custom/model/product' },
    {
      method: 'DELETE',
      url: `/api/custom/model/product?${qa}&modelId=${f.customModel}&query=q&productId=p1`,
    },
  );
  add(
    { method: 'GET', path: '/dolyame/alternative-attribute' },
    { method: 'GET', url: `/api/dolyame/alternative-attribute?${qa}&id=${f.alternativeAttribute}` },
  );
  add(
    { method: 'PUT', path: '/dolyame/alternative-attribute' },
    {
      method: 'PUT',
      url: `/api/dolyame/alternative-attribute?${qa}`,
      body: { id: f.alternativeAttribute, attribute: 'evil', alternative: 'price' },
    },
  );
  add(
    { method: 'DELETE', path: '/dolyame/alternative-attribute' },
    {
      method: 'DELETE',
      url: `/api/dolyame/alternative-attribute?${qa}&id=${f.alternativeAttribute}`,
    },
  );
  add(
    { method: 'DELETE', path: '/config/scheduled-promotions/:promotionId' },
    { method: 'DELETE', url: `/api/config/scheduled-promotions/${f.promotion}?${qa}` },
  );
  add(
    { method: 'GET', path: '/site/:id/config/:kind/:versionId' },
    { method: 'GET', url: `/api/site/${A}/config/autocomplete/${f.configVersion}` },
  );
  add(
    { method: 'GET', path: '/site/:id/jobs/:jobId' },
    { method: 'GET', url: `/api/site/${A}/jobs/${f.job}` },
  );
  add(
    { method: 'DELETE', path: '/site/:id/jobs/:jobId' },
    { method: 'DELETE', url: `/api/site/${A}/jobs/${f.job}` },
  );
  add(
    { method: 'POST', path: '/site/:id/feeds/confirm' },
    { method: 'POST', url: `/api/site/${A}/feeds/confirm?jobId=${f.job}` },
  );
  const hash = f.strategyHash;
  const recs = (path: string) => `/api/recs/${A}/strategies${path}?${qa}`;
  add(
    { method: 'GET', path: '/recs/:site/strategies/:hash' },
    { method: 'GET', url: recs(`/${hash}`) },
  );
  add(
    { method: 'DELETE', path: '/recs/:site/strategies/:hash' },
    { method: 'DELETE', url: recs(`/${hash}`) },
  );
  add(
    { method: 'GET', path: '/recs/:site/strategies/switch/:hash' },
    { method: 'GET', url: `${recs(`/switch/${hash}`)}&enabled=true` },
  );
  add(
    { method: 'GET', path: '/recs/:site/strategies/:hash/configs' },
    { method: 'GET', url: recs(`/${hash}/configs`) },
  );
  add(
    { method: 'GET', path: '/recs/:site/strategies/:hash/availableConfigs' },
    { method: 'GET', url: recs(`/${hash}/availableConfigs`) },
  );
  add(
    { method: 'PUT', path: '/recs/:site/strategies/:hash/revision' },
    { method: 'PUT', url: recs(`/${hash}/revision`), body: { revision: 1 } },
  );
  add(
    { method: 'GET', path: '/recs/:site/strategies/refresh/:hash' },
    { method: 'GET', url: recs(`/refresh/${hash}`) },
  );
  add(
    { method: 'GET', path: '/recs/recs_file' },
    { method: 'GET', url: `/api/recs/recs_file?${qa}&hash=${hash}` },
  );
  const widget = {
    widgetId: f.widgetId,
    name: 'evil',
    type: 'UNDEFINED',
    placements: [],
    strategyHash: null,
  };
  add(
    { method: 'PUT', path: '/recs/:site/widgets' },
    { method: 'PUT', url: `/api/recs/${A}/widgets?${qa}`, body: widget },
  );
  add(
    { method: 'POST', path: '/recs/:site/widgets' },
    {
      method: 'POST',
      url: `/api/recs/${A}/widgets?${qa}`,
      body: { ...widget, strategyHash: hash },
    },
  );
  add(
    { method: 'DELETE', path: '/recs/:site/widgets' },
    { method: 'DELETE', url: `/api/recs/${A}/widgets?${qa}&widgetId=${f.widgetId}` },
  );
  const block = f.recsBlock;
  const component = f.component;
  add(
    { method: 'GET', path: '/site/:id/config/recommendations-block/versions' },
    { method: 'GET', url: `/api/site/${A}/config/recommendations-block/versions?id=${block.key}` },
  );
  add(
    { method: 'GET', path: '/site/:id/config/recommendations-block/:versionId' },
    { method: 'GET', url: `/api/site/${A}/config/recommendations-block/${block.versionId}` },
  );
  add(
    { method: 'GET', path: '/site/:id/config/global-component/versions' },
    { method: 'GET', url: `/api/site/${A}/config/global-component/versions?id=${component.key}` },
  );
  add(
    { method: 'GET', path: '/site/:id/config/global-component/:versionId' },
    { method: 'GET', url: `/api/site/${A}/config/global-component/${component.versionId}` },
  );
  add(
    { method: 'DELETE', path: '/config/delete/recommendations-block' },
    { method: 'DELETE', url: `/api/config/delete/recommendations-block?${qa}&id=${block.key}` },
  );
  add(
    { method: 'DELETE', path: '/config/delete/global-component' },
    { method: 'DELETE', url: `/api/config/delete/global-component?${qa}&id=${component.key}` },
  );
  add(
    { method: 'POST', path: '/config/deploy/:kind' },
    { method: 'POST', url: `/api/config/deploy/recommendations-block?${qa}&id=${block.key}` },
    { method: 'POST', url: `/api/config/deploy/global-component?${qa}&id=${component.key}` },
  );
  add(
    { method: 'POST', path: '/site/:id/artifacts/:artifactId/rollback' },
    { method: 'POST', url: `/api/site/${A}/artifacts/${f.artifact}/rollback` },
  );
  add(
    { method: 'GET', path: '/merchandising/boosting/:id' },
    { method: 'GET', url: `/api/merchandising/boosting/${f.boostRule}?${qa}` },
  );
  add(
    { method: 'DELETE', path: '/merchandising/boosting' },
    { method: 'DELETE', url: `/api/merchandising/boosting?${qa}&id=${f.boostRule}` },
  );
  add(
    { method: 'GET', path: '/merchandising/recs/:id' },
    { method: 'GET', url: `/api/merchandising/recs/${f.recsRule}?${qa}` },
  );
  add(
    { method: 'DELETE', path: '/merchandising/recs' },
    { method: 'DELETE', url: `/api/merchandising/recs?${qa}&id=${f.recsRule}` },
  );
  add(
    { method: 'POST', path: '/feed-parsing-config' },
    {
      method: 'POST',
      url: `/api/feed-parsing-config?${qa}`,
      body: { id: f.parsingConfig, tags: [{ tag: 'x', mapTo: 'param:y' }] },
    },
  );
  add(
    { method: 'DELETE', path: '/feed-parsing-config' },
    { method: 'DELETE', url: `/api/feed-parsing-config?${qa}&id=${f.parsingConfig}` },
  );
  const run = `/api/config/gate/run/${f.gateRun}`;
  add({ method: 'GET', path: '/config/gate/run/:runId' }, { method: 'GET', url: `${run}?${qa}` });
  add(
    { method: 'GET', path: '/config/gate/run/:runId/image' },
    { method: 'GET', url: `${run}/image?${qa}&view=search&image=candidate` },
  );
  add(
    { method: 'POST', path: '/config/gate/run/:runId/accept' },
    { method: 'POST', url: `${run}/accept?${qa}` },
  );
  return out;
}

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

const STAFF: readonly Role[] = ['ROLE_ADMIN', 'ROLE_SUPERUSER'];
const OPERATOR_ROLES = ROLES.filter((role) => !STAFF.includes(role));

describe('the cross-site sweep covers the contract', () => {
  it('probes, or names why not, every id-addressed call', () => {
    const placeholder: Foreign = {
      entries: Object.fromEntries(Object.keys(QUERY_LIST_ROUTES).map((list) => [list, 1])),
      feedUrl: 1,
      feedRule: 1,
      monitoringEmail: 1,
      redirect: 1,
      customModel: 1,
      alternativeAttribute: 1,
      promotion: 1,
      configVersion: 1,
      job: '00000000-0000-0000-0000-000000000000',
      strategyHash: 'h',
      widgetId: 'w',
      recsBlock: { key: 1, versionId: 1 },
      component: { key: 1, versionId: 1 },
      artifact: 1,
      boostRule: 1,
      recsRule: 1,
      parsingConfig: 1,
      gateRun: 1,
    };
    const probed = probes(placeholder);
    const uncovered = apiRoutes
      .filter((route) => route.auth && idFields(route).length > 0)
      .filter((route) => hasAccess(OPERATOR_ROLES, route.roles))
      .map(key)
      .filter(
        (name) => !(name in probed) && !(name in NOT_SITE_OBJECTS) && !(name in NOT_YET_PROBED),
      );
    expect(uncovered).toEqual([]);
  });
});

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
