import { vi } from 'vitest';

/** One call the console made, as the fake network saw it. */
export interface RecordedCall {
  method: string;
  /** As the console passed it (path and query). */
  url: string;
  path: string;
  query: URLSearchParams;
  /** The body: parsed when it is JSON, else as sent (a form string, FormData). */
  body: unknown;
}

/** A handler's answer: a JSON body with its status, a ready Response, or nothing (next handler). */
export type FakeAnswer = { status: number; body: unknown } | Response | undefined;
export type FakeHandler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` for a DOM test (undo with `vi.unstubAllGlobals()`): records every call and
 * answers with the first handler that answers, else the server's JSON 404.
 */
export function fakeFetch(...handlers: FakeHandler[]) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: raw,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? parsed(init.body) : init?.body,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer instanceof Response) return answer;
      if (answer) return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(404, { status: 404, message: `Not found: ${call.method} ${call.path}` });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}
