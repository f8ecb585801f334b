import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkEventsBody } from '#contract/public/events.ts';
import { createEventTracker, type EventTransport } from '#storefront/runtime/events.ts';

/** A transport that records each batch and answers from a script of outcomes. */
function recorder(outcomes: Array<boolean | 'throw'> = []) {
  const batches: Array<{ body: ReturnType<typeof bulkEventsBody.parse>; leaving: boolean }> = [];
  const transport: EventTransport = async (_url, body, leaving) => {
    batches.push({ body: bulkEventsBody.parse(JSON.parse(body)), leaving });
    const outcome = outcomes.shift() ?? true;
    if (outcome === 'throw') throw new TypeError('Failed to fetch');
    return outcome;
  };
  return { batches, transport };
}

const tracker = (transport: EventTransport, extra = {}) =>
  createEventTracker({
    baseUrl: 'https://search.example/',
    apiKey: 'KEY',
    platform: 'DESKTOP',
    sessionId: () => 'session-1',
    transport,
    ...extra,
  });

describe('storefront event tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches events into one valid bulk request after the flush delay, or at the batch size', async () => {
    const { batches, transport } = recorder();
    const events = tracker(transport, { batchSize: 3, flushMs: 2000 });
    events.track({ type: 'PRODUCT_VIEW', productId: 'A' });
    events.track({ type: 'SEARCH', query: 'куртка', hits: 12, correctedQuery: null });
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.body.apiKey).toBe('KEY');
    expect(batches[0]!.body.events.map((e) => e.type)).toEqual(['PRODUCT_VIEW', 'SEARCH']);
    expect(batches[0]!.body.events.every((e) => e.sessionId === 'session-1' && e.id)).toBe(true);
    for (const id of ['A', 'B', 'C'])
      events.track({ type: 'ADD_TO_CART', productId: id, quantity: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(2);
    expect(batches[1]!.body.events).toHaveLength(3);
    expect(events.pending).toBe(0);
  });

  it('retries a failed batch with backoff, with the same event ids, then stops', async () => {
    const { batches, transport } = recorder(['throw', false, true]);
    const events = tracker(transport, { flushMs: 10 });
    events.track({ type: 'ORDER', revenue: 4200, items: 2 });
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000); // 1st retry after 2 s
    expect(batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4000); // 2nd retry after 4 s succeeds
    expect(batches).toHaveLength(3);
    const ids = batches.map((b) => b.body.events[0]!.id);
    expect(new Set(ids).size).toBe(1);
    expect(events.pending).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(3);

    const failing = recorder([false, false, false]);
    const giveUp = tracker(failing.transport, { flushMs: 10, maxAttempts: 3 });
    giveUp.track({ type: 'PRODUCT_VIEW', productId: 'X' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(failing.batches).toHaveLength(3);
    expect(giveUp.pending).toBe(0);
  });

  it('queues an event id once (an order tracked twice is sent once)', async () => {
    const { batches, transport } = recorder();
    const events = tracker(transport, { flushMs: 10 });
    expect(events.track({ id: 'order-77', type: 'ORDER', revenue: 100, items: 1 })).toBe(
      'order-77',
    );
    expect(events.track({ id: 'order-77', type: 'ORDER', revenue: 100, items: 1 })).toBe(
      'order-77',
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(batches.flatMap((b) => b.body.events)).toHaveLength(1);
  });

  it('sends nothing without consent, and drops what waits when consent is withdrawn', async () => {
    const { batches, transport } = recorder();
    const events = tracker(transport, { flushMs: 10, consent: false });
    expect(events.track({ type: 'PRODUCT_VIEW', productId: 'A' })).toBeNull();
    events.consent(true);
    events.track({ type: 'PRODUCT_VIEW', productId: 'B' });
    events.consent(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toHaveLength(0);
    events.consent(true);
    events.track({ type: 'PRODUCT_VIEW', productId: 'C' });
    await vi.advanceTimersByTimeAsync(10);
    expect(
      batches.flatMap((b) => b.body.events.map((e) => (e as { productId: string }).productId)),
    ).toEqual(['C']);
  });

  it('uses sendBeacon with a text/plain body when the page is leaving', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const events = createEventTracker({
      baseUrl: 'https://search.example',
      apiKey: 'KEY',
      platform: 'MOBILE',
      sessionId: () => 's',
    });
    events.track({ type: 'PRODUCT_VIEW', productId: 'A' });
    await events.flush(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('https://search.example/public/events/bulk');
    expect(blob.type).toBe('text/plain');
    expect(bulkEventsBody.parse(JSON.parse(await blob.text())).events[0]!.platform).toBe('MOBILE');
    expect(events.pending).toBe(0);
  });
});
