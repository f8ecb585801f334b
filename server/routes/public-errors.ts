import type { FastifyInstance } from 'fastify';
import { publicBundleView, publicWidgetError } from '#contract/public/errors.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { registerPublicRoute } from '../platform/http/register-public-route.ts';
import { beaconScope } from './public-beacon.ts';
import { siteFor } from './public.ts';
import { countWidgetError } from '../publishing/rollout/errors.ts';
import { createViewSignal, networkOf } from '../publishing/rollout/views.ts';

/**
 * Widget render errors from the storefront runtime, the automatic rollback's first
 * signal: found by apiKey, CORS open, rate-limited per apiKey and address like the events. A
 * page first announces its view of the bundle and receives a view token; its error reports carry
 * the bundle's hash and that token and count once per page view (server/publishing/rollout/views.ts). Every
 * accepted report also lands in one row per site, minute and widget with the latest message.
 */
export async function publicErrorRoutes(app: FastifyInstance) {
  await beaconScope(app);
  const signal = createViewSignal(app.database.db);
  const { artifacts } = app.repos;
  const tooMany = () =>
    new HttpError(429, 'Too many storefront reports from this network: try again in a minute');

  registerPublicRoute(app, publicBundleView, async ({ body, request }) => {
    const siteId = await siteFor(app, body.apiKey);
    if (!(await artifacts.byHash(siteId, body.bundle)))
      throw new HttpError(400, 'No such bundle of this site');
    const network = networkOf(request.ip);
    if (!signal.mayView(siteId, network)) throw tooMany();
    return { view: await signal.view(siteId, body.bundle, network) };
  });

  registerPublicRoute(app, publicWidgetError, async ({ body: report, request, reply }) => {
    const siteId = await siteFor(app, report.apiKey);
    const network = networkOf(request.ip);
    if (!signal.mayReport(siteId, network)) throw tooMany();
    const verdict = await signal.report(siteId, report.bundle, report.view, network);
    if (verdict === 'invalid')
      throw new HttpError(400, 'The view token is not one this server gave for this bundle');
    if (verdict === 'counted') {
      const message = `${report.part ? `${report.part}: ` : ''}${report.message}`.slice(0, 500);
      await countWidgetError(app.database.db, siteId, { widget: report.widget, message });
    }
    return reply.status(204).send();
  });
}
