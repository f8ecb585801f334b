/**
 * The cross-site sweep's shared parts: which fields of a call are id-like, the operator's roles,
 * and the probes of the per-site id-addressed calls with another site's ids.
 */
import { ROLES, type Role } from '#contract/roles.ts';
import type { RouteDef } from '#contract/route.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';

export const ID_LIKE = /^(id|ids|[a-z][A-Za-z]*Id|[a-z][A-Za-z]*Ids|hash|login|upTo)$/;

export function fieldsOf(schema: unknown): string[] {
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

export const key = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Site B's objects, created before the probes. */
export interface Foreign {
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

export interface Probe {
  method: string;
  url: string;
  body?: unknown;
}

export const A = 3;
export const B = 1;
export const qa = `siteId=${A}`;

/** The probes of the per-site id-addressed calls, keyed by `METHOD path`. */
export function probes(f: Foreign): Record<string, Probe[]> {
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

export const STAFF: readonly Role[] = ['ROLE_ADMIN', 'ROLE_SUPERUSER'];
export const OPERATOR_ROLES = ROLES.filter((role) => !STAFF.includes(role));
