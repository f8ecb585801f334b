import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { Database } from './platform/db/client.ts';
import type { Env } from './platform/env.ts';
import { authPlugin, normalisedPath } from './plugins/app/auth.ts';
import { jobsPlugin, type JobsPluginOptions } from './plugins/app/jobs.ts';
import { mailPlugin } from './plugins/app/mail.ts';
import { repositoriesPlugin } from './plugins/app/repositories.ts';
import { errorsPlugin } from './platform/http/errors-plugin.ts';
import { uploadsPlugin } from './platform/uploads/plugin.ts';
import { inputGuardPlugin } from './platform/http/input-guard.ts';
import { artifactRoutes } from './routes/api/artifacts.ts';
import { authRoutes } from './routes/api/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { catalogLookupRoutes } from './routes/api/catalog-lookups.ts';
import { cdnRoutes } from './routes/cdn.ts';
import { configRoutes } from './routes/api/configs.ts';
import { visualGateRoutes } from './routes/api/visual-gate.ts';
import { demoRoutes, publicRoutes } from './routes/public.ts';
import { publicEventRoutes } from './routes/public-events.ts';
import { customReportRoutes } from './routes/api/custom-reports.ts';
import { jobRoutes } from './routes/api/jobs.ts';
import { reportRoutes } from './routes/api/reports.ts';
import { siteRoutes } from './routes/api/sites.ts';
import { userRoutes } from './routes/api/users.ts';
import { recsRoutes } from './routes/api/recs.ts';
import { mailRoutes } from './routes/api/mail.ts';
import { searchConfigRoutes } from './routes/api/search-config.ts';
import { scheduleRoutes } from './routes/api/schedules.ts';
import { feedRoutes } from './routes/api/feeds.ts';
import { dolyameRoutes } from './routes/api/dolyame.ts';
import { reviewRoutes } from './routes/api/reviews.ts';
import { publicIntegrationRoutes } from './routes/public-integrations.ts';
import { queryListRoutes } from './routes/api/query-lists.ts';
import { merchandisingRoutes } from './routes/api/merchandising.ts';
import { supportRoutes } from './routes/api/support.ts';
import { auditRoutes } from './routes/api/audit.ts';
import { rolloutRoutes } from './routes/api/rollout.ts';
import { publicErrorRoutes } from './routes/public-errors.ts';
import { rolloutPlugin } from './plugins/app/rollout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
  }
}

export interface AppOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Whether this process takes jobs from the queue, and how often it looks. */
  jobs?: Pick<
    JobsPluginOptions,
    'work' | 'pollingIntervalSeconds' | 'schedules' | 'cronIntervalSeconds'
  >;
  /** The built console to serve at `/` (default dist/app when it exists). */
  staticRoot?: string | false;
}

const BODY_LIMIT = 1024 * 1024;
/** Paths the server answers itself: never the console's index.html. */
const SERVER_PATHS = /^\/(api|public|cdn|demo)(\/|$)/;

// Contract refinements carry their English text in params.en (the console translates by i18nKey).
z.config({
  customError: (issue) => {
    const en: unknown = issue.code === 'custom' ? issue.params?.['en'] : undefined;
    return typeof en === 'string' ? en : undefined;
  },
});
const defaultStaticRoot = fileURLToPath(new URL('../dist/app', import.meta.url));

/**
 * The studio preview frame's page (studio/preview/studio-preview.html) runs merchant templates: as
 * a header its CSP also sandboxes the page when it is opened or framed without `sandbox`, and
 * only the console may frame it. The rest repeats the page's meta CSP.
 */
export const PREVIEW_PAGE_CSP =
  "sandbox allow-scripts; frame-ancestors 'self'; default-src 'none'; " +
  "script-src 'self' 'unsafe-eval'; style-src 'unsafe-inline'; img-src * data: blob:; " +
  "base-uri 'none'; form-action 'none'";

/**
 * The console's own pages: no site may frame them (clickjacking) and they load nothing from
 * elsewhere. The studio's preview page (above) and /cdn demo pages carry their own.
 */
