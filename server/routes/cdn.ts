import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPreviewKey } from '../publishing/bundle/preview-key.ts';
import type { ArtifactSlot } from '../publishing/artifacts-repository.ts';
import { dolyameLoaderPart } from '../integrations/dolyame-chunk.ts';
import { createDolyameRepository } from '../integrations/dolyame.ts';
import { apiKeyOfSite } from '../sites/repository.ts';
import { demoProductPage } from '../demo/shop.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;
const SITE_ID = /^[1-9]\d{0,9}$/;
const FILE = /^([0-9a-f]{64})\.(js|css)$/;
const MERCHANT_PAGE = fileURLToPath(
  new URL('../../storefront/demo/merchant.html', import.meta.url),
);
/** The demo page's own product block (merchant.html), replaced by the catalog's product on ?product=. */
const DEMO_PRODUCT_NAME = 'Кроссовки беговые Vitrina Run';
const DEMO_PRODUCT_PRICE = '12 990 ₽';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rubles = (price: number) =>
  `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(price).replace(/\s/g, ' ')} ₽`;

/**
 * The demo page runs a site's integration scripts and templates on the console's own origin: the
 * sandbox gives it an opaque origin, so they can read no console cookie (XSRF) and call no
 * same-origin /api. Its loader and bundle come from /cdn and its data from /public, both CORS-open,
 * and the storefront already tolerates the cookie access a sandboxed frame refuses.
 */
const DEMO_PAGE_CSP = 'sandbox allow-scripts allow-forms';
/** The demo page's shopper session (the page itself can keep none: see demoPage). */
const DEMO_SESSION_COOKIE = 'vitrina_demo_session';

// Gzipped artifact files by `siteId/hash.kind`: immutable, so compressed once per process.
const GZIP_CACHE_LIMIT = 64;
const gzipped = new Map<string, Buffer>();
function gzipOf(key: string, text: string): Buffer {
  let buffer = gzipped.get(key);
  if (!buffer) {
    buffer = gzipSync(text, { level: 9 });
    if (gzipped.size >= GZIP_CACHE_LIMIT) gzipped.delete(gzipped.keys().next().value!);
    gzipped.set(key, buffer);
  }
  return buffer;
}

const acceptsGzip = (request: FastifyRequest): boolean =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

const notFound = (reply: FastifyReply, message: string) =>
  reply.status(404).send({ status: 404, message });

/** Whether the request's validator matches `etag` (then the answer is 304). */
function fresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * The stable loader a merchant page includes: it injects the CSS link and the content-hashed JS
 * of what the slot points at, from the origin the loader itself came from.
 */
function loaderScript(
  siteId: number,
  slot: ArtifactSlot,
  hash: string | null,
  fallbackOrigin: string,
): string {
  if (hash === null) {
    const message = `[digi] site ${siteId}: no storefront bundle has been generated for ${slot} yet`;
    return `console.warn(${JSON.stringify(message)});\n`;
  }
  const js = `/cdn/${siteId}/${hash}.js`;
  const css = `/cdn/${siteId}/${hash}.css`;
  return `(function () {
  var d = document, w = window, s = d.currentScript;
  if (w.__digiLoaded) return;
  w.__digiLoaded = ${JSON.stringify(hash)};
  var origin = s && s.src ? s.src : ${JSON.stringify(fallbackOrigin)};
  var link = d.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(${JSON.stringify(css)}, origin).href;
  (d.head || d.documentElement).appendChild(link);
  var script = d.createElement('script');
  script.src = new URL(${JSON.stringify(js)}, origin).href;
  script.async = false;
  (d.head || d.documentElement).appendChild(script);
})();
`;
}

/**
 * Generated storefront bundles (DESIGN.md "Server"): no session, CORS open.
 *   GET /cdn/{siteId}/{hash}.js|.css   immutable, content-addressed
 *   GET /cdn/{siteId}/digi.js          the production loader (revalidated on every load)
 *   GET /cdn/{siteId}/preview/{key}/digi.js    the preview slot's loader (key: preview-key.ts)
 *   GET /cdn/{siteId}/demo.html                a plain merchant page that includes only the loader
 *   GET /cdn/{siteId}/preview/{key}/demo.html  the same with the preview loader
 */
