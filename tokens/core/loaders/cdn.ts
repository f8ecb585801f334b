/**
 * CDN loader (spec §7): GET an address whose UUID placeholder (`{uuid}`,
 * `{UUID}`, `:uuid` or `[uuid]`) is replaced; the answer holds the token set
 * under its version key, `V3.5` or `V3` (the wanted one first, else V3.5,
 * else V3; an answer that is itself a set with `tokenVersionKey` is taken as
 * is). The set comes back with `tokenVersionKey` attached. Any failure
 * rejects with 'Can not load tokes from url: <address>'.
 */
import type { VersionKey } from '../types.ts';
import { defaultFetch, TokenLoadError } from './errors.ts';
import type { Fetch } from './errors.ts';

export interface CdnOptions {
  url: string;
  uuid: string;
  versionKey?: VersionKey;
  fetch?: Fetch;
  signal?: AbortSignal;
}

export function cdnUrl(url: string, uuid: string): string {
  return url.replace(/\{uuid\}|\{UUID\}|:uuid\b|\[uuid\]/g, encodeURIComponent(uuid));
}

export type VersionedTokens = Record<string, unknown> & { tokenVersionKey: VersionKey };

export async function loadTokensFromCdn(opts: CdnOptions): Promise<VersionedTokens> {
  const url = cdnUrl(opts.url, opts.uuid);
  let data: unknown;
  try {
    const f = opts.fetch ?? defaultFetch();
    const init: { signal?: AbortSignal } = {};
    if (opts.signal) init.signal = opts.signal;
    const res = await f(url, init);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = await res.json();
  } catch (e) {
    throw new TokenLoadError(url, { cause: e });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new TokenLoadError(url);
  const d = data as Record<string, unknown>;
  const order: VersionKey[] = opts.versionKey
    ? [opts.versionKey, opts.versionKey === 'V3' ? 'V3.5' : 'V3']
    : ['V3.5', 'V3'];
  for (const key of order) {
    const set = d[key];
    if (typeof set === 'object' && set !== null && !Array.isArray(set))
      return { ...(set as Record<string, unknown>), tokenVersionKey: key };
  }
  const own = d['tokenVersionKey'];
  if (own === 'V3' || own === 'V3.5') return { ...d, tokenVersionKey: own };
  throw new TokenLoadError(url);
}
