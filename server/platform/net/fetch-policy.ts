/**
 * What a guarded fetch works under and answers with: the policy (DATA_DIR, FETCH_* settings), the
 * options and response of `guardedFetch`, and `FetchError` with its stable codes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AllowList } from './addresses.ts';

export type FetchErrorCode =
  | 'bad-url'
  | 'unsupported-scheme'
  | 'blocked-address'
  | 'file-outside-data-dir'
  | 'file-not-found'
  | 'too-many-redirects'
  | 'dns-failed'
  | 'connect-timeout'
  | 'idle-timeout'
  | 'total-timeout'
  | 'too-large'
  | 'http-status'
  | 'bad-response'
  | 'network'
  | 'aborted';

/** A refused or failed fetch: `code` is stable (the console translates `errors:fetch.<code>`). */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'FetchError';
  }

  get i18nKey(): string {
    return `errors:fetch.${this.code}`;
  }
}

/** Resolves a host name to every address it has (tests pass their own to fake a DNS answer). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface FetchPolicy {
  /** `file://` URLs are read only under this folder (DATA_DIR). */
  dataDir: string;
  /** FETCH_ALLOW_HOSTS: names, addresses and ranges reachable although internal. */
  allowHosts: AllowList;
  connectTimeoutMs: number;
  /** No byte received for this long fails the fetch (a feed that never ends). */
  idleTimeoutMs: number;
  /** The whole fetch, body included. */
  totalTimeoutMs: number;
  /** Bytes of the body after decompression. */
  maxBytes: number;
  maxRedirects: number;
  resolver?: Resolver;
}

export interface FetchSettings {
  DATA_DIR: string;
  FETCH_ALLOW_HOSTS: string[];
  FETCH_CONNECT_TIMEOUT_MS: number;
  FETCH_IDLE_TIMEOUT_MS: number;
  FETCH_TOTAL_TIMEOUT_MS: number;
  FETCH_MAX_BYTES: number;
  FETCH_MAX_REDIRECTS: number;
}

export function fetchPolicy(settings: FetchSettings, overrides: Partial<FetchPolicy> = {}) {
  return {
    dataDir: settings.DATA_DIR,
    allowHosts: new AllowList(settings.FETCH_ALLOW_HOSTS),
    connectTimeoutMs: settings.FETCH_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: settings.FETCH_IDLE_TIMEOUT_MS,
    totalTimeoutMs: settings.FETCH_TOTAL_TIMEOUT_MS,
    maxBytes: settings.FETCH_MAX_BYTES,
    maxRedirects: settings.FETCH_MAX_REDIRECTS,
    ...overrides,
  } satisfies FetchPolicy;
}

export interface GuardedResponse {
  /** The URL finally read (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Content length in bytes when known (0 otherwise), for progress. */
  size: number;
  /** The body, decompressed, in chunks; throws FetchError past a limit or on cancel. */
  body: AsyncIterable<Uint8Array>;
}

export interface GuardedFetchOptions {
  policy: FetchPolicy;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A lower or higher cap than the policy's for this fetch (feeds use FEED_MAX_BYTES). */
  maxBytes?: number;
}

/** The answers that redirect (followed by hand, each hop checked again). */
export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function tooLarge(maxBytes: number) {
  return new FetchError('too-large', `The response is larger than the limit of ${mib(maxBytes)}`, {
    limit: maxBytes,
  });
}

export function aborted() {
  return new FetchError('aborted', 'The fetch was cancelled');
}

export function blockedAddress(host: string, address: string) {
  return new FetchError(
    'blocked-address',
    `${host} resolves to ${address}, an internal (loopback, private, link-local or reserved) address: the server does not fetch from it unless FETCH_ALLOW_HOSTS allows it`,
    { host, address },
  );
}
