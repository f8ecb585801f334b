import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { PublicRouteDef } from '#contract/public/route.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a public call's handler gets: its input as the contract's schemas parsed it. */
export interface PublicRouteContext<R extends PublicRouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A public call's answer: the contract's `answer` (encoded on the way out), or the reply itself
 * when the handler has sent it (a 204); anything for a call whose answer the contract leaves out.
 */
export type PublicAnswer<R extends PublicRouteDef> =
  (R['answer'] extends z.ZodType ? z.output<R['answer']> : unknown) | FastifyReply;

export type PublicRouteHandler<R extends PublicRouteDef> = (
  context: PublicRouteContext<R>,
) => Promise<PublicAnswer<R>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    publicRoute?: PublicRouteDef;
  }
}

/**
 * Registers one `/public` contract entry in `app` (a scope whose hooks bring the call's guards:
 * CORS, rate limits, the beacon body parser). The entry's schemas go to the zod type provider,
 * so a bad input answers the console's 400 envelope (errors-plugin.ts) before any handler runs,
 * in Fastify's order (params, body, query); a 200 answer is checked and encoded by the entry's
 * `answer`, and only then. No session, no role: the handler finds the site by the apiKey.
 */
export function registerPublicRoute<R extends PublicRouteDef>(
  app: FastifyInstance,
  route: R,
  handler: PublicRouteHandler<R>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { publicRoute: route },
    schema: {
      tags: ['public'],
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      ...(route.answer && { response: { 200: route.answer } }),
    },
    // Validation above has parsed each part with the entry's schema: these are its outputs.
    handler: async (request, reply) =>
      handler({
        params: request.params as Out<R['params']>,
        query: request.query as Out<R['query']>,
        body: request.body as Out<R['body']>,
        request,
        reply,
      }),
  });
}
