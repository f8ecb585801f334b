/**
 * The preview iframe's side of the channel. Accepts only messages from the parent window that
 * parse (protocol.ts); data calls go to the host as `data-request`s (the frame has no network and
 * no apiKey).
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

type Handler = (payload: never) => void;

export function createPreviewGuest(win: Window = window): PreviewGuest {
  const handlers = new Map<HostMessageType, Set<Handler>>();
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let nextId = 1;

  function send<T extends GuestMessageType>(type: T, payload: GuestPayloads[T]): void {
    win.parent.postMessage(envelope<GuestPayloads, T>(type, payload), '*');
  }

  function onMessage(event: MessageEvent): void {
    if (event.source === null || event.source !== win.parent || win.parent === win) return;
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
      for (const entry of waiting.values()) entry.reject(new PreviewDataError('disposed'));
      waiting.clear();
      handlers.clear();
    },
  };
}
