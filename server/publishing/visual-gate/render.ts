/**
 * Renders storefront widgets of two bundles (production and candidate) in headless Chromium,
 * on fixed data: every request of the page is answered from memory (the harness page, the
 * bundle, the `/public` API over the storefront's fixture catalog), nothing reaches the network;
 * the clock is fixed and advanced by hand, animations and transitions are off, fonts settled.
 */
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from 'playwright-core';
import { autocompleteParams } from '#contract/public/autocomplete.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';
import { searchParams } from '#contract/public/search.ts';
import type { GateCatalog } from './catalog-sample.ts';

/** A built bundle; null when the side has none (production before the first generate). */
export type GateBundle = { js: string; css: string } | null;

export type GateWidget = 'instant-search' | 'autocomplete' | 'block' | 'component';

export interface GateView {
  /** `instant-search@1280`, `block:12@768` … */
  id: string;
  widget: GateWidget;
  width: number;
  /** Block configId / component componentId (as the boot config names them). */
  target?: string;
  label?: string;
}

export const GATE_WIDTHS = [1280, 768] as const;
const VIEWPORT_HEIGHT = 800;
/** Longest screenshot (px): a page of results is shorter; a runaway template is cut here. */
const MAX_HEIGHT = 4000;
const ORIGIN = 'http://visual-gate.invalid';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
  // No network but what the router answers: WebRTC may not send UDP outside a proxy, the proxy
  // is a closed port (loopback included, which Chromium would otherwise bypass), names resolve
  // to nothing. A hook's fetch, WebSocket, beacon or peer connection reaches no host.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--dns-prefetch-disable',
];

/** Runs before any script of every frame: the page gets no WebRTC at all. */
const NO_WEBRTC = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel',
    'RTCSessionDescription', 'RTCIceCandidate'])
    try { delete window[name]; } catch (e) {}
})();`;

/** A view or run past its wall-clock budget. */
export class GateBudgetError extends Error {}

/** The Chromium to run: the setting, else CHROMIUM_PATH, else Debian's. */
export function chromiumPath(configured?: string): string {
  return configured ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Why the gate cannot render on this server, or null when it can. */
export function chromiumMissing(path: string): string | null {
  return existsSync(path)
    ? null
    : `Chromium was not found at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH; VISUAL_GATE=off switches the visual check off`;
}

/** Launches the browser; a failure is the reason the gate is unavailable. */
export async function launchGateBrowser(path: string): Promise<Browser> {
  return chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, headless: true });
}

/** The search parameters object of a query string (repeated names become arrays). */
function queryObject(url: URL): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const known = object[name];
    object[name] =
      known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return object;
}

async function publicAnswer(url: URL, { source }: GateCatalog): Promise<unknown> {
  const query = queryObject(url);
  switch (url.pathname) {
    case '/public/search':
      return source.search(searchParams.parse(query) as never);
    case '/public/autocomplete':
      return source.autocomplete(autocompleteParams.parse(query) as never);
    case '/public/recommendations':
      return source.recommendations(recommendationsParams.parse(query) as never);
    default:
      return null;
  }
}

const HARNESS_STYLE = `
html, body { margin: 0; background: #fff; color: #111; font-family: sans-serif; }
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
#gate-view { padding: 16px; }
#gate-form { position: relative; max-width: 640px; }
#gate-input { width: 100%; box-sizing: border-box; font: 16px sans-serif; padding: 8px; }
`;

/** What the harness does with the boot config: only the view's widget, at the harness's elements. */
function bootRewrite(view: GateView, { products }: GateCatalog): string {
  const product = products[0];
  const options = { product, products: products.slice(0, 8), productId: product?.id };
  return `window.__gateBoot = function (boot, config, script) {
  var view = ${JSON.stringify({ widget: view.widget, target: view.target ?? null })};
  config.mvt = [];
  config.tracking = { enabled: false };
  var is = config.instantSearch, ac = config.autocomplete;
  config.instantSearch = view.widget === 'instant-search' && is
    ? Object.assign({}, is, { queryParam: 'st', selectors: Object.assign({}, is.selectors, { container: '#gate-is', input: null }) })
    : null;
  config.autocomplete = view.widget === 'autocomplete' && ac
    ? Object.assign({}, ac, { selectors: Object.assign({}, ac.selectors, { input: '#gate-input', appendElem: null, submit: null, openButton: null }) })
    : null;
  config.recommendations = (config.recommendations || [])
    .filter(function (block) { return view.widget === 'block' && String(block.id) === view.target; })
    .map(function (block) {
      return Object.assign({}, block, {
        placement: '#gate-block', getWrapperContainer: undefined, insert: undefined,
        lazyLoadMarginDesktop: undefined, lazyLoadMarginMobile: undefined,
        settings: Object.assign({}, block.settings, { lazyLoad: false })
      });
    });
  var site = boot(config, script);
  if (view.widget === 'component')
    site.ready.then(function () {
      var component = (config.components || []).filter(function (c) { return String(c.id) === view.target; })[0];
      if (component) site.mountComponent(component.id, document.getElementById('gate-component'), ${JSON.stringify(options)});
    });
  return site;
};`;
}

function harnessPage(
  view: GateView,
  side: 'production' | 'candidate',
  hasBundle: boolean,
  catalog: GateCatalog,
): string {
  const assets = hasBundle ? `<link rel="stylesheet" href="/${side}/bundle.css">` : '';
  const script = hasBundle ? `<script src="/${side}/bundle.js"></script>` : '';
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>${HARNESS_STYLE}</style>${assets}</head>
<body><div id="gate-view">
${view.widget === 'autocomplete' ? '<form id="gate-form" onsubmit="return false"><input id="gate-input" name="st" autocomplete="off" aria-label="search"></form>' : ''}
${view.widget === 'instant-search' ? '<div id="gate-is"></div>' : ''}
${view.widget === 'block' ? '<div id="gate-block"></div>' : ''}
${view.widget === 'component' ? '<div id="gate-component"></div>' : ''}
</div>
<script>${bootRewrite(view, catalog)}</script>
${script}
</body></html>`;
}

