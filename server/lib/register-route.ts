import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { hasAccess } from '#contract/roles.ts';
import type { RouteDef, RouteResponse } from '#contract/route.ts';
import type { Site } from '#contract/entities/site.ts';
import { forbidden, HttpError, notFound } from './http-error.ts';

export interface AuthUser {
  id: number;
  login: string;
  roles: string[];
  isClient: boolean;
  /** Administrators and superusers see every site. */
  seesAllSites: boolean;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  user: R['auth'] extends false ? AuthUser | null : AuthUser;
  /** The site named by the call (`?siteId` or `:id`), already checked; null for calls without one. */
  site: R['site'] extends 'none' ? null : Site;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDef> = (
  context: RouteContext<R>,
) => Promise<RouteResponse<R>>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The site the call names, loaded by the site guard. */
    site: Site | null;
  }
  interface FastifyContextConfig {
    contractRoute?: RouteDef;
  }
}

function siteIdOf(route: RouteDef, request: FastifyRequest): number | undefined {
  if (route.site === 'query') return (request.query as { siteId?: number }).siteId;
  if (route.site === 'param') return (request.params as { id?: number }).id;
  return undefined;
}

/**
 * Registers one contract entry: zod validation and serialisation, OpenAPI, the session check
 * (401), the role guard (403) and the site guard (the user must be attached to the site).
 * The server cannot serve a route the contract does not declare.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { contractRoute: route },
    schema: {
      summary: route.summary,
      tags: [route.path.split('/')[1] ?? 'api'],
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      response: { 200: route.response, 202: route.response },
    },
    preValidation: async (request) => {
      if (!route.auth) return;
      const user = await app.authenticate(request);
      if (!user) throw new HttpError(401, 'Authentication required');
      if (!hasAccess(user.roles, route.roles)) throw forbidden();
    },
    preHandler: async (request) => {
      const siteId = siteIdOf(route, request);
      if (siteId === undefined || !request.user) return;
      const site = await app.repos.sites.getFor(siteId, request.user);
      if (site === 'forbidden') throw forbidden('This site is not attached to your account');
      if (!site) throw notFound('Site');
      request.site = site;
    },
    handler: async (request, reply) =>
      handler({
        params: request.params as Out<R['params']>,
        query: request.query as Out<R['query']>,
        body: request.body as Out<R['body']>,
        user: request.user as RouteContext<R>['user'],
        site: request.site as RouteContext<R>['site'],
        request,
        reply,
      }),
  });
}
