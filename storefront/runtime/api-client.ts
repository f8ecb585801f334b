import type { DataSource } from './data-source.ts';

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the provider, e.g. `https://search.example`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** Error of a public API call: `{status, message}` as the server answers it. */
export class PublicApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type QueryValue = string | number | boolean | readonly string[] | undefined;

/** Builds a query string; arrays become repeated parameters (`filter=a&filter=b`). */
export function toQueryString(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  return search.toString();
}

/** The `/public` API client (contract/public/routes.ts). */
export function createApiClient(options: ApiClientOptions): DataSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  async function get<T>(path: string, params: object, signal?: AbortSignal): Promise<T> {
    const query = toQueryString({
      ...(params as Record<string, QueryValue>),
      apiKey: options.apiKey,
    });
    const response = await doFetch(`${base}${path}?${query}`, signal ? { signal } : {});
    if (!response.ok) {
      let message = response.statusText;
      try {
        const body = (await response.json()) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // The body was not JSON: keep the status text.
      }
      throw new PublicApiError(response.status, message);
    }
    return (await response.json()) as T;
  }
  return {
    apiKey: options.apiKey,
    search: (params, signal) => get('/public/search', params, signal),
    autocomplete: (params, signal) => get('/public/autocomplete', params, signal),
    recommendations: (params, signal) => get('/public/recommendations', params, signal),
    async trackWidget(event) {
      try {
        await doFetch(`${base}/public/tracking/widget`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event),
          keepalive: true,
        });
      } catch {
        // Tracking failures are swallowed silently (spec §8).
      }
    },
  };
}