/** The bundle's JS with its boot call routed through the harness's rewrite. */
function harnessScript(js: string): string {
  // The boot call is minified (`digi.site=digi.boot({…},document.currentScript);`): the last one.
  const calls = [...js.matchAll(/digi\.site\s*=\s*digi\.boot\(/g)];
  const call = calls.at(-1);
  if (!call) return js;
  const at = call.index;
  return `${js.slice(0, at)}digi.site=window.__gateBoot(digi.boot,${js.slice(at + call[0].length)}`;
}

async function serve(
  route: Route,
  view: GateView,
  side: 'production' | 'candidate',
  bundle: GateBundle,
  catalog: GateCatalog,
): Promise<void> {
  const url = new URL(route.request().url());
  if (url.origin !== ORIGIN) return route.abort('blockedbyclient');
  if (url.pathname === '/')
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: harnessPage(view, side, bundle !== null, catalog),
    });
  if (url.pathname === `/${side}/bundle.js` && bundle)
    return route.fulfill({
      contentType: 'text/javascript; charset=utf-8',
      body: harnessScript(bundle.js),
    });
  if (url.pathname === `/${side}/bundle.css` && bundle)
    return route.fulfill({ contentType: 'text/css; charset=utf-8', body: bundle.css });
  if (url.pathname.startsWith('/public/')) {
    if (route.request().method() !== 'GET') return route.fulfill({ status: 204, body: '' });
    try {
      const answer = await publicAnswer(url, catalog);
      if (answer === null) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify(answer) });
    } catch (error) {
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ status: 400, message: String(error) }),
      });
    }
  }
  return route.fulfill({ status: 404, body: '' });
}

