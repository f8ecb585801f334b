/**
 * JSON storage loader (spec §7): GET the full address (or base + suffix) with
 * the access key in a header; the token set is the first item of
 * `record.values`, or `false` when there is none. Any failure rejects with
 * 'Can not load tokes from url: <address>'.
 */
import { defaultFetch, TokenLoadError } from './errors.ts';
import type { Fetch } from './errors.ts';

export const ACCESS_KEY_HEADER = 'X-Access-Key';

export interface JsonStorageOptions {
  /** Full address, or a base that `suffix` is appended to. */
  url: string;
  suffix?: string;
  key?: string;
  fetch?: Fetch;
  signal?: AbortSignal;
}

export function jsonStorageUrl(url: string, suffix?: string): string {
  if (!suffix) return url;
  return `${url.replace(/\/+$/, '')}/${suffix.replace(/^\/+/, '')}`;
}

export async function loadTokensFromJsonStorage(opts: JsonStorageOptions): Promise<unknown> {
  const url = jsonStorageUrl(opts.url, opts.suffix);
  const headers: Record<string, string> = {};
  if (opts.key) headers[ACCESS_KEY_HEADER] = opts.key;
  let data: unknown;
  try {
    const f = opts.fetch ?? defaultFetch();
    const init: { headers: Record<string, string>; signal?: AbortSignal } = { headers };
    if (opts.signal) init.signal = opts.signal;
    const res = await f(url, init);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = await res.json();
  } catch (e) {
    throw new TokenLoadError(url, { cause: e });
  }
  const record = (data as { record?: { values?: unknown } } | null)?.record;
  const values = record?.values;
  if (Array.isArray(values) && values.length > 0 && values[0] !== undefined && values[0] !== null)
    return values[0];
  return false;
}
