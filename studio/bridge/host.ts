/**
 * The studio side of the preview channel. Messages sent before the guest is ready wait in a
 * buffer; a message from the frame is accepted only when it comes from the frame's own window,
 * with the sandbox's opaque origin ('null'), and parses (protocol.ts).
 *
 * The channel opens once the frame's document has both said `ready` and fired its `load` (in
 * either order). A template can navigate the frame away (a link, `<meta http-equiv=refresh>`):
 * the frame window stays the same object, so a further `load` or `ready` on an open channel means
 * another document took the frame. The host then closes the channel (buffering again, aborting
 * data calls) and loads the frame's page anew; the `ready` handlers re-init it. The host does this
 * once at creation too, so it never misses the first document's `load`.
 */
import type { PreviewTrackingStrategy } from '#contract/public/tracking.ts';
import type { DataSource } from '#storefront/runtime/data-source.ts';
import {
  envelope,
  parseGuestMessage,
  type DataCall,
  type GuestMessageType,
  type GuestPayloads,
  type HostMessageType,
  type HostPayloads,
} from './protocol.ts';

export interface PreviewHostOptions {
  /**
   * Answers the guest's `data-request`s (the site's catalog through the public API, e.g.
   * `createApiClient({baseUrl, apiKey})`). Without it the guest's requests fail.
   */
  source?: Pick<DataSource, DataCall> & Partial<Pick<DataSource, 'apiKey' | 'trackWidget'>>;
  /**
   * The strategy the frame's widget events are sent under, through the source's `trackWidget`
   * (spec part 1 §7: 'dashboard_user' or 'dashboard_digi'). Without it they are dropped.
   */
  trackAs?: PreviewTrackingStrategy;
  /** The window to listen on. @default the iframe's owner window */
  window?: Window;
}

export interface PreviewHost {
  /** Sends now when the guest is ready, else buffers (in order) until it is. */
  send<T extends HostMessageType>(type: T, payload: HostPayloads[T]): void;
  /** Subscribes to a guest message type; returns the unsubscribe. */
  on<T extends GuestMessageType>(type: T, handler: (payload: GuestPayloads[T]) => void): () => void;
  isReady(): boolean;
  /** Replaces the data source (the site or its apiKey changed). */
  setSource(source: PreviewHostOptions['source']): void;
  dispose(): void;
}

type Handler = (payload: never) => void;

export function createPreviewHost(
  iframe: HTMLIFrameElement,
  options: PreviewHostOptions = {},
): PreviewHost {
  const win = options.window ?? iframe.ownerDocument.defaultView ?? window;
  let source = options.source;
  let ready = false;
  let buffer: Array<{ type: HostMessageType; payload: unknown }> = [];
  const handlers = new Map<GuestMessageType, Set<Handler>>();
  const pending = new Map<number, AbortController>();
  // What the frame's current document did: said `ready`, fired `load`.
  let said = false;
  let loaded = false;
  // The guest said `bye`: its document is leaving, the next one in the frame is not ours.
  let gone = false;

  function post(type: HostMessageType, payload: unknown): void {
    // '*' only because the sandboxed frame's origin is opaque: no target origin string matches
    // it. Nothing secret crosses the channel (the apiKey stays here), and a document that is not
    // our guest is detected by its `load`/`ready` and the channel closed (see reload()).
    iframe.contentWindow?.postMessage(
      envelope<Record<string, unknown>, string>(type, payload),
      '*',
    );
  }

  /** Closes the channel and loads the frame's own page again (the `src` attribute). */
  function reload(navigate = true): void {
    ready = false;
    said = false;
    loaded = false;
    gone = false;
    buffer = [];
    for (const controller of pending.values()) controller.abort();
    pending.clear();
    const src = iframe.getAttribute('src');
    if (src !== null || navigate) iframe.setAttribute('src', src ?? 'about:blank');
  }

  function open(): void {
    ready = true;
    const queued = buffer;
    buffer = [];
    emit('ready', {});
    for (const { type, payload } of queued) post(type, payload);
  }

  /**
   * The guest's document is leaving: nothing more is posted (a navigation can commit before the
   * frame's `load`, and a post with '*' would reach the new document). Edits buffer; `ready`
   * messages are ignored until the replacing document's `load`, which reloads the guest's page.
   */
  function leave(): void {
    ready = false;
    said = false;
    gone = true;
    for (const controller of pending.values()) controller.abort();
    pending.clear();
  }

  function onLoad(): void {
    if (loaded || gone) {
      reload(false);
      return;
    }
    loaded = true;
    if (said) open();
  }

  function emit<T extends GuestMessageType>(type: T, payload: GuestPayloads[T]): void {
    for (const handler of handlers.get(type) ?? [])
      (handler as (p: GuestPayloads[T]) => void)(payload);
  }

  async function answer(request: GuestPayloads['data-request']): Promise<void> {
    if (source === undefined) {
      post('data-response', { id: request.id, ok: false, message: 'no data source' });
      return;
    }
    const controller = new AbortController();
    pending.set(request.id, controller);
    try {
      const call = source[request.call] as (p: unknown, s: AbortSignal) => Promise<unknown>;
      const data = await call.call(source, request.params, controller.signal);
      if (!controller.signal.aborted) post('data-response', { id: request.id, ok: true, data });
    } catch (error) {
      if (controller.signal.aborted) return;
      const status =
        typeof error === 'object' && error !== null && 'status' in error
          ? Number((error as { status: unknown }).status)
          : undefined;
      post('data-response', {
        id: request.id,
        ok: false,
        ...(Number.isInteger(status) ? { status } : {}),
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      pending.delete(request.id);
    }
  }

  /** Sends the frame's widget event with what only the console has; failures are swallowed. */
  function track(event: GuestPayloads['track']): void {
    if (!options.trackAs || !source?.trackWidget || !source.apiKey) return;
    source
      .trackWidget({
        ...event,
        apiKey: source.apiKey,
        strategy: options.trackAs,
        referer: win.document.referrer,
        location: win.location.href,
      })
      .catch(() => undefined);
  }

  function onMessage(event: MessageEvent): void {
    // Only the frame's own window, sandboxed (opaque origin); any other window is ignored.
    if (event.source === null || event.source !== iframe.contentWindow) return;
    if (event.origin !== 'null') return;
    const message = parseGuestMessage(event.data);
    if (message === null) return;
    if (message.type === 'bye') {
      // Only the document the host talks to (or is about to): after reload() the old page's
      // `bye` is expected and means nothing.
      if (said || loaded) leave();
      return;
    }
    if (gone) return;
    if (message.type === 'ready') {
      // Before `load`, a `ready` may come from the page a reload is replacing: the guest's own
      // `ready` follows. After the channel opened, a second `ready` is a new document.
      if (ready) reload();
      else {
        said = true;
        if (loaded) open();
      }
      return;
    }
    if (!ready) return;
    if (message.type === 'data-request') void answer(message.payload);
    if (message.type === 'track') track(message.payload);
    emit(message.type, message.payload as never);
  }

  win.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  // Whatever the frame loaded before we listened, start from a document whose `load` we see.
  reload(false);

  return {
    send(type, payload) {
      if (ready) post(type, payload);
      else buffer.push({ type, payload });
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (set === undefined) handlers.set(type, (set = new Set()));
      set.add(handler as Handler);
      return () => set.delete(handler as Handler);
    },
    isReady: () => ready,
    setSource(next) {
      source = next;
    },
    dispose() {
      win.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      for (const controller of pending.values()) controller.abort();
      pending.clear();
      handlers.clear();
      buffer = [];
    },
  };
}
