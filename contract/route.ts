import type * as z from 'zod';
import type { Role } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the console API. The server registers its routes from these entries
 * (validation, role guard, OpenAPI) and the console's client is typed from them.
 */
export interface RouteDef {
  method: HttpMethod;
  /** Path under `/api`, Fastify style (`/site/:id`). */
  path: string;
  summary: string;
  /** `false` for the calls made before signing in. */
  auth: boolean;
  /** Roles any one of which allows the call; empty: any signed-in user (see `hasAccess`). */
  roles: readonly Role[];
  /** Where the call names its site, which the user must be attached to: `?siteId=`, `:id`, or none. */
  site: 'query' | 'param' | 'none';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `form` for the Spring-style sign-in (application/x-www-form-urlencoded); `multipart` for the
   * file uploads (multipart/form-data, read by the handler with `receiveUpload`, no `body` schema).
   */
  bodyType?: 'json' | 'form' | 'multipart';
  /**
   * Refuse a body with fields the schema does not know, at any depth (400), instead of dropping
   * them: the config saves, where a dropped field is a setting silently lost.
   */
  refuseUnknownFields?: boolean;
  /**
   * A POST that changes nothing (a filtered list, a computed preview): the console shows no
   * success toast for it, and its 403 is a page load's (spec §2: to home), not a refused action.
   */
  reads?: true;
  response: z.ZodType;
}

/** Whether a call only reads: every GET, and the POSTs marked `reads`. */
export function isRead(route: Pick<RouteDef, 'method' | 'reads'>): boolean {
  return route.method === 'GET' || route.reads === true;
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteResponse<R extends RouteDef> = Out<R['response']>;