export const CONSOLE_CSP =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** The JSON 404 of an unknown `/api/…` call, whatever its method. */
const noSuchCall = (request: FastifyRequest) => ({
  status: 404,
  message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
});

/** Builds the whole server; tests call it and `inject`, main.ts calls it and listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Forwarding headers only from the configured proxies (TRUST_PROXY): otherwise any client
    // could name its own address and slip past the per-address sign-in limit.
    trustProxy: options.env.TRUST_PROXY.length > 0 ? options.env.TRUST_PROXY : false,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', options.env);
  app.decorate('database', options.database);

  // external layer
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(uploadsPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Vitrina console API', version: '1' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });

  // application layer
  await app.register(repositoriesPlugin, { database: options.database });
  await app.register(authPlugin);
  await app.register(jobsPlugin, { database: options.database, ...options.jobs });
  await app.register(mailPlugin, { database: options.database });
  await app.register(rolloutPlugin);

  // routes
  await app.register(
    async (api) => {
      await api.register(swaggerUi, { routePrefix: '/docs' });
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(siteRoutes);
      await api.register(jobRoutes);
      await api.register(catalogRoutes);
      await api.register(catalogLookupRoutes);
      await api.register(configRoutes);
      await api.register(visualGateRoutes);
      await api.register(artifactRoutes);
      await api.register(reportRoutes);
      await api.register(customReportRoutes);
      await api.register(mailRoutes);
      await api.register(searchConfigRoutes);
      await api.register(merchandisingRoutes);
      await api.register(scheduleRoutes);
      await api.register(feedRoutes);
      await api.register(recsRoutes);
      await api.register(dolyameRoutes);
      await api.register(reviewRoutes);
      await api.register(queryListRoutes);
      await api.register(supportRoutes);
      await api.register(auditRoutes);
      await api.register(rolloutRoutes);
      api.setNotFoundHandler((request, reply) => reply.status(404).send(noSuchCall(request)));
      // The /public CORS plugin answers `OPTIONS *` for every path: the console's API has no
      // preflight (same origin only), so an OPTIONS here is an unknown call like any other.
      for (const url of ['/', '/*'])
        api.options(url, { schema: { hide: true } }, (request, reply) =>
          reply.status(404).send(noSuchCall(request)),
        );
    },
    { prefix: '/api' },
  );

  await app.register(publicRoutes);
  await app.register(publicEventRoutes);
  await app.register(publicErrorRoutes);
  await app.register(publicIntegrationRoutes);
  await app.register(demoRoutes);
  await app.register(cdnRoutes);

  const staticRoot =
    options.staticRoot ?? (existsSync(defaultStaticRoot) ? defaultStaticRoot : false);
  if (staticRoot) {
    const previewPage = join(resolve(staticRoot), 'studio-preview.html');
    const previewScripts = join(resolve(staticRoot), 'studio-preview') + sep;
    await app.register(fastifyStatic, {
      root: staticRoot,
      index: 'index.html',
      // Source maps stay on the build machine: the console's code is not published annotated.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, path) {
        if (path === previewPage) reply.header('content-security-policy', PREVIEW_PAGE_CSP);
        if (path === previewPage || path.startsWith(previewScripts))
          reply.header('x-content-type-options', 'nosniff');
        else reply.header('content-security-policy', CONSOLE_CSP).header('x-frame-options', 'DENY');
      },
    });
    // Client-side routes: any other GET that is not a file gets the console's index.html; the
    // API, public and CDN paths never do (a JSON 404 whatever the method).
    app.setNotFoundHandler((request, reply) => {
      const path = normalisedPath(request.url);
      if (request.method === 'GET' && !path.includes('.') && !SERVER_PATHS.test(path))
        return reply.sendFile('index.html');
      if (path === '/api' || path.startsWith('/api/'))
        return reply.status(404).send(noSuchCall(request));
      return reply.status(404).send({ status: 404, message: 'Not found' });
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ status: 404, message: 'Not found' }),
    );
  }

  return app;
}
