import { vi } from 'vitest';
import {
  SETTING_DEFAULTS,
  type CustomSortConfig,
  type SearchJobStatus,
  type SettingKey,
} from '#contract/entities/search-config.ts';

/**
 * A stand-in at the network (`fetch`) for the search settings calls of
 * contract/routes/search-config.ts: each setting answers its stored value (the default at first)
 * and a save stores its body; the custom sorts, the autocomplete job and the catalog's attributes
 * answer what the test gave. Every call is recorded.
 */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export function installFakeSettingsServer(
  options: {
    settings?: Partial<Record<SettingKey, unknown>>;
    sorts?: Partial<Record<'plain' | 'imshop', CustomSortConfig>>;
    attributes?: string[];
  } = {},
) {
  const calls: Call[] = [];
  const settings = new Map<string, unknown>(Object.entries({ ...options.settings }));
  const sorts = {
    plain: { attributes: [], regions: [] },
    imshop: { attributes: [], regions: [] },
    ...options.sorts,
  };
  let schedule = { cron: '0 3 * * *', timeZone: 'UTC', enabled: true };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const setting = (key: string) => ({
    key,
    value: settings.get(key) ?? SETTING_DEFAULTS[key as SettingKey],
    custom: settings.has(key),
    updatedBy: null,
    updatedAt: null,
    live: null,
  });
  const job = (extra: Partial<SearchJobStatus> = {}): SearchJobStatus => ({ job: null, ...extra });

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const query = Object.fromEntries(url.searchParams);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, query, body });

    if (path === '/catalog/attributes')
      return json(
        200,
        (options.attributes ?? []).map((name) => ({ name, products: 10, values: 3 })),
      );
    if (path === '/generation/job/feed/status') return json(200, job({ pending: false }));
    if (path === '/autocomplete/job') {
      if (method === 'POST') schedule = body as typeof schedule;
      return json(200, job({ schedule }));
    }
    const sort = /^\/custom\/sort\/\d+\/(imshop\/)?attributes$/.exec(path);
    if (sort) {
      const kind = sort[1] ? 'imshop' : 'plain';
      if (method === 'PUT') sorts[kind] = body as CustomSortConfig;
      return json(200, sorts[kind]);
    }
    const key = /^\/autocomplete\/([\w-]+)$/.exec(path)?.[1];
    if (key && key in SETTING_DEFAULTS) {
      if (method === 'POST') settings.set(key, body);
      if (method === 'DELETE') settings.delete(key);
      return json(200, setting(key));
    }
    return json(404, { status: 404, message: `No fake for ${method} ${path}` });
  };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(handler);
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    restore: () => spy.mockRestore(),
  };
}
