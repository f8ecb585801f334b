import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { AllowList, isBlockedAddress } from './addresses.ts';

/**
 * The one way the server fetches a URL an operator gave it (feeds, token CDN, JSON storage,
 * content feeds). Internal addresses are refused when the connection resolves its host name (no
 * window between the check and the connect for DNS rebinding) and again on every redirect hop,
 * which is followed by hand; `file://` only under DATA_DIR; connect, idle and total timeouts and
 * a size cap (after decompression) on every fetch; the caller's AbortSignal cancels it.
 */

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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(maxBytes: number) {
  return new FetchError('too-large', `The response is larger than the limit of ${mib(maxBytes)}`, {
    limit: maxBytes,
  });
}

function aborted() {
  return new FetchError('aborted', 'The fetch was cancelled');
}

function blockedAddress(host: string, address: string) {
  return new FetchError(
    'blocked-address',
    `${host} resolves to ${address}, an internal (loopback, private, link-local or reserved) address: the server does not fetch from it unless FETCH_ALLOW_HOSTS allows it`,
    { host, address },
  );
}

/** Fetches a URL under the policy. Only 2xx answers come back; anything else throws FetchError. */
export async function guardedFetch(
  input: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const { policy } = options;
  const maxBytes = options.maxBytes ?? policy.maxBytes;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('bad-url', `Not a valid URL: ${input.slice(0, 200)}`);
  }
  if (url.protocol === 'file:') return openFile(url, policy, maxBytes, options.signal);
  const deadline = Date.now() + policy.totalTimeoutMs;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchError(
        'unsupported-scheme',
        `Only http and https URLs are fetched${hop ? ' (a redirect led to ' + url.protocol + ')' : ''}`,
        { scheme: url.protocol },
      );
    if (url.username || url.password) url = new URL(url.href.replace(/\/\/[^@/]*@/, '//'));
    const answer = await request(url, options, maxBytes, deadline);
    if (REDIRECTS.has(answer.status) && answer.location !== undefined) {
      if (hop >= policy.maxRedirects)
        throw new FetchError('too-many-redirects', `More than ${policy.maxRedirects} redirects`, {
          limit: policy.maxRedirects,
        });
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new FetchError('bad-url', `A redirect leads to an invalid URL`);
      }
      continue;
    }
    if (answer.status < 200 || answer.status > 299) {
      answer.close();
      throw new FetchError('http-status', `The server answered HTTP ${answer.status}`, {
        status: answer.status,
      });
    }
    return {
      url: url.href,
      status: answer.status,
      headers: answer.headers,
      size: answer.size,
      body: answer.body,
    };
  }
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  location: string | undefined;
  size: number;
  body: AsyncIterable<Uint8Array>;
  close(): void;
}

/** The guarded lookup: every address a name resolves to must be allowed. */
function guardedLookup(policy: FetchPolicy, onRefused: (error: FetchError) => void) {
  const resolver: Resolver =
    policy.resolver ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) throw new Error('no address');
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        const list = wanted.length ? wanted : addresses;
        if (!policy.allowHosts.allowsHost(hostname)) {
          const refused = list.find(
            (a) => isBlockedAddress(a.address) && !policy.allowHosts.allowsAddress(a.address),
          );
          if (refused) {
            const error = blockedAddress(hostname, refused.address);
            onRefused(error);
            callback(error as NodeJS.ErrnoException, '', 0);
            return;
          }
        }
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: unknown) => {
        const failure = new FetchError('dns-failed', `The host name ${hostname} does not resolve`, {
          host: hostname,
        });
        failure.cause = error;
        onRefused(failure);
        callback(failure as NodeJS.ErrnoException, '', 0);
      },
    );
  };
  return lookup;
}

