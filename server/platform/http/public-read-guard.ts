import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { createAdmission } from './admission.ts';
import { HttpError } from './http-error.ts';

const apiKeyOf = (request: FastifyRequest): string => {
  const apiKey = (request.query as { apiKey?: unknown } | null | undefined)?.apiKey;
  return typeof apiKey === 'string' ? apiKey.slice(0, 128) : '';
};

/**
 * What stands in front of the public reads (search, autocomplete, recommendations) registered in
 * `scope`: two rate limits counted before validation, PUBLIC_RATE_LIMIT a minute per apiKey and
 * client address and PUBLIC_KEY_RATE_LIMIT a minute per apiKey (429), and a line of bounded
 * length (PUBLIC_MAX_CONCURRENT at once, PUBLIC_MAX_QUEUED waiting, each waiting at most
 * PUBLIC_QUERY_TIMEOUT_MS, else 503). Answers the wrapper for the reads' handlers.
 */
export async function guardPublicReads(scope: FastifyInstance) {
  const { env } = scope;
  await scope.register(rateLimit, { global: false });
  const limits = [
    {
      name: 'this address',
      check: scope.createRateLimit({
        max: env.PUBLIC_RATE_LIMIT,
        timeWindow: '1 minute',
        keyGenerator: (request) => `${apiKeyOf(request)}\u0000${request.ip}`,
      }),
    },
    {
      name: 'this apiKey',
      check: scope.createRateLimit({
        max: env.PUBLIC_KEY_RATE_LIMIT,
        timeWindow: '1 minute',
        keyGenerator: (request) => `key\u0000${apiKeyOf(request)}`,
      }),
    },
  ];
  scope.addHook('onRequest', async (request, reply) => {
    for (const limit of limits) {
      const result = await limit.check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(
          429,
          `Too many requests from ${limit.name}: try again in ${result.ttlInSeconds} s`,
        );
      }
    }
  });
  const admission = createAdmission({
    concurrency: env.PUBLIC_MAX_CONCURRENT ?? (scope.database.kind === 'pglite' ? 2 : 6),
    queue: env.PUBLIC_MAX_QUEUED,
  });
  /**
   * Wraps a read's handler (whatever its one argument: a public route's context) to wait for a
   * place in the line; `check` refuses what is over the caps before it waits (400, not 503).
   */
  return <C, T>(handler: (context: C) => Promise<T>, check: (context: C) => void) =>
    (context: C): Promise<T> => {
      check(context);
      return admission.run(env.PUBLIC_QUERY_TIMEOUT_MS, () => handler(context));
    };
}
