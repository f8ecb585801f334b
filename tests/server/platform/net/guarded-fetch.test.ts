// The one guarded fetch (server/platform/net/guarded-fetch.ts): every refusal is proven against a real
// server on loopback, the only address the tests may reach; private and metadata addresses are
// refused before any connection is attempted.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList, isBlockedAddress } from '#server/platform/net/addresses.ts';
import {
  FetchError,
  guardedFetch,
  type FetchPolicy,
  type Resolver,
} from '#server/platform/net/guarded-fetch.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-net-data-'));
const outsideDir = mkdtempSync(join(tmpdir(), 'vitrina-net-outside-'));

let server: Server;
let port = 0;
/** Requests the loopback server answered, by path. */
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return response.end('hello');
    if (url.pathname === '/to-loopback') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      return response.end();
    }
    if (url.pathname === '/to-file') {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      return response.end();
    }
    if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return response.end();
    }
    if (url.pathname === '/stall') {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.write('<yml_catalog>');
      return; // never ends
    }
    if (url.pathname === '/bomb') {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      return response.end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
    }
    if (url.pathname === '/secret') return response.end('internal');
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A fake DNS: every name resolves to loopback, as a rebinding attacker's name would. */
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    dataDir,
    allowHosts: new AllowList([]),
    connectTimeoutMs: 2000,
    idleTimeoutMs: 2000,
    totalTimeoutMs: 10_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
    ...overrides,
  };
}

async function text(url: string, p: FetchPolicy, signal?: AbortSignal): Promise<string> {
  const response = await guardedFetch(url, { policy: p, ...(signal && { signal }) });
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

async function refusal(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('Expected the fetch to be refused');
}

describe('address ranges', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2a00:1450:4010::64', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('reads the allow-list: names, wildcards, addresses and ranges', () => {
    const list = new AllowList(['feeds.corp.local', '*.shop.lan', '10.1.0.0/16', '::1']);
    expect(list.allowsHost('FEEDS.corp.local')).toBe(true);
    expect(list.allowsHost('a.b.shop.lan')).toBe(true);
    expect(list.allowsHost('shop.lan')).toBe(false);
    expect(list.allowsAddress('10.1.200.3')).toBe(true);
    expect(list.allowsAddress('10.2.0.1')).toBe(false);
    expect(list.allowsAddress('::1')).toBe(true);
    expect(new AllowList([]).allowsHost('feeds.corp.local')).toBe(false);
  });
});

describe('guarded fetch against a loopback server', () => {
  it('refuses a loopback address in the URL, by number and by name', async () => {
    hits.length = 0;
    for (const url of [
      `http://127.0.0.1:${port}/ok`,
      `http://localhost:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      `http://0.0.0.0:${port}/ok`,
    ]) {
      const error = await refusal(text(url, policy()));
      expect(error.code).toBe('blocked-address');
      expect(error.message).toMatch(/internal .* address: the server does not fetch from it/);
      expect(error.i18nKey).toBe('errors:fetch.blocked-address');
    }
    expect(hits).toEqual([]);
  });

  it('refuses private and metadata addresses without connecting', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://100.64.1.1/',
    ]) {
      expect((await refusal(text(url, policy()))).code).toBe('blocked-address');
    }
  });

  it('refuses a name whose DNS answer is loopback (checked at connect time)', async () => {
    hits.length = 0;
    const error = await refusal(
      text(`http://feeds.example.test:${port}/ok`, policy({ resolver: toLoopback })),
    );
    expect(error).toMatchObject({
      code: 'blocked-address',
      params: { host: 'feeds.example.test', address: '127.0.0.1' },
    });
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to loopback, and to file://', async () => {
    // The first hop's name is allowed (an on-premises feed host); the redirect is checked again.
    const allowed = policy({
      resolver: toLoopback,
      allowHosts: new AllowList(['feeds.corp.test']),
    });
    hits.length = 0;
    const error = await refusal(text(`http://feeds.corp.test:${port}/to-loopback`, allowed));
    expect(error.code).toBe('blocked-address');
    expect(hits).toEqual(['/to-loopback']);
    expect((await refusal(text(`http://feeds.corp.test:${port}/to-file`, allowed))).code).toBe(
      'unsupported-scheme',
    );
    expect((await refusal(text(`http://feeds.corp.test:${port}/loop`, allowed))).code).toBe(
      'too-many-redirects',
    );
  });

  it('lets the allow-list through: a name, and a range', async () => {
    expect(
      await text(
        `http://feeds.corp.test:${port}/ok`,
        policy({ resolver: toLoopback, allowHosts: new AllowList(['feeds.corp.test']) }),
      ),
    ).toBe('hello');
    expect(
      await text(
        `http://127.0.0.1:${port}/to-loopback`,
        policy({ allowHosts: new AllowList(['127.0.0.0/8']) }),
      ),
    ).toBe('internal');
  });

  it('fails a body that stops coming (idle timeout), a gzip bomb (size cap) and a cancel', async () => {
    const open = policy({ allowHosts: new AllowList(['127.0.0.1']), idleTimeoutMs: 300 });
    expect((await refusal(text(`http://127.0.0.1:${port}/stall`, open))).code).toBe('idle-timeout');
    // The bomb is about size: an idle limit a loaded machine cannot miss.
    const bomb = await refusal(
      text(`http://127.0.0.1:${port}/bomb`, { ...open, idleTimeoutMs: 10_000 }),
    );
    expect(bomb).toMatchObject({ code: 'too-large', params: { limit: 1024 * 1024 } });
    const controller = new AbortController();
    const pending = text(
      `http://127.0.0.1:${port}/stall`,
      { ...open, idleTimeoutMs: 10_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 100);
    expect((await refusal(pending)).code).toBe('aborted');
    expect((await refusal(text(`http://127.0.0.1:${port}/missing`, open))).code).toBe(
      'http-status',
    );
  });

  it('reads file:// only under DATA_DIR, symbolic links included', async () => {
    mkdirSync(join(dataDir, 'feeds'), { recursive: true });
    writeFileSync(join(dataDir, 'feeds', 'demo.yml'), 'inside');
    writeFileSync(join(outsideDir, 'secret.txt'), 'outside');
    symlinkSync(join(outsideDir, 'secret.txt'), join(dataDir, 'link.txt'));
    expect(await text(pathToFileURL(join(dataDir, 'feeds', 'demo.yml')).href, policy())).toBe(
      'inside',
    );
    for (const url of [
      pathToFileURL(join(outsideDir, 'secret.txt')).href,
      'file:///etc/passwd',
      pathToFileURL(join(dataDir, 'link.txt')).href,
      `file://${dataDir}/../${outsideDir.split('/').at(-1)}/secret.txt`,
    ]) {
      const error = await refusal(text(url, policy()));
      expect(error.code).toBe('file-outside-data-dir');
      expect(error.message).toBe(
        'A file:// URL must name a file inside the data folder (DATA_DIR)',
      );
    }
    expect(
      (await refusal(text(pathToFileURL(join(dataDir, 'nope.yml')).href, policy()))).code,
    ).toBe('file-not-found');
    expect((await refusal(text('gopher://example.com/', policy()))).code).toBe(
      'unsupported-scheme',
    );
  });
});
