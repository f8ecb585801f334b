import type { FastifyInstance } from 'fastify';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import {
  acceptGateRoute,
  gateImageRoute,
  gateRunRoute,
  gateStatusRoute,
  startGateRoute,
} from '#contract/routes/visual-gate.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  acceptGate,
  describeRun,
  gateImage,
  gateRunOf,
  gateStatus,
  startGate,
} from '../../publishing/visual-gate/gate.ts';
import { assertConfigRole } from '../../configs/roles.ts';

/** configId / componentId for blocks and components (required), 0 for the one-per-site kinds. */
function keyOf(kind: ConfigKind, id: number | undefined): number {
  const keyed = (DEPLOY_KINDS as readonly string[]).includes(kind);
  if (keyed && id === undefined)
    throw new HttpError(400, `Invalid request: a ${kind} is named by its id (?id=)`);
  if (!keyed && id !== undefined)
    throw new HttpError(400, `Invalid request: the ${kind} config is one per site (no id)`);
  return id ?? 0;
}

/** The visual regression gate (server/publishing/visual-gate/README.md). */
export async function visualGateRoutes(app: FastifyInstance) {
  const db = app.database.db;

  // Each call also checks the generate role of the config kind (spec §6), as generate does.
  registerRoute(app, startGateRoute, async ({ params, query, user, reply }) => {
    assertConfigRole(user, params.kind, 'generate');
    const target = { siteId: query.siteId, kind: params.kind, key: keyOf(params.kind, query.id) };
    const { status, launched } = await startGate(db, app.env, app.jobs, target, user.login);
    reply.status(launched || status.run?.state === 'running' ? 202 : 200);
    return status;
  });

  registerRoute(app, gateStatusRoute, async ({ params, query, user }) => {
    assertConfigRole(user, params.kind, 'generate');
    return gateStatus(db, app.env, {
      siteId: query.siteId,
      kind: params.kind,
      key: keyOf(params.kind, query.id),
    });
  });

  registerRoute(app, gateRunRoute, async ({ params, query, user, reply }) => {
    const run = await gateRunOf(db, query.siteId, params.runId);
    assertConfigRole(user, run.kind as ConfigKind, 'generate');
    reply.status(run.state === 'running' ? 202 : 200);
    return describeRun(db, run);
  });

  registerRoute(app, gateImageRoute, async ({ params, query, user, reply }) => {
    const run = await gateRunOf(db, query.siteId, params.runId);
    assertConfigRole(user, run.kind as ConfigKind, 'generate');
    const png = await gateImage(db, query.siteId, params.runId, query.view, query.image);
    // Stored images never change: the browser may keep them for the session.
    reply.type('image/png').header('cache-control', 'private, max-age=86400');
    return reply.send(png) as never;
  });

  registerRoute(app, acceptGateRoute, async ({ params, query, user }) => {
    const run = await gateRunOf(db, query.siteId, params.runId);
    assertConfigRole(user, run.kind as ConfigKind, 'generate');
    return describeRun(db, await acceptGate(db, query.siteId, params.runId, user.login));
  });
}
