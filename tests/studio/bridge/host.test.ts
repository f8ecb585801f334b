import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewHost, type PreviewHost } from '#studio/bridge/host.ts';
import { hostMessage, guestMessage, type HostMessage } from '#studio/bridge/protocol.ts';

let iframe: HTMLIFrameElement;
let host: PreviewHost | undefined;
let sent: HostMessage[];

beforeEach(() => {
  iframe = document.body.appendChild(document.createElement('iframe'));
  sent = [];
  vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as HostMessage);
  });
});
afterEach(() => {
  host?.dispose();
  host = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A message arriving at the studio's window from `source`. */
function arrive(data: unknown, source: Window | null = iframe.contentWindow): void {
  window.dispatchEvent(new MessageEvent('message', { data, source }));
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preview host', () => {
  it('buffers messages until the guest says ready, then sends them in order', () => {
    host = createPreviewHost(iframe);
    host.send('css', { css: 'a{}', seq: 1 });
    host.send('query', { query: 'платье' });
    expect(sent).toEqual([]);
    expect(host.isReady()).toBe(false);
    arrive(guestMessage('ready', {}));
    expect(host.isReady()).toBe(true);
    expect(sent.map((m) => m.type)).toEqual(['css', 'query']);
    host.send('viewport', { viewport: 'mobile' });
    expect(sent.at(-1)).toMatchObject({ type: 'viewport', payload: { viewport: 'mobile' } });
  });

  it('calls the ready handlers before flushing the buffer (they send a fresh init)', () => {
    host = createPreviewHost(iframe);
    host.send('css', { css: 'old', seq: 1 });
    host.on('ready', () => host!.send('css', { css: 'new', seq: 2 }));
    arrive(guestMessage('ready', {}));
    expect(sent.map((m) => (m.payload as { css: string }).css)).toEqual(['new', 'old']);
  });

  it('ignores messages from any other window, and ones that do not parse', () => {
    host = createPreviewHost(iframe);
    const rendered = vi.fn();
    host.on('rendered', rendered);
    const other = document.body.appendChild(document.createElement('iframe'));
    arrive(guestMessage('ready', {}), other.contentWindow);
    arrive(guestMessage('ready', {}), window);
    arrive(guestMessage('ready', {}), null);
    expect(host.isReady()).toBe(false);
    arrive({ type: 'ready' });
    arrive({
      ...guestMessage('rendered', { part: 'productItem', ms: 1, count: 1, seq: 1 }),
      payload: { ms: 'fast' },
    });
    expect(host.isReady()).toBe(false);
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
    arrive(guestMessage('ready', {}));
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

  it('stops listening and drops its buffer when disposed', () => {
    host = createPreviewHost(iframe);
    const ready = vi.fn();
    host.on('ready', ready);
    host.send('css', { css: '', seq: 1 });
    host.dispose();
    arrive(guestMessage('ready', {}));
    expect(ready).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
