/**
 * The studio side of the preview channel. Messages sent before the guest says `ready` wait in a
 * buffer; a message from the frame is accepted only when it comes from the frame's own window and
 * parses (protocol.ts). The guest is sandboxed with an opaque origin, so messages to it use the
 * target origin '*': nothing secret crosses the channel (the apiKey stays here).
 */
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
  source?: Pick<DataSource, DataCall>;
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

  function post(type: HostMessageType, payload: unknown): void {
    iframe.contentWindow?.postMessage(
      envelope<Record<string, unknown>, string>(type, payload),
      '*',
    );
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

  function onMessage(event: MessageEvent): void {
    // Only the frame's own window; any other window (or a frame that navigated) is ignored.
    if (event.source === null || event.source !== iframe.contentWindow) return;
    const message = parseGuestMessage(event.data);
    if (message === null) return;
    if (message.type === 'ready') {
      ready = true;
      const queued = buffer;
      buffer = [];
      emit('ready', message.payload);
      for (const { type, payload } of queued) post(type, payload);
      return;
    }
    if (message.type === 'data-request') void answer(message.payload);
    emit(message.type, message.payload as never);
  }

  // A reloaded frame says ready again: the `ready` handlers send it a fresh init.
  win.addEventListener('message', onMessage);

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
      for (const controller of pending.values()) controller.abort();
      pending.clear();
      handlers.clear();
      buffer = [];
    },
  };
}
