import { vi } from 'vitest';
import { configTypeOf, type ConfigType } from '#contract/entities/config.ts';

/**
 * An in-memory stand-in for the config calls of contract/routes/configs.ts, installed as
 * `fetch` (the network boundary): versions are append-only per (kind, key, test), a save with a
 * stale `baseVersionId` answers 409 with the newer version, jobs finish on the second poll.
 */

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

interface Version {
  versionId: number;
  version: number;
  test: boolean;
  configType: ConfigType;
  author: string;
  createdAt: string;
  sourceVersionId: number | null;
  /** An object, or the list of an MVT config (spec §3). */
  config: Record<string, unknown>;
}

type Kind = 'recommendations-block' | 'global-component' | 'mvt' | 'tracking';

export interface FakeConfigServer {
  calls: Recorded[];
  /** Only the writes (POST/DELETE), in order. */
  writes(): Recorded[];
  /** Seed a stored version as if someone saved it. */
  seed(
    kind: Kind,
    key: number,
    test: boolean,
    config: Record<string, unknown>,
    author?: string,
  ): Version;
  latest(kind: Kind, key: number, test: boolean): Version | undefined;
  /** Make the next write to this path fail with this status. */
  failNext(path: string, status: number, message?: string): void;
  restore(): void;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function installFakeConfigServer(): FakeConfigServer {
  const calls: Recorded[] = [];
  const store = new Map<string, Version[]>();
  const deleted = new Set<string>();
  const failures = new Map<string, { status: number; message: string }>();
  let nextVersionId = 1;
  let nextKey = 100;
  const jobs = { preview: 0, generate: 0 };
  const id = (kind: Kind, key: number, test: boolean) => `${kind}:${key}:${test}`;

  const append = (
    kind: Kind,
    key: number,
    test: boolean,
    config: Record<string, unknown>,
    author = 'tester',
    sourceVersionId: number | null = null,
  ) => {
    const list = store.get(id(kind, key, test)) ?? [];
    const version: Version = {
      versionId: nextVersionId++,
      version: list.length + 1,
      test,
      configType: configTypeOf(kind, test),
      author,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, list.length)).toISOString(),
      sourceVersionId,
      config,
    };
    store.set(id(kind, key, test), [...list, version]);
    return version;
  };
  const latest = (kind: Kind, key: number, test: boolean) => store.get(id(kind, key, test))?.at(-1);
  const stored = (v: Version) => ({
    versionId: v.versionId,
    version: v.version,
    test: v.test,
    author: v.author,
    createdAt: v.createdAt,
    config: v.config,
  });
  const meta = ({ config: _config, ...rest }: Version) => rest;
  const listOf = (kind: Kind, test: boolean, keyField: string) =>
    [...store.entries()]
      .filter(
        ([k]) =>
          k.startsWith(`${kind}:`) && k.endsWith(`:${test}`) && !deleted.has(k.split(':')[1]!),
      )
      .map(([, list]) => list.at(-1)!)
      // Spec §7: a list item has the config's fields at the top level, the version beside them.
      .map(({ config, ...version }) => ({
        ...config,
        [keyField]: config[keyField],
        versionId: version.versionId,
        version: version.version,
        test: version.test,
        author: version.author,
        createdAt: version.createdAt,
      }));

  const save = (
    kind: Kind,
    keyField: string | null,
    test: boolean,
    body: Record<string, unknown>,
  ) => {
    const { baseVersionId, ...config } = body;
    let key = 0;
    if (keyField) {
      key = typeof config[keyField] === 'number' ? (config[keyField] as number) : nextKey++;
      config[keyField] = key;
    }
    const current = latest(kind, key, test);
    if ((current?.versionId ?? null) !== (baseVersionId ?? null)) {
      return json(409, {
        status: 409,
        message: 'The config was changed by someone else',
        conflict: current && meta(current),
      });
    }
    return json(200, stored(append(kind, key, test, { ...config, test }, 'tester')));
  };

  /** MVT: the body is the list itself; the base version comes in the query ('null': none). */
  const saveList = (kind: Kind, test: boolean, list: unknown[], query: Record<string, string>) => {
    const current = latest(kind, 0, test);
    const base = query.baseVersionId;
    if (base !== undefined && String(current?.versionId ?? 'null') !== base) {
      return json(409, {
        status: 409,
        message: 'The config was changed by someone else',
        conflict: current && meta(current),
      });
    }
    return json(200, stored(append(kind, 0, test, list as never, 'tester')));
  };

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : undefined;
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, query, body });
    const failure = failures.get(path);
    if (failure && method !== 'GET') {
      failures.delete(path);
      return json(failure.status, { status: failure.status, message: failure.message });
    }
    const test = query.test !== 'false';
    let match: RegExpMatchArray | null;

    if (method === 'GET' && /^\/site\/\d+\/config\/recommendations-block$/.test(path))
      return json(200, {
        data: listOf('recommendations-block', test, 'configId').filter(
          (item) => query.id === undefined || item.configId === Number(query.id),
        ),
      });
    if (method === 'GET' && /^\/site\/\d+$/.test(path))
      return json(200, {
        siteId: 1,
        apiKey: 'demo-key',
        siteName: 'Демо',
        siteUrl: 'https://shop.example',
        enabled: true,
        verticals: [],
      });
    if (method === 'GET' && path === '/config/default-templates')
      return json(200, { search: {}, recommendations: {}, components: {}, tokens: {} });
    if (method === 'GET' && /^\/site\/\d+\/config\/global-component$/.test(path))
      return json(200, { data: listOf('global-component', test, 'componentId') });
    if (
      (match = path.match(
        /^\/site\/\d+\/config\/(recommendations-block|global-component)\/versions$/,
      ))
    )
      return json(
        200,
        [...(store.get(id(match[1] as Kind, Number(query.id), test)) ?? [])].reverse().map(meta),
      );
    if ((match = path.match(/^\/site\/\d+\/config\/(mvt|tracking)\/versions$/)))
      return json(200, [...(store.get(id(match[1] as Kind, 0, test)) ?? [])].reverse().map(meta));
    if ((match = path.match(/^\/site\/\d+\/config\/[a-z-]+\/(\d+)$/))) {
      const version = [...store.values()].flat().find((v) => v.versionId === Number(match![1]));
      return version
        ? json(200, stored(version))
        : json(404, { status: 404, message: 'Not found' });
    }
    if ((match = path.match(/^\/site\/\d+\/config\/(mvt|tracking)$/))) {
      const v = latest(match[1] as Kind, 0, test);
      return json(
        200,
        v
          ? stored(v)
          : {
              versionId: null,
              version: 0,
              test,
              author: null,
              createdAt: null,
              config: match[1] === 'mvt' ? [] : {},
            },
      );
    }
    if (method === 'POST' && path === '/config/save/recommendations-block')
      return save('recommendations-block', 'configId', body!.test === true, body!);
    if (method === 'POST' && path === '/config/save/global-component')
      return save('global-component', 'componentId', query.test !== 'false', body!);
    if (method === 'POST' && (match = path.match(/^\/config\/save\/(integration\/)?mvt$/)))
      return saveList('mvt', match[1] !== undefined, body as unknown as unknown[], query);
    if (method === 'POST' && path === '/config/save/tracking')
      return save('tracking', null, test, body!);
    if (
      method === 'DELETE' &&
      (match = path.match(/^\/config\/delete\/(recommendations-block|global-component)$/))
    ) {
      deleted.add(String(query.id));
      return json(200, { ok: true });
    }
    if (
      method === 'POST' &&
      (match = path.match(/^\/config\/(preview|generate|deploy)\/([a-z-]+)$/))
    ) {
      const slot = match[1] === 'preview' ? 'preview' : 'generate';
      jobs[slot] = 1;
      return json(202, job(slot, 'running'));
    }
    if (method === 'GET' && (match = path.match(/^\/config\/(preview|generate)\/status$/))) {
      const slot = match[1] as 'preview' | 'generate';
      jobs[slot] += 1;
      return jobs[slot] > 2 ? json(200, job(slot, 'done')) : json(202, job(slot, 'running'));
    }
    // The promotion's neighbours: no schedules, no watches, the visual gate off.
    if (method === 'GET' && path === '/config/scheduled-promotions') return json(200, []);
    if (method === 'GET' && path === '/rollout/watches') return json(200, []);
    if (method === 'POST' && path.startsWith('/config/gate/'))
      return json(200, { enabled: false, run: null });
    return json(404, { status: 404, message: `No fake for ${method} ${path}` });
  };
  const job = (kind: string, state: string) => ({
    id: 'job-1',
    siteId: 1,
    kind: `config-${kind}`,
    state,
    progress: state === 'done' ? 100 : 50,
    result: null,
    error: null,
    createdAt: new Date(0).toISOString(),
    finishedAt: null,
  });

  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(handler);
  return {
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
    seed: (kind, key, test, config, author) => append(kind, key, test, config, author),
    latest,
    failNext: (path, status, message = 'Failed') => failures.set(path, { status, message }),
    restore: () => spy.mockRestore(),
  };
}
