import type { ApiIssue } from './errors.ts';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse } from './route.ts';

/** A failed call: HTTP status (0 when no answer came), the server's message and zod issues. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  readonly body: unknown;

  constructor(status: number, message: string, issues: ApiIssue[] = [], body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}

type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : { [P in K]: T };

export type CallInput<R extends RouteDef> = Field<'params', RouteParams<R>> &
  Field<'query', RouteQuery<R>> &
  Field<'body', RouteBody<R>> & { signal?: AbortSignal };

export interface ApiClientOptions {
  /** Where `/api` lives; '' for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The anti-forgery token to echo in `X-XSRF-TOKEN` (read from the `XSRF-TOKEN` cookie). */
  xsrfToken?: () => string | undefined;
  /** Extra headers for every call (tests pass a Cookie header here). */
  headers?: () => Record<string, string>;
}

export type ApiCall = <R extends RouteDef>(
  route: R,
  input: CallInput<R>,
) => Promise<RouteResponse<R>>;

export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // a body that is not JSON carries no message of the server's
  }
  const envelope = body as { message?: unknown; issues?: unknown } | null;
  const message =
    typeof envelope?.message === 'string' && envelope.message
      ? envelope.message
      : response.statusText;
  const issues = Array.isArray(envelope?.issues) ? (envelope.issues as ApiIssue[]) : [];
  return new ApiError(response.status, message, issues, body);
}

/** The one typed fetcher: every failure becomes an `ApiError` (STYLE.md 10). */
export function createApiClient(options: ApiClientOptions = {}): ApiCall {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const xsrf = options.xsrfToken ?? (() => readCookie('XSRF-TOKEN'));
  return async (route, input) => {
    const { params, query, body, signal } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.() };
    let payload: string | undefined;
    if (body !== undefined) {
      if (route.bodyType === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    if (route.method !== 'GET') {
      const token = xsrf();
      if (token) headers['x-xsrf-token'] = token;
    }
    const url = `${options.baseUrl ?? ''}/api${buildPath(route.path, params)}${buildQuery(query)}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body: payload,
        signal,
        credentials: 'include',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, error instanceof Error ? error.message : '');
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as never;
    return (await response.json()) as never;
  };
}
