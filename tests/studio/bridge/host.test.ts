import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewHost, type PreviewHost } from '#studio/bridge/host.ts';
import { hostMessage, guestMessage, type HostMessage } from '#studio/bridge/protocol.ts';

let iframe: HTMLIFrameElement;
let host: PreviewHost | undefined;
let sent: HostMessage[];

beforeEach(async () => {
  iframe = document.body.appendChild(document.createElement('iframe'));
  // jsdom fires the about:blank load of a new frame: let it pass before the host listens.
  await new Promise((resolve) => setTimeout(resolve, 20));
  sent = [];
  // One frame window throughout, as in a browser (jsdom swaps it when `src` is set).
  const frameWindow = iframe.contentWindow!;
  vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as HostMessage);
  });
  Object.defineProperty(iframe, 'contentWindow', { value: frameWindow, configurable: true });
});
afterEach(() => {
  host?.dispose();
  host = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A message arriving at the studio's window from `source` (the sandboxed frame: origin 'null'). */
function arrive(
  data: unknown,
  source: Window | null = iframe.contentWindow,
  origin = 'null',
): void {
  window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
}
/** The frame's document finished loading (the guest's own page, or one it navigated to). */
const load = () => iframe.dispatchEvent(new Event('load'));
/** The guest's page loaded and said ready. */
function open(): void {
  load();
  arrive(guestMessage('ready', {}));
}
const INIT = {
  widget: 'instant-search' as const,
  settings: {},
  templates: {},
  css: '',
  viewport: 'desktop' as const,
  seq: 1,
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preview host', () => {
  it('buffers messages until the guest says ready, then sends them in order', () => {
    host = createPreviewHost(iframe);
    host.send('css', { css: 'a{}', seq: 1 });
    host.send('query', { query: 'платье' });
    expect(sent).toEqual([]);
    expect(host.isReady()).toBe(false);
    open();
    expect(host.isReady()).toBe(true);
    expect(sent.map((m) => m.type)).toEqual(['css', 'query']);
    host.send('viewport', { viewport: 'mobile' });
    expect(sent.at(-1)).toMatchObject({ type: 'viewport', payload: { viewport: 'mobile' } });
  });

  it('calls the ready handlers before flushing the buffer (they send a fresh init)', () => {
    host = createPreviewHost(iframe);
    host.send('css', { css: 'old', seq: 1 });
    host.on('ready', () => host!.send('css', { css: 'new', seq: 2 }));
    open();
    expect(sent.map((m) => (m.payload as { css: string }).css)).toEqual(['new', 'old']);
  });

  it('ignores messages from any other window, and ones that do not parse', () => {
    host = createPreviewHost(iframe);
    const rendered = vi.fn();
    host.on('rendered', rendered);
    load();
    const other = document.body.appendChild(document.createElement('iframe'));
    arrive(guestMessage('ready', {}), other.contentWindow);
    arrive(guestMessage('ready', {}), window);
    arrive(guestMessage('ready', {}), null);
    arrive({ type: 'ready' });
    expect(host.isReady()).toBe(false);
    arrive(guestMessage('ready', {}));
    expect(host.isReady()).toBe(true);
    arrive({
      ...guestMessage('rendered', { part: 'productItem', ms: 1, count: 1, seq: 1 }),
      payload: { ms: 'fast' },
    });
    expect(rendered).not.toHaveBeenCalled();
    arrive(guestMessage('rendered', { part: 'productItem', ms: 2, count: 1, seq: 1 }));
    expect(rendered).toHaveBeenCalledWith({ part: 'productItem', ms: 2, count: 1, seq: 1 });
  });

  it('answers data requests through its source and reports failures', async () => {
    const search = vi.fn().mockResolvedValue({ total: 1, products: [] });
    const failing = Object.assign(new Error('Unknown apiKey'), { status: 401 });
    const autocomplete = vi.fn().mockRejectedValue(failing);
    host = createPreviewHost(iframe, {
      source: { search, autocomplete, recommendations: vi.fn() },
    });
    open();
    arrive(
      guestMessage('data-request', { id: 7, call: 'search', params: { st: 'куртка', size: 5 } }),
    );
    arrive(guestMessage('data-request', { id: 8, call: 'autocomplete', params: { st: 'ку' } }));
    await flush();
    expect(search).toHaveBeenCalledWith({ st: 'куртка', size: 5 }, expect.any(AbortSignal));
    expect(sent).toContainEqual(
      hostMessage('data-response', { id: 7, ok: true, data: { total: 1, products: [] } }),
    );
    expect(sent).toContainEqual(
      hostMessage('data-response', { id: 8, ok: false, status: 401, message: 'Unknown apiKey' }),
    );
  });

  it("sends the frame's widget events under the console's preview strategy, and only with one", async () => {
    const trackWidget = vi.fn().mockResolvedValue(undefined);
    const source = {
      apiKey: 'site-key',
      trackWidget,
      search: vi.fn(),
      autocomplete: vi.fn(),
      recommendations: vi.fn(),
    };
    host = createPreviewHost(iframe, { source, trackAs: 'dashboard_user' });
    open();
    const view = {
      eventType: 'WIDGET_VIEW' as const,
      widgetType: 'RECOMMENDATIONS',
      viewGUID: 'v1',
      sessionId: 's1',
      userGUID: 'u1',
      pageProducts: ['p1', 'p2'],
      pageNumber: 1,
      mvtGroups: [],
    };
    arrive(guestMessage('track', view));
    arrive(
      guestMessage('track', { ...view, eventType: 'WIDGET_CLICK', productId: 'p2', position: 1 }),
    );
    // A frame cannot choose the strategy or the key: the fields are not in the message.
    arrive({ ...guestMessage('track', view), payload: { ...view, strategy: 'popular' } });
    await flush();
    expect(trackWidget.mock.calls.map(([event]) => event)).toEqual([
      {
        ...view,
        apiKey: 'site-key',
        strategy: 'dashboard_user',
        referer: document.referrer,
        location: window.location.href,
      },
      expect.objectContaining({
        eventType: 'WIDGET_CLICK',
        productId: 'p2',
        position: 1,
        strategy: 'dashboard_user',
      }),
    ]);
    host.dispose();
    // Without a strategy (a preview outside the console's screens) nothing is sent.
    trackWidget.mockClear();
    host = createPreviewHost(iframe, { source });
    open();
    arrive(guestMessage('track', view));
    await flush();
    expect(trackWidget).not.toHaveBeenCalled();
  });

  it("accepts the frame's window only with the sandbox's opaque origin", () => {
    host = createPreviewHost(iframe);
    const rendered = vi.fn();
    host.on('rendered', rendered);
    load();
    // The frame's window at a real origin: the frame is not sandboxed (or not ours).
    arrive(guestMessage('ready', {}), iframe.contentWindow, window.location.origin);
    arrive(guestMessage('ready', {}), iframe.contentWindow, 'https://evil.example');
    arrive(guestMessage('ready', {}), iframe.contentWindow, '');
    expect(host.isReady()).toBe(false);
    arrive(guestMessage('ready', {}), iframe.contentWindow, 'null');
    expect(host.isReady()).toBe(true);
    const rendering = guestMessage('rendered', { part: 'productItem', ms: 2, count: 1, seq: 1 });
    arrive(rendering, iframe.contentWindow, window.location.origin);
    expect(rendered).not.toHaveBeenCalled();
    arrive(rendering);
    expect(rendered).toHaveBeenCalledOnce();
  });

  it('opens the channel once the page both loaded and said ready, in either order', () => {
    host = createPreviewHost(iframe);
    arrive(guestMessage('ready', {}));
    expect(host.isReady()).toBe(false);
    load();
    expect(host.isReady()).toBe(true);
  });

  it('reloads its page when the frame navigates away, and sends nothing until it is back', () => {
    iframe.setAttribute('src', '/studio-preview.html');
    const srcSets: string[] = [];
    new MutationObserver((records) => {
      for (const _ of records) srcSets.push(String(iframe.getAttribute('src')));
    }).observe(iframe, { attributes: true, attributeFilter: ['src'] });
    host = createPreviewHost(iframe);
    const readies = vi.fn(() => host!.send('init', INIT));
    host.on('ready', readies);
    open();
    expect(readies).toHaveBeenCalledOnce();
    host.send('css', { css: 'a{}', seq: 1 });
    expect(sent.map((m) => m.type)).toEqual(['init', 'css']);

    // A template link (or meta refresh) loads another page into the frame.
    load();
    expect(host.isReady()).toBe(false);
    host.send('css', { css: 'secret edit', seq: 2 });
    // The foreign page, opaque too, pretends to be the guest: still nothing goes out.
    arrive(guestMessage('ready', {}));
    arrive(guestMessage('data-request', { id: 1, call: 'search', params: {} }));
    expect(host.isReady()).toBe(false);
    expect(sent.map((m) => m.type)).toEqual(['init', 'css']);
    return Promise.resolve().then(() => {
      // The host put its own page back (creation, then the navigation).
      expect(srcSets).toEqual(['/studio-preview.html', '/studio-preview.html']);
      // Its page says ready and loads: a fresh init, then what was sent meanwhile.
      arrive(guestMessage('ready', {}));
      expect(host!.isReady()).toBe(false);
      load();
      expect(host!.isReady()).toBe(true);
      expect(readies).toHaveBeenCalledTimes(2);
      expect(sent.map((m) => m.type)).toEqual(['init', 'css', 'init', 'css']);
      expect(sent.at(-1)?.payload).toEqual({ css: 'secret edit', seq: 2 });
    });
  });

  it('stops sending at once when the guest says bye, until its page is back', async () => {
    iframe.setAttribute('src', '/studio-preview.html');
    const srcSets: string[] = [];
    new MutationObserver((records) => {
      for (const _ of records) srcSets.push(String(iframe.getAttribute('src')));
    }).observe(iframe, { attributes: true, attributeFilter: ['src'] });
    host = createPreviewHost(iframe);
    const readies = vi.fn(() => host!.send('init', INIT));
    host.on('ready', readies);
    open();
    expect(sent.map((m) => m.type)).toEqual(['init']);

    // The guest's document is leaving (a navigation commits before the frame's `load`).
    arrive(guestMessage('bye', {}));
    expect(host.isReady()).toBe(false);
    host.send('templates', { templates: { productItem: 'fixed' }, seq: 2 });
    // The page that replaced it says ready before its `load`: ignored, nothing goes out.
    arrive(guestMessage('ready', {}));
    arrive(guestMessage('data-request', { id: 1, call: 'search', params: {} }));
    expect(host.isReady()).toBe(false);
    expect(sent.map((m) => m.type)).toEqual(['init']);
    await flush();
    expect(sent.map((m) => m.type)).toEqual(['init']);
    expect(readies).toHaveBeenCalledOnce();

    // Its `load` makes the host put its own page back; that page opens the channel afresh.
    load();
    expect(host.isReady()).toBe(false);
    expect(srcSets).toEqual(['/studio-preview.html']);
    await flush();
    expect(srcSets).toEqual(['/studio-preview.html', '/studio-preview.html']);
    open();
    expect(host.isReady()).toBe(true);
    expect(readies).toHaveBeenCalledTimes(2);
    expect(sent.map((m) => m.type)).toEqual(['init', 'init']);
  });

  it('ignores the bye of the page its own reload replaces, and byes from other windows', () => {
    host = createPreviewHost(iframe);
    // Right after creation the host reloaded the frame: the old page's bye means nothing.
    arrive(guestMessage('bye', {}));
    open();
    expect(host.isReady()).toBe(true);
    arrive(guestMessage('bye', {}), window);
    arrive(guestMessage('bye', {}), iframe.contentWindow, 'https://evil.example');
    expect(host.isReady()).toBe(true);
    host.send('css', { css: 'a{}', seq: 1 });
    expect(sent.map((m) => m.type)).toEqual(['css']);
  });

  it('treats a second ready on an open channel as a new document and reloads', () => {
    iframe.setAttribute('src', '/studio-preview.html');
    host = createPreviewHost(iframe);
    const readies = vi.fn();
    host.on('ready', readies);
    open();
    arrive(guestMessage('ready', {}));
    expect(host.isReady()).toBe(false);
    expect(readies).toHaveBeenCalledOnce();
    host.send('css', { css: 'edit', seq: 1 });
    expect(sent).toEqual([]);
    open();
    expect(readies).toHaveBeenCalledTimes(2);
  });

  it('aborts data calls of a document that navigated away and never answers it', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn(
      (_params: unknown, signal?: AbortSignal) =>
        new Promise<never>((resolve) => {
          if (signal) signals.push(signal);
          setTimeout(() => resolve({ total: 1 } as never), 5);
        }),
    );
    host = createPreviewHost(iframe, {
      source: { search, autocomplete: vi.fn(), recommendations: vi.fn() },
    });
    open();
    arrive(guestMessage('data-request', { id: 3, call: 'search', params: { st: 'a' } }));
    load();
    expect(signals[0]?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([]);
  });

  it('stops listening and drops its buffer when disposed', () => {
    host = createPreviewHost(iframe);
    const ready = vi.fn();
    host.on('ready', ready);
    host.send('css', { css: '', seq: 1 });
    host.dispose();
    open();
    expect(ready).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