export async function cdnRoutes(app: FastifyInstance) {
  const { artifacts } = app.repos;
  const dolyame = createDolyameRepository(app.database.db);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/cdn/')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('x-content-type-options', 'nosniff');
    }
  });

  // Never the request's Host or X-Forwarded-Host (it was reflected into the loader).
  const configuredOrigin = app.env.CDN_ORIGIN ?? app.env.PUBLIC_ORIGIN;
  const originOf = (request: FastifyRequest) =>
    configuredOrigin ?? `${request.protocol}://${request.host}`;

  /** The site id of the path, once the preview key (when the slot needs one) matches. */
  async function siteOf(
    request: FastifyRequest<{ Params: { siteId: string; key?: string } }>,
    slot: ArtifactSlot,
  ): Promise<number | null> {
    if (!SITE_ID.test(request.params.siteId)) return null;
    const siteId = Number(request.params.siteId);
    if (slot === 'preview') {
      const key = request.params.key ?? '';
      if (!/^[0-9a-f]{32}$/.test(key) || !(await isPreviewKey(app.database.db, siteId, key)))
        return null;
    }
    return siteId;
  }

  const loader = (slot: ArtifactSlot) =>
    async function (
      request: FastifyRequest<{ Params: { siteId: string; key?: string } }>,
      reply: FastifyReply,
    ) {
      const siteId = await siteOf(request, slot);
      if (siteId === null) return notFound(reply, 'No such site');
      let text = loaderScript(
        siteId,
        slot,
        await artifacts.currentHash(siteId, slot),
        originOf(request),
      );
      // The Dolyame widget's own chunk, only for the sites that enable it.
      const apiKey = (await dolyame.widgetEnabled(siteId))
        ? await apiKeyOfSite(app.database.db, siteId)
        : null;
      if (apiKey) text += await dolyameLoaderPart(apiKey, originOf(request));
      const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag).type(TYPES.js);
      if (fresh(request, etag)) return reply.status(304).send();
      return reply.send(text);
    };

  app.get('/cdn/:siteId/digi.js', loader('production'));
  app.get('/cdn/:siteId/preview/:key/digi.js', loader('preview'));

  const demoPage = (slot: ArtifactSlot) =>
    async function (
      request: FastifyRequest<{ Params: { siteId: string; key?: string } }>,
      reply: FastifyReply,
    ) {
      const siteId = await siteOf(request, slot);
      if (siteId === null) return notFound(reply, 'No such site');
      // `?product=ID`: the page is that product's page (the runtime tracks its view and the
      // blocks recommend for it), as a merchant's product page marks itself.
      const product = (request.query as { product?: unknown }).product;
      // The sandbox leaves the page no cookie or storage of its own, so each page would be a
      // tracking session of its own: the server keeps the shopper's demo session in its own
      // cookie (30 minutes from the last page, as the storefront's) and names it on the page
      // (data-digi-session-id, which the runtime takes where it cannot read its cookie). Pages
      // viewed in a row are then one session, as on a merchant's site.
      const known = request.cookies[DEMO_SESSION_COOKIE];
      const session = known && /^[\w-]{1,64}$/.test(known) ? known : randomUUID();
      reply.setCookie(DEMO_SESSION_COOKIE, session, {
        path: `/cdn/${siteId}/`,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 30 * 60,
      });
      const productId =
        typeof product === 'string' && /^[\w.-]{1,200}$/.test(product) ? product : null;
      const main = productId
        ? `<main data-digi-session-id="${session}" data-digi-product-id="${productId}">\n      <h2>Товар ${productId}</h2>`
        : `<main data-digi-session-id="${session}">`;
      // A product page also has the product block's place (#product-recommendations), right
      // under the product: the blocks placed there show on product pages only.
      const results = '<section id="search-results"';
      const productBlock = productId
        ? `<section id="product-recommendations" aria-label="Рекомендации к товару"></section>\n      ${results}`
        : results;
      // The product block shows that product when the catalog has it (its name and price).
      const shown = productId ? await demoProductPage(app.database.db, siteId, productId) : null;
      const page = readFileSync(MERCHANT_PAGE, 'utf8')
        .replace(DEMO_PRODUCT_NAME, shown ? escapeHtml(shown.name) : DEMO_PRODUCT_NAME)
        .replace(DEMO_PRODUCT_PRICE, shown ? rubles(shown.price) : DEMO_PRODUCT_PRICE)
        .replaceAll('__SITE_ID__', String(siteId))
        .replace('<main>', main)
        .replace(results, productBlock)
        .replace(
          '/digi.js"',
          slot === 'preview' ? `/preview/${request.params.key}/digi.js"` : '/digi.js"',
        );
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', DEMO_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(page);
    };
  app.get('/cdn/:siteId/demo.html', demoPage('production'));
  app.get('/cdn/:siteId/preview/:key/demo.html', demoPage('preview'));

  app.get<{ Params: { siteId: string; file: string } }>(
    '/cdn/:siteId/:file',
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      if (!SITE_ID.test(request.params.siteId) || !match) return notFound(reply, 'Not found');
      const [, hash, kind] = match as unknown as [string, string, 'js' | 'css'];
      const artifact = await artifacts.byHash(Number(request.params.siteId), hash);
      if (!artifact) return notFound(reply, 'No such artifact');
      const gzip = acceptsGzip(request);
      const etag = `"${hash}.${kind}${gzip ? '.gz' : ''}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      if (fresh(request, etag)) return reply.status(304).send();
      const text = kind === 'js' ? artifact.js : artifact.css;
      reply.type(TYPES[kind]);
      if (!gzip) return reply.send(text);
      const key = `${request.params.siteId}/${hash}.${kind}`;
      return reply.header('content-encoding', 'gzip').send(gzipOf(key, text));
    },
  );
}