/** Advances the fixed clock until the widget's DOM stops changing (its render delays elapse). */
async function settle(page: Page): Promise<void> {
  let last = '';
  let stable = 0;
  for (let step = 0; step < 30 && stable < 2; step += 1) {
    await page.clock.runFor(250);
    // Answers to the widget's requests come back on real time: let them land.
    await page.waitForTimeout(40);
    const html = await page.evaluate(() => document.body.innerHTML);
    stable = html === last ? stable + 1 : 0;
    last = html;
  }
  // Lazy pictures below the fold would never load in a screenshot: load them all, then wait
  // (bounded on the server's clock: the page's timers are frozen).
  const loaded = page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) => {
        if (image.loading === 'lazy') image.loading = 'eager';
        return image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            });
      }),
    );
  });
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
  await page.clock.runFor(250);
}

const debug = (view: GateView, step: string) => {
  if (process.env.GATE_DEBUG) console.log(`[gate] ${view.id} ${step}`);
};

async function screenshot(
  context: BrowserContext,
  view: GateView,
  side: 'production' | 'candidate',
  bundle: GateBundle,
  catalog: GateCatalog,
): Promise<Buffer> {
  await context.route('**/*', (route) => serve(route, view, side, bundle, catalog));
  // WebSockets bypass the router above: every one is closed without reaching a server.
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  await context.addInitScript(NO_WEBRTC);
  const page = await context.newPage();
  await page.clock.install({ time: new Date('2026-01-15T12:00:00Z') });
  const query = view.widget === 'instant-search' ? `?st=${encodeURIComponent(catalog.query)}` : '';
  debug(view, 'goto');
  await page.goto(`${ORIGIN}/${query}`, { waitUntil: 'load' });
  debug(view, 'settle');
  await settle(page);
  debug(view, 'settled');
  if (view.widget === 'autocomplete' && (await page.locator('#gate-input').count())) {
    await page.locator('#gate-input').focus();
    await page.locator('#gate-input').fill(catalog.query);
    await settle(page);
  }
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
  );
  debug(view, `screenshot ${height}`);
  return page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    clip: { x: 0, y: 0, width: view.width, height: Math.min(MAX_HEIGHT, Math.max(1, height)) },
    fullPage: true,
  });
}

export interface RenderLimits {
  /** The products the page's public calls answer from (the site's sample). */
  catalog: GateCatalog;
  /** Wall-clock budget of this screenshot (ms): past it the context is closed. */
  timeoutMs: number;
  /** Aborted when the run is cancelled or past its own budget. */
  signal?: AbortSignal;
}

/**
 * One screenshot of one side of a view (PNG), within a wall-clock budget: a page whose script
 * never yields (a hook looping for ever) cannot hold the caller, its browser context is closed
 * when the budget or the run's signal ends it.
 */
export async function renderView(
  browser: Browser,
  view: GateView,
  side: 'production' | 'candidate',
  bundle: GateBundle,
  limits: RenderLimits,
): Promise<Buffer> {
  limits.signal?.throwIfAborted();
  const context: BrowserContext = await browser.newContext({
    viewport: { width: view.width, height: VIEWPORT_HEIGHT },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'ru-RU',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new GateBudgetError(
            `The view ${view.id} (${side}) did not finish rendering within ${Math.round(limits.timeoutMs / 1000)} s: a hook or template of the widget may never finish`,
          ),
        ),
      limits.timeoutMs,
    );
    onAbort = () => reject(limits.signal?.reason ?? new Error('The visual check was stopped'));
    limits.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const work = screenshot(context, view, side, bundle, limits.catalog);
  // Once the budget ends it, the work fails as its context closes: nobody waits for that.
  work.catch(() => {});
  try {
    return await Promise.race([work, stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) limits.signal?.removeEventListener('abort', onAbort);
    // A renderer stuck in a loop may not answer: the caller closes the browser past this wait.
    await Promise.race([
      context.close().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 5000).unref()),
    ]);
  }
}
