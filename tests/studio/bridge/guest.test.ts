import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewGuest, PreviewDataError, type PreviewGuest } from '#studio/bridge/guest.ts';
import { hostMessage, guestMessage, type GuestMessage } from '#studio/bridge/protocol.ts';

let frameWindow: Window;
let guest: PreviewGuest | undefined;
let sent: GuestMessage[];
let parent: Window;
let targets: string[];
const STUDIO = 'https://console.example';

beforeEach(() => {
  const iframe = document.body.appendChild(document.createElement('iframe'));
  frameWindow = iframe.contentWindow!;
  sent = [];
  targets = [];
  // The frame's parent as jsdom gives it (the test's `window` may be a proxy of it).
  parent = frameWindow.parent;
  vi.spyOn(parent, 'postMessage').mockImplementation((message: unknown, target?: unknown) => {
    sent.push(message as GuestMessage);
    targets.push(String(target));
  });
});
afterEach(() => {
  guest?.dispose();
  guest = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A message arriving at the frame from `source` (the studio is the frame's parent). */
function arrive(data: unknown, source: Window | null = parent, origin = STUDIO): void {
  frameWindow.dispatchEvent(new MessageEvent('message', { data, source, origin }));
}

describe('preview guest', () => {
  it('says ready to its parent, only at the studio origin', () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    guest.ready();
    expect(sent).toEqual([guestMessage('ready', {})]);
    expect(targets).toEqual([STUDIO]);
  });

  it('accepts its parent only from the origin the frame was served from', () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    const onCss = vi.fn();
    guest.on('css', onCss);
    // A foreign page that frames the preview page is the parent too, at its own origin.
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), parent, 'https://evil.example');
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), parent, 'null');
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), parent, '');
    expect(onCss).not.toHaveBeenCalled();
    arrive(hostMessage('css', { css: 'b{}', seq: 2 }), parent, STUDIO);
    expect(onCss).toHaveBeenCalledOnce();
    expect(onCss).toHaveBeenCalledWith({ css: 'b{}', seq: 2 });
  });

  it("takes the studio origin from the frame's URL; a frame without one talks to nobody", () => {
    // jsdom's frame is about:blank: its URL has no origin ('null'), which must never match.
    expect(frameWindow.location.href).toBe('about:blank');
    guest = createPreviewGuest(frameWindow);
    const onCss = vi.fn();
    guest.on('css', onCss);
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), parent, 'null');
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), parent, window.location.origin);
    guest.ready();
    expect(onCss).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('accepts only its parent, and only messages that parse', () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    const onCss = vi.fn();
    guest.on('css', onCss);
    const sibling = document.body.appendChild(document.createElement('iframe'));
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), sibling.contentWindow);
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), frameWindow);
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }), null);
    arrive({ type: 'css', css: 'a{}' });
    expect(onCss).not.toHaveBeenCalled();
    arrive(hostMessage('css', { css: 'a{}', seq: 1 }));
    expect(onCss).toHaveBeenCalledWith({ css: 'a{}', seq: 1 });
  });

  it("defaults the studio origin to the origin of the frame document's URL", () => {
    // A stand-in frame window served from the console (jsdom frames are about:blank).
    const studioParent = { postMessage: vi.fn() };
    const frame = Object.assign(new EventTarget(), {
      location: { href: 'https://console.example/studio-preview.html?x=1' },
      parent: studioParent,
    });
    guest = createPreviewGuest(frame as unknown as Window);
    const onCss = vi.fn();
    guest.on('css', onCss);
    const from = (origin: string) =>
      frame.dispatchEvent(
        new MessageEvent('message', {
          data: hostMessage('css', { css: 'a{}', seq: 1 }),
          source: studioParent as unknown as Window,
          origin,
        }),
      );
    from('https://evil.example');
    expect(onCss).not.toHaveBeenCalled();
    from(STUDIO);
    expect(onCss).toHaveBeenCalledOnce();
    guest.ready();
    expect(studioParent.postMessage).toHaveBeenCalledWith(guestMessage('ready', {}), STUDIO);
  });

  it('turns data calls into requests and answers into results or errors', async () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    const found = guest.request('search', { st: 'куртка', size: 5, regionId: undefined });
    const failed = guest.request('autocomplete', { st: 'ку' });
    expect(sent).toEqual([
      guestMessage('data-request', { id: 1, call: 'search', params: { st: 'куртка', size: 5 } }),
      guestMessage('data-request', { id: 2, call: 'autocomplete', params: { st: 'ку' } }),
    ]);
    arrive(
      hostMessage('data-response', { id: 2, ok: false, status: 401, message: 'Unknown apiKey' }),
    );
    arrive(hostMessage('data-response', { id: 1, ok: true, data: { total: 3 } }));
    await expect(found).resolves.toEqual({ total: 3 });
    const error = await failed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreviewDataError);
    expect(error).toMatchObject({ status: 401, message: 'Unknown apiKey' });
  });

  it('rejects an aborted request and ignores its late answer', async () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    const controller = new AbortController();
    const pending = guest.request('search', { st: 'a' }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    arrive(hostMessage('data-response', { id: 1, ok: true, data: {} }));
    await expect(guest.request('search', {}, controller.signal)).rejects.toBeDefined();
  });

  it('says bye once when its page goes away, and not after dispose', () => {
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    frameWindow.dispatchEvent(new Event('beforeunload'));
    frameWindow.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([guestMessage('bye', {})]);
    expect(targets).toEqual([STUDIO]);
    guest.dispose();
    guest = createPreviewGuest(frameWindow, { studioOrigin: STUDIO });
    guest.dispose();
    frameWindow.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
  });
});
