import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { hasAccess } from '#contract/roles.ts';
import { TWO_FACTOR_ENROLMENT_PATHS } from '#contract/routes/auth.ts';
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
  /** A role requires two-factor sign-in and the user has not enrolled: only enrolment calls pass. */
  mustEnrolTwoFactor?: boolean;
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

const MEDIA_TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
} as const;

/** Whether the request carries a body at all (a length above 0, or a chunked one). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * A call accepts only the content type it declares (JSON unless `bodyType: 'form'`); a call
 * without a body accepts none but JSON. Anything else is 415 before the body is read, so a plain
 * HTML form (urlencoded, multipart, text/plain) reaches no handler.
 */
export function checkContentType(route: RouteDef, request: FastifyRequest): void {
  const header = request.headers['content-type'];
  if (!hasBody(request) && header === undefined) return;
  const media = (header ?? '').split(';')[0]!.trim().toLowerCase();
  const expected =
    MEDIA_TYPES[
      route.bodyType === 'multipart'
        ? 'multipart'
        : route.body
          ? (route.bodyType ?? 'json')
          : 'json'
    ];
  if (media !== expected) {
    throw new HttpError(415, `Unsupported content type: this call takes ${expected}`);
  }
}

/**
 * A call whose site is in its path also accepts `?siteId=` (spec part 1 §7: "calls carry a
 * siteId query parameter unless noted"); a value different from the path's is a 400. The check
 * runs before validation, so the routes' strict query schemas never see the extra parameter.
 */
function takeSiteIdQuery(route: RouteDef, request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (route.site === 'query' || !query || !('siteId' in query)) return;
  if (route.site === 'none' && declaresSiteId(route)) return;
  const given = query['siteId'];
  if (typeof given !== 'string' || !/^[1-9]\d{0,9}$/.test(given)) {
    throw new HttpError(400, 'siteId must be one positive whole number');
  }
  const path = (request.params as { id?: unknown }).id;
  if (route.site === 'param' && String(path) !== given) {
    throw new HttpError(
      400,
      `siteId ${given} does not match the site of the path (${String(path)})`,
    );
  }
  delete query['siteId'];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of the fields of `raw` that validation dropped (zod objects strip what they don't know). */
export function droppedFields(
  raw: unknown,
  parsed: unknown,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => droppedFields(item, parsed[index], [...path, index]));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.entries(raw).flatMap(([key, value]) =>
    Object.hasOwn(parsed, key)
      ? droppedFields(value, parsed[key], [...path, key])
      : [[...path, key]],
  );
}

const rawBodies = new WeakMap<FastifyRequest, unknown>();

function refuseDroppedFields(route: RouteDef, request: FastifyRequest): void {
  if (!route.refuseUnknownFields || !rawBodies.has(request)) return;
  const dropped = droppedFields(rawBodies.get(request), request.body);
  if (dropped.length === 0) return;
  const issues = dropped.map((path) => ({
    path: ['body', ...path],
    code: 'unrecognized_keys',
    message: `Unknown field ${path.join('.')}`,
  }));
  throw new HttpError(400, `Invalid request: ${issues[0]!.message}`, undefined, { issues });
}

function declaresSiteId(route: RouteDef): boolean {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'siteId' in shape;
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
    onRequest: async (request) => checkContentType(route, request),
    schema: {
      summary: route.summary,
      tags: [route.path.split('/')[1] ?? 'api'],
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      response: { 200: route.response, 202: route.response },
    },
    preValidation: async (request) => {
      takeSiteIdQuery(route, request);
      if (route.refuseUnknownFields) rawBodies.set(request, request.body);
      if (!route.auth) return;
      const user = await app.authenticate(request);
      if (!user) throw new HttpError(401, 'Authentication required');
      if (user.mustEnrolTwoFactor && !TWO_FACTOR_ENROLMENT_PATHS.includes(route.path)) {
        throw new HttpError(
          403,
          'Two-factor sign-in is required for your role: enrol in your profile first',
        );
      }
      if (!hasAccess(user.roles, route.roles)) throw forbidden();
    },
    preHandler: async (request) => {
      refuseDroppedFields(route, request);
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
