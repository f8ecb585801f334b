import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewGuest, PreviewDataError, type PreviewGuest } from '#studio/bridge/guest.ts';
import { hostMessage, guestMessage, type GuestMessage } from '#studio/bridge/protocol.ts';

let frameWindow: Window;
let guest: PreviewGuest | undefined;
let sent: GuestMessage[];
let parent: Window;

beforeEach(() => {
  const iframe = document.body.appendChild(document.createElement('iframe'));
  frameWindow = iframe.contentWindow!;
  sent = [];
  // The frame's parent as jsdom gives it (the test's `window` may be a proxy of it).
  parent = frameWindow.parent;
  vi.spyOn(parent, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as GuestMessage);
  });
});
afterEach(() => {
  guest?.dispose();
  guest = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A message arriving at the frame from `source` (the studio is the frame's parent). */
function arrive(data: unknown, source: Window | null = parent): void {
  frameWindow.dispatchEvent(new MessageEvent('message', { data, source }));
}

describe('preview guest', () => {
  it('says ready to its parent', () => {
    guest = createPreviewGuest(frameWindow);
    guest.ready();
    expect(sent).toEqual([guestMessage('ready', {})]);
  });

  it('accepts only its parent, and only messages that parse', () => {
    guest = createPreviewGuest(frameWindow);
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

  it('turns data calls into requests and answers into results or errors', async () => {
    guest = createPreviewGuest(frameWindow);
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
    guest = createPreviewGuest(frameWindow);
    const controller = new AbortController();
    const pending = guest.request('search', { st: 'a' }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    arrive(hostMessage('data-response', { id: 1, ok: true, data: {} }));
    await expect(guest.request('search', {}, controller.signal)).rejects.toBeDefined();
  });
});
