/** One server-sent event. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Follows a server-sent event stream with fetch (EventSource cannot send the chat token header):
 * parses `event:`/`data:` blocks, calls `onOpen` on each (re)connection so the caller reloads what
 * it may have missed, and reconnects after a drop until `signal` aborts. Failures are only logged
 * (spec §7 "Chat widget: failures are only logged to the console").
 */
export function followEventStream(options: {
  url: string;
  headers?: Record<string, string>;
  signal: AbortSignal;
  onOpen: () => void;
  onEvent: (event: StreamEvent) => void;
  retryMs?: number;
}): void {
  const { url, headers, signal, onOpen, onEvent, retryMs = 3000 } = options;
  const connect = async () => {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      credentials: 'include',
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
    onOpen();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) onEvent({ event, data: data.join('\n') });
      }
    }
  };
  const loop = async () => {
    while (!signal.aborted) {
      try {
        await connect();
      } catch (error) {
        if (signal.aborted) return;
        console.warn('Support chat:', error);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };
  void loop();
}
