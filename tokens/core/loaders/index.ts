/**
 * Token loaders (spec §7), isomorphic (global fetch). The tokens API type is
 * CDN or JSON_BIN; an empty type defaults to JSON_BIN (spec §5).
 */
import type { VersionKey } from '../types.ts';
import { loadTokensFromCdn } from './cdn.ts';
import { loadTokensFromJsonStorage } from './json-storage.ts';
import type { Fetch } from './errors.ts';

export { loadTokensFromCdn, cdnUrl } from './cdn.ts';
export { loadTokensFromJsonStorage, jsonStorageUrl, ACCESS_KEY_HEADER } from './json-storage.ts';
export { TokenLoadError, LOAD_ERROR_PREFIX } from './errors.ts';
export type { Fetch } from './errors.ts';

export type TokensApiType = 'CDN' | 'JSON_BIN';

export interface TokenSourceConfig {
  /** Empty, null or missing → JSON_BIN. */
  apiType?: TokensApiType | '' | null;
  url: string;
  /** JSON storage: suffix appended to `url`. */
  suffix?: string;
  /** JSON storage access key. */
  key?: string;
  /** CDN: replaces the UUID placeholder. */
  uuid?: string;
  versionKey?: VersionKey;
  fetch?: Fetch;
  signal?: AbortSignal;
}

export function tokensApiType(t: TokenSourceConfig['apiType']): TokensApiType {
  return t === 'CDN' ? 'CDN' : 'JSON_BIN';
}

/** Loads a token set from the configured source; false when JSON storage holds none. */
export async function loadTokens(cfg: TokenSourceConfig): Promise<unknown> {
  if (tokensApiType(cfg.apiType) === 'CDN') {
    const o: Parameters<typeof loadTokensFromCdn>[0] = { url: cfg.url, uuid: cfg.uuid ?? '' };
    if (cfg.versionKey) o.versionKey = cfg.versionKey;
    if (cfg.fetch) o.fetch = cfg.fetch;
    if (cfg.signal) o.signal = cfg.signal;
    return loadTokensFromCdn(o);
  }
  const o: Parameters<typeof loadTokensFromJsonStorage>[0] = { url: cfg.url };
  if (cfg.suffix) o.suffix = cfg.suffix;
  if (cfg.key) o.key = cfg.key;
  if (cfg.fetch) o.fetch = cfg.fetch;
  if (cfg.signal) o.signal = cfg.signal;
  return loadTokensFromJsonStorage(o);
}
