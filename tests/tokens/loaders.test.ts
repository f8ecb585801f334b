/** Token loaders (spec §7) with a fake fetch. */
import { describe, expect, it } from 'vitest';
import {
  loadTokens,
  loadTokensFromCdn,
  loadTokensFromJsonStorage,
  TokenLoadError,
} from '#tokens/index.ts';
import type { Fetch } from '#tokens/core/loaders/index.ts';

interface Call {
  url: string;
  headers: Record<string, string>;
}

function fakeFetch(answer: unknown, status = 200, calls: Call[] = []): Fetch {
  return async (url, init) => {
    calls.push({ url, headers: init?.headers ?? {} });
    return { ok: status >= 200 && status < 300, status, json: async () => answer };
  };
}

const failing: Fetch = async () => {
  throw new TypeError('network down');
};

describe('JSON storage loader', () => {
  it('sends the access key and returns record.values[0]', async () => {
    const calls: Call[] = [];
    const set = { color: { a: { value: '#fff', type: 'color' } } };
    const r = await loadTokensFromJsonStorage({
      url: 'https://store.example/b/',
      suffix: '/latest',
      key: 'k-123',
      fetch: fakeFetch({ record: { values: [set, { other: 1 }] } }, 200, calls),
    });
    expect(r).toEqual(set);
    expect(calls).toEqual([
      { url: 'https://store.example/b/latest', headers: { 'X-Access-Key': 'k-123' } },
    ]);
  });

  it('returns false when there is no first value', async () => {
    expect(
      await loadTokensFromJsonStorage({
        url: 'https://s/x',
        fetch: fakeFetch({ record: { values: [] } }),
      }),
    ).toBe(false);
    expect(await loadTokensFromJsonStorage({ url: 'https://s/x', fetch: fakeFetch({}) })).toBe(
      false,
    );
  });

  it("fails with the spec's text, typo included", async () => {
    const p = loadTokensFromJsonStorage({ url: 'https://s/x', fetch: failing });
    await expect(p).rejects.toBeInstanceOf(TokenLoadError);
    await expect(p).rejects.toThrow('Can not load tokes from url: https://s/x');
    await expect(
      loadTokensFromJsonStorage({ url: 'https://s/y', fetch: fakeFetch({}, 500) }),
    ).rejects.toThrow('Can not load tokes from url: https://s/y');
  });
});

describe('CDN loader', () => {
  it('replaces the UUID placeholder and attaches the version key read from the answer', async () => {
    const calls: Call[] = [];
    const r = await loadTokensFromCdn({
      url: 'https://cdn.example/tokens/{uuid}.json',
      uuid: '0b1c-22',
      fetch: fakeFetch({ 'V3.5': { a: { value: '1', type: 'number' } } }, 200, calls),
    });
    expect(calls[0]?.url).toBe('https://cdn.example/tokens/0b1c-22.json');
    expect(r).toEqual({ a: { value: '1', type: 'number' }, tokenVersionKey: 'V3.5' });
  });

  it('reads V3 when that is what the answer holds, or the wanted key first', async () => {
    const v3 = await loadTokensFromCdn({
      url: 'https://c/:uuid',
      uuid: 'u',
      fetch: fakeFetch({ V3: { b: 1 } }),
    });
    expect(v3.tokenVersionKey).toBe('V3');
    const both = { V3: { b: 1 }, 'V3.5': { c: 1 } };
    expect(
      (await loadTokensFromCdn({ url: 'https://c/[uuid]', uuid: 'u', fetch: fakeFetch(both) }))
        .tokenVersionKey,
    ).toBe('V3.5');
    expect(
      (
        await loadTokensFromCdn({
          url: 'https://c/{UUID}',
          uuid: 'u',
          versionKey: 'V3',
          fetch: fakeFetch(both),
        })
      ).tokenVersionKey,
    ).toBe('V3');
  });

  it('fails with the address when the answer has no token set or the request fails', async () => {
    await expect(
      loadTokensFromCdn({ url: 'https://c/{uuid}', uuid: 'u', fetch: fakeFetch({ nothing: 1 }) }),
    ).rejects.toThrow('Can not load tokes from url: https://c/u');
    await expect(
      loadTokensFromCdn({ url: 'https://c/{uuid}', uuid: 'u', fetch: failing }),
    ).rejects.toThrow('Can not load tokes from url: https://c/u');
  });
});

describe('loadTokens', () => {
  it('an empty tokens API type means JSON_BIN', async () => {
    const calls: Call[] = [];
    const f = fakeFetch({ record: { values: [{ x: 1 }] } }, 200, calls);
    for (const apiType of ['', null, undefined] as const)
      expect(await loadTokens({ apiType, url: 'https://s/x', key: 'k', fetch: f })).toEqual({
        x: 1,
      });
    expect(calls.every((c) => c.headers['X-Access-Key'] === 'k')).toBe(true);
  });

  it('CDN goes to the CDN loader', async () => {
    const r = await loadTokens({
      apiType: 'CDN',
      url: 'https://c/{uuid}',
      uuid: 'id',
      fetch: fakeFetch({ V3: { y: 1 } }),
    });
    expect(r).toEqual({ y: 1, tokenVersionKey: 'V3' });
  });
});
