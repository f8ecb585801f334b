import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';

/**
 * The public event endpoints' rate limit (issue 20.6): EVENT_RATE_LIMIT requests a minute per
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
