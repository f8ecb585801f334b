import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';

/**
 * The public event endpoints' rate limit: EVENT_RATE_LIMIT requests a minute per
 * apiKey and client address, counted before validation (garbage costs its sender too). Register
 * it in the scope of the routes it guards.
 */
export async function eventRateLimit(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    max: scope.env.EVENT_RATE_LIMIT,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (request: FastifyRequest) => {
      const apiKey = (request.body as { apiKey?: unknown } | null | undefined)?.apiKey;
      return `${typeof apiKey === 'string' ? apiKey.slice(0, 128) : ''}\u0000${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: `Too many event requests: try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
}

/**
 * Events, not requests: a bulk request carries up to 1 000 events, so the request
 * limit alone let 4 addresses write 446 000 events in 30 s. Each apiKey and client address may
 * send `perAddress` events a minute, each apiKey `perKey` from all addresses together; `take`
 * answers how many seconds to wait (0: the events are within budget and are counted).
 */
export function createEventBudget(limits: { perAddress: number; perKey: number }) {
  const WINDOW_MS = 60_000;
  let windowStart = 0;
  const used = new Map<string, number>();
  return {
    take(apiKey: string, address: string, events: number, now = Date.now()): number {
      if (now - windowStart >= WINDOW_MS) {
        windowStart = now - (now % WINDOW_MS);
        used.clear();
      }
      const byAddress = `${apiKey.slice(0, 128)}\u0000${address}`;
      const byKey = `${apiKey.slice(0, 128)}\u0000*`;
      const addressUsed = (used.get(byAddress) ?? 0) + events;
      const keyUsed = (used.get(byKey) ?? 0) + events;
      if (addressUsed > limits.perAddress || keyUsed > limits.perKey)
        return Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      used.set(byAddress, addressUsed);
      used.set(byKey, keyUsed);
      return 0;
    },
  };
}
