/**
 * The preview iframe's side of the channel. Accepts only messages from the parent window, sent
 * from the origin the frame's document was served from, that parse (protocol.ts); data calls go
 * to the host as `data-request`s (the frame has no network and no apiKey).
 */
import {
  envelope,
  parseHostMessage,
  type DataCall,
  type GuestMessageType,
  type GuestPayloads,
  type HostMessageType,
  type HostPayloads,
} from './protocol.ts';

export interface PreviewGuest {
  send<T extends GuestMessageType>(type: T, payload: GuestPayloads[T]): void;
  on<T extends HostMessageType>(type: T, handler: (payload: HostPayloads[T]) => void): () => void;
  /** Asks the host for a public API call's answer. */
  request(call: DataCall, params: object, signal?: AbortSignal): Promise<unknown>;
  /** Tells the host the guest listens (call after subscribing). */
  ready(): void;
  dispose(): void;
}

/** A failed data call, with the public API's status when there was one. */
export class PreviewDataError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export interface PreviewGuestOptions {
  /**
   * The studio's origin: messages from any other are ignored, and messages go only to it.
   * @default the origin of the URL the frame's document was served from
   */
  studioOrigin?: string;
}

type Handler = (payload: never) => void;

export function createPreviewGuest(
  win: Window = window,
  options: PreviewGuestOptions = {},
): PreviewGuest {
  // The sandboxed frame's own origin is opaque ('null'), but its URL still names the server that
  // served it, and the studio (the parent) is on that server: a page of any other origin that
  // frames this document is not the studio. (An about:blank frame has no such origin: 'null'.)
  const studioOrigin = options.studioOrigin ?? new URL(win.location.href).origin;
  const handlers = new Map<HostMessageType, Set<Handler>>();
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let nextId = 1;

  function send<T extends GuestMessageType>(type: T, payload: GuestPayloads[T]): void {
    if (studioOrigin === 'null') return;
    win.parent.postMessage(envelope<GuestPayloads, T>(type, payload), studioOrigin);
  }

  function onMessage(event: MessageEvent): void {
    if (event.source === null || event.source !== win.parent || win.parent === win) return;
    if (studioOrigin === 'null' || event.origin !== studioOrigin) return;
    const message = parseHostMessage(event.data);
    if (message === null) return;
    if (message.type === 'data-response') {
      const entry = waiting.get(message.payload.id);
      if (entry === undefined) return;
      waiting.delete(message.payload.id);
      if (message.payload.ok) entry.resolve(message.payload.data);
      else entry.reject(new PreviewDataError(message.payload.message, message.payload.status));
      return;
    }
    for (const handler of handlers.get(message.type) ?? []) {
      (handler as (p: unknown) => void)(message.payload);
    }
  }
  win.addEventListener('message', onMessage);

  // Tell the host before the frame's next document (a page a template navigated to) can run.
  let leaving = false;
  function onLeave(): void {
    if (leaving) return;
    leaving = true;
    send('bye', {});
  }
  win.addEventListener('pagehide', onLeave);
  win.addEventListener('beforeunload', onLeave);

  return {
    send,
    on(type, handler) {
      let set = handlers.get(type);
      if (set === undefined) handlers.set(type, (set = new Set()));
      set.add(handler as Handler);
      return () => set.delete(handler as Handler);
    },
    request(call, params, signal) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        waiting.set(id, { resolve, reject });
        signal?.addEventListener(
          'abort',
          () => {
            waiting.delete(id);
            reject(signal.reason);
          },
          { once: true },
        );
        // Drop undefined values: postMessage keeps them, the zod record would too, the API not.
        const clean = Object.fromEntries(
          Object.entries(params).filter(([, value]) => value !== undefined),
        );
        send('data-request', {
          id,
          call,
          params: clean as GuestPayloads['data-request']['params'],
        });
      });
    },
    ready() {
      send('ready', {});
    },
    dispose() {
      win.removeEventListener('message', onMessage);
      win.removeEventListener('pagehide', onLeave);
      win.removeEventListener('beforeunload', onLeave);
      for (const entry of waiting.values()) entry.reject(new PreviewDataError('disposed'));
      waiting.clear();
      handlers.clear();
    },
  };
}