function request(
  url: URL,
  options: GuardedFetchOptions,
  maxBytes: number,
  deadline: number,
): Promise<RawAnswer> {
  const { policy, signal } = options;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host) && !policy.allowHosts.allowsHost(host))
    return Promise.reject(blockedAddress(host, host));
  if (signal?.aborted) return Promise.reject(aborted());

  return new Promise<RawAnswer>((resolvePromise, rejectPromise) => {
    let failure: FetchError | undefined;
    let settled = false;
    let response: IncomingMessage | undefined;
    let output: Readable | undefined;
    const timers: NodeJS.Timeout[] = [];
    const cleanup = () => {
      for (const timer of timers) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: FetchError) => {
      failure ??= error;
      cleanup();
      if (!settled) {
        settled = true;
        rejectPromise(failure);
      }
      req.destroy();
      response?.destroy();
      output?.destroy(failure);
    };
    const onAbort = () => fail(aborted());
    signal?.addEventListener('abort', onAbort);

    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(policy, (error) => (failure ??= error)),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'Vitrina/1 (feed loader)',
        ...options.headers,
      },
    });
    const remaining = Math.max(1, deadline - Date.now());
    timers.push(
      setTimeout(
        () =>
          fail(
            new FetchError(
              'total-timeout',
              `The fetch took longer than ${Math.round(policy.totalTimeoutMs / 1000)} s`,
              { seconds: Math.round(policy.totalTimeoutMs / 1000) },
            ),
          ),
        remaining,
      ),
    );
    const connectTimer = setTimeout(
      () =>
        fail(
          new FetchError(
            'connect-timeout',
            `No connection to ${url.host} within ${Math.round(policy.connectTimeoutMs / 1000)} s`,
            { host: url.host, seconds: Math.round(policy.connectTimeoutMs / 1000) },
          ),
        ),
      policy.connectTimeoutMs,
    );
    timers.push(connectTimer);
    req.on('socket', (socket) => {
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.setTimeout(policy.idleTimeoutMs, () =>
      fail(
        new FetchError(
          'idle-timeout',
          `Nothing received from ${url.host} for ${Math.round(policy.idleTimeoutMs / 1000)} s`,
          { host: url.host, seconds: Math.round(policy.idleTimeoutMs / 1000) },
        ),
      ),
    );
    req.on('error', (error) => {
      if (failure) return fail(failure);
      const network = new FetchError('network', `Could not fetch ${url.host}: ${error.message}`, {
        host: url.host,
      });
      fail(network);
    });
    req.on('response', (res) => {
      response = res;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location !== undefined) {
        settled = true;
        cleanup();
        res.resume();
        req.destroy();
        resolvePromise({
          status,
          headers: res.headers,
          location,
          size: 0,
          body: (async function* () {})(),
          close: () => undefined,
        });
        return;
      }
      const encoding = String(res.headers['content-encoding'] ?? 'identity')
        .toLowerCase()
        .trim();
      const declared = Number(res.headers['content-length']) || 0;
      if (encoding === 'identity' && declared > maxBytes) return fail(tooLarge(maxBytes));
      let decoder: Readable | undefined;
      if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip();
      else if (encoding === 'deflate') decoder = zlib.createInflate();
      else if (encoding === 'br') decoder = zlib.createBrotliDecompress();
      else if (encoding !== 'identity')
        return fail(
          new FetchError('bad-response', `Unsupported content encoding ${encoding.slice(0, 40)}`),
        );
      if (decoder) {
        const inflate = decoder as zlib.Gunzip;
        res.on('error', (error) => inflate.destroy(failure ?? error));
        res.pipe(inflate);
        inflate.on('error', () => undefined);
      }
      output = decoder ?? res;
      settled = true;
      const stream = output;
      resolvePromise({
        status,
        headers: res.headers,
        location: undefined,
        size: encoding === 'identity' ? declared : 0,
        close: () => fail(aborted()),
        body: (async function* () {
          let received = 0;
          try {
            for await (const chunk of stream as AsyncIterable<Buffer>) {
              if (failure) throw failure;
              received += chunk.byteLength;
              if (received > maxBytes) {
                fail(tooLarge(maxBytes));
                throw failure;
              }
              yield chunk;
            }
            if (failure) throw failure;
            if (!res.complete)
              throw new FetchError('network', `The connection to ${url.host} closed early`, {
                host: url.host,
              });
          } catch (error) {
            if (failure) throw failure;
            if (error instanceof FetchError) throw error;
            throw new FetchError(
              'network',
              `Could not read from ${url.host}: ${(error as Error).message}`,
              { host: url.host },
            );
          } finally {
            cleanup();
            req.destroy();
          }
        })(),
      });
    });
    req.end();
  });
}

/** `file://` only under DATA_DIR (the demo feed); symbolic links are followed before the check. */
async function openFile(
  url: URL,
  policy: FetchPolicy,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<GuardedResponse> {
  const outside = () =>
    new FetchError(
      'file-outside-data-dir',
      'A file:// URL must name a file inside the data folder (DATA_DIR)',
    );
  let path: string;
  try {
    path = resolve(fileURLToPath(url));
  } catch {
    throw new FetchError('bad-url', 'Not a valid file:// URL');
  }
  const lexicalRoot = resolve(policy.dataDir);
  const root = await realpath(lexicalRoot).catch(() => lexicalRoot);
  const inside = (candidate: string) => candidate.startsWith(root + sep);
  // Refused before touching the disk, so nothing outside the folder is even looked at.
  if (!inside(path) && !path.startsWith(lexicalRoot + sep)) throw outside();
  const real = await realpath(path).catch(() => null);
  if (!real) throw new FetchError('file-not-found', 'The feed file does not exist');
  if (!inside(real)) throw outside();
  const info = await stat(real);
  if (!info.isFile()) throw new FetchError('file-not-found', 'The feed file does not exist');
  if (info.size > maxBytes) throw tooLarge(maxBytes);
  if (signal?.aborted) throw aborted();
  return {
    url: url.href,
    status: 200,
    headers: {},
    size: info.size,
    body: (async function* () {
      const stream = createReadStream(real, { highWaterMark: 256 * 1024 });
      let received = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (signal?.aborted) throw aborted();
          received += chunk.byteLength;
          if (received > maxBytes) throw tooLarge(maxBytes);
          yield chunk;
        }
      } finally {
        stream.destroy();
      }
    })(),
  };
}
