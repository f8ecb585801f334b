/**
 * One HTTP(S) request of a guarded fetch: the connection's lookup refuses internal addresses (the
 * address connected to is the one checked), connect, idle and total timeouts, the body
 * decompressed and capped, the caller's AbortSignal. Redirects are the caller's (guarded-fetch.ts).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isBlockedAddress } from './addresses.ts';
import {
  aborted,
  blockedAddress,
  FetchError,
  REDIRECTS,
  tooLarge,
  type FetchPolicy,
  type GuardedFetchOptions,
  type Resolver,
} from './fetch-policy.ts';

export interface RawAnswer {
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

export function request(
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
