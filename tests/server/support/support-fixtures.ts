/** The support suite's server, its signed-in users and the form, chat-token and event-stream helpers. */
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestClient } from '#tests/helpers/server.ts';

export const SITE = 1;
export const HELP = 'https://t.me/vitrina_help';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function form(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([file.bytes as BlobPart]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function sendFeedback(
  client: TestClient,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) {
  const { payload, headers } = await form(fields, file);
  return client.raw({
    method: 'POST',
    url: `/api/internal-feedback?siteId=${SITE}`,
    payload,
    headers: { ...headers, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
  });
}

/** Calls a chat route with a chat token header (the contract client sends no custom header). */
export function withToken(client: TestClient, token: string | null) {
  return (options: { method: string; url: string; payload?: string }) =>
    client.raw({
      ...options,
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
        ...(token !== null && { 'x-chat-token': token }),
      },
    });
}

/** Reads server-sent events from a live server until `until` is satisfied (or 10 s pass). */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: { event: string; data: string }[]) => boolean,
  opened: () => Promise<void>,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  let triggered = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => !line.startsWith(':') && line.includes(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields['event']) events.push({ event: fields['event'], data: fields['data'] ?? '' });
      }
      if (!triggered && buffer === '' && value.includes(': connected')) {
        triggered = true;
        await opened();
      }
      if (until(events)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

/** A live server (the chat streams need a real socket) with the help channel set and screenshots capped at 4 KB. */
export async function startSupportServer(kind: (typeof DATABASES)[number]) {
  const server = await startTestServer(kind, {
    work: false,
    env: { HELP_CHANNEL_URL: HELP, FEEDBACK_IMAGE_MAX_BYTES: '4096' },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const admin = await server.as('admin');
  const client = await server.as('client');
  const manager = await server.as('manager');
  const superuser = await server.as('superuser');
  return { server, origin, admin, client, manager, superuser };
}
