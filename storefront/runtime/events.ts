import type { StorefrontEventInput } from '#contract/public/events.ts';
import { randomId } from './identity.ts';
import type { Platform } from './platform.ts';

type Fields<T> = T extends { type: infer K }
  ? Omit<T, 'type' | 'sessionId' | 'platform'> & { type: K }
  : never;
/** What a caller tracks: the event without session and platform (the tracker adds them). */
export type TrackedEvent = Fields<StorefrontEventInput> & { id?: string };

/** Sends one batch: true when the server took it (or it is not worth retrying). */
export type EventTransport = (url: string, body: string, leaving: boolean) => Promise<boolean>;

export interface EventTrackerOptions {
  baseUrl: string;
  apiKey: string;
  platform: Platform;
  sessionId: () => string;
  /** Whether the shopper consents to tracking now. @default true */
  consent?: boolean;
  /** Send when this many are waiting. @default 20 */
  batchSize?: number;
  /** …or this long after the first one waits. @default 2000 */
  flushMs?: number;
  /** Attempts of a batch before it is dropped. @default 5 */
  maxAttempts?: number;
  transport?: EventTransport;
}

export interface EventTracker {
  /** Queues an event; answers its id (the same id is never queued twice), null without consent. */
  track(event: TrackedEvent): string | null;
  /** Sends what waits (`leaving`: the page is going away, sendBeacon is used). */
  flush(leaving?: boolean): Promise<void>;
  /** Grants or withdraws consent; withdrawing drops what waits. */
  consent(granted: boolean): void;
  readonly pending: number;
}

/** fetch with keepalive; sendBeacon when the page is leaving. text/plain: no CORS preflight. */
export const defaultTransport: EventTransport = async (url, body, leaving) => {
  if (leaving && typeof navigator !== 'undefined' && navigator.sendBeacon)
    return navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }));
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain' },
    keepalive: body.length < 60_000,
  });
  // a 4xx other than 429 will not get better by sending it again
  return (
    response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429)
  );
};

/**
 * The storefront's behaviour events (POST /public/events/bulk): batched, retried with backoff on
 * network errors, 5xx and 429, each event carrying an id so that a retried batch is counted once
 * (the server drops ids it has seen), and nothing queued or sent without consent.
 */
export function createEventTracker(options: EventTrackerOptions): EventTracker {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/public/events/bulk`;
  const transport = options.transport ?? defaultTransport;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 5;
  let granted = options.consent ?? true;
  let queue: Array<Record<string, unknown> & { id: string }> = [];
  const seen = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let sending: Promise<void> | null = null;

  const schedule = (ms: number): void => {
    if (timer === null) timer = setTimeout(() => void flush(false), ms);
  };

  async function send(leaving: boolean): Promise<void> {
    while (queue.length && granted) {
      const batch = queue.slice(0, 1000);
      let ok: boolean;
      try {
        ok = await transport(
          url,
          JSON.stringify({ apiKey: options.apiKey, events: batch }),
          leaving,
        );
      } catch {
        ok = false;
      }
      if (!ok && ++attempt < maxAttempts) {
        schedule(Math.min(30_000, 1000 * 2 ** attempt));
        return;
      }
      attempt = 0;
      const sent = new Set(batch.map((event) => event.id));
      queue = queue.filter((event) => !sent.has(event.id));
    }
  }

  function flush(leaving = false): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (leaving) return send(true);
    sending ??= send(false).finally(() => (sending = null));
    return sending;
  }

  return {
    track(event) {
      if (!granted) return null;
      const id = event.id ?? randomId();
      if (seen.has(id)) return id;
      seen.add(id);
      queue.push({
        ...event,
        id,
        sessionId: options.sessionId(),
        platform: options.platform,
        at: new Date().toISOString(),
      });
      if (queue.length >= batchSize) void flush(false);
      else schedule(options.flushMs ?? 2000);
      return id;
    },
    flush,
    consent(value) {
      granted = value;
      if (!value) queue = [];
    },
    get pending() {
      return queue.length;
    },
  };
}
