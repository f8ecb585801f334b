/**
 * A chat event stream lives no longer than the right to read it, on both databases:
 * a sign-out and a role change end it at once in this process (the sessions' watch), a session
 * removed where this process does not see it (another process, here a direct delete) ends it at
 * the next heartbeat, and every stream ends after CHAT_STREAM_MAX_MS.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutRoute } from '#contract/routes/auth.ts';
import { answerChatRoute } from '#contract/routes/support.ts';
import { chatTokenRoute, getUserRoute, setUserRolesRoute } from '#contract/routes/users.ts';
import { sessions, users } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const SITE = 1;

/** An open event stream: its `message` events as they come, and whether (and how) it ended. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const messages: string[] = [];
  let ended = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const done = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        if (buffer.includes(': connected')) connected();
        for (const match of buffer.matchAll(/event: message\ndata: (.*)\n/g))
          messages.push(JSON.parse(match[1]!).text as string);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
      ended = true;
    } catch {
      // aborted by the test: the server never ended it
    }
  })();
  await ready;
  return {
    messages,
    /** Resolves true when the server ends the stream within `ms`, false otherwise. */
    endsWithin: async (ms: number) => {
      const timer = setTimeout(() => controller.abort(), ms);
      await done;
      clearTimeout(timer);
      return ended;
    },
    close: () => controller.abort(),
  };
}

const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(DATABASES)('chat event streams end with the right to read them (%s)', (kind) => {
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    // Heartbeat and lifetime long: what ends a stream here at once is the sessions' watch.
    server = await startTestServer(kind, {
      work: false,
      env: { CHAT_STREAM_HEARTBEAT_MS: '60000', CHAT_STREAM_MAX_MS: '600000' },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("a staff member's sign-out ends its inbox stream: no client message reaches it afterwards", async () => {
    const staff = await server.as('superuser');
    const inbox = await openStream(`${origin}/api/support/chat/stream?siteId=${SITE}`, {
      cookie: cookie(staff),
    });
    await staff.call(logoutRoute, {});
    expect(await inbox.endsWithin(5000)).toBe(true);
    expect(inbox.messages).toEqual([]);
  });

  it('removing the staff role ends the inbox stream, and the stream cannot be opened again', async () => {
    const admin = await server.as('admin');
    const staff = await server.as('superuser');
    const before = await admin.call(getUserRoute, { params: { login: 'superuser' } });
    const inbox = await openStream(`${origin}/api/support/chat/stream?siteId=${SITE}`, {
      cookie: cookie(staff),
    });
    try {
      await admin.call(setUserRolesRoute, {
        params: { login: 'superuser' },
        body: ['ROLE_AQ_VIEW'],
      });
      expect(await inbox.endsWithin(5000)).toBe(true);
      const again = await fetch(`${origin}/api/support/chat/stream?siteId=${SITE}`, {
        headers: { cookie: cookie(staff) },
      });
      expect(again.status).toBe(403);
      await again.body?.cancel();
    } finally {
      await admin.call(setUserRolesRoute, { params: { login: 'superuser' }, body: before.roles });
    }
  });

  it("a client's stream ends when its session does; a staff answer sent after it is not delivered", async () => {
    const admin = await server.as('admin');
    const client = await server.as('client');
    const token = (await admin.call(chatTokenRoute, { params: { login: 'client' } })).token;
    const stream = await openStream(`${origin}/api/chat/stream?siteId=${SITE}`, {
      cookie: cookie(client),
      'x-chat-token': token,
    });
    await client.call(logoutRoute, {});
    expect(await stream.endsWithin(5000)).toBe(true);
    await admin.call(answerChatRoute, {
      query: { siteId: SITE, login: 'client' },
      body: { text: 'После выхода' },
    });
    expect(stream.messages).not.toContain('После выхода');
  });

  describe('without this process seeing it', () => {
    let quick: TestServer;
    let quickOrigin: string;

    beforeAll(async () => {
      // A second server on the same database, re-reading its streams' sessions every 200 ms.
      quick = await startTestServer(kind, {
        work: false,
        database: server.database,
        seed: false,
        env: { CHAT_STREAM_HEARTBEAT_MS: '200', CHAT_STREAM_MAX_MS: '3000' },
      });
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      quickOrigin = `http://127.0.0.1:${(quick.app.server.address() as AddressInfo).port}`;
    });
    // The database is the first server's: closed with it.
    afterAll(() => quick.app.close());

    it('a session deleted by another process ends the stream at the next heartbeat', async () => {
      const staff = await quick.as('superuser');
      const inbox = await openStream(`${quickOrigin}/api/support/chat/stream?siteId=${SITE}`, {
        cookie: cookie(staff),
      });
      const [row] = await quick.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.login, 'superuser'));
      await quick.database.db.delete(sessions).where(eq(sessions.userId, row!.id));
      expect(await inbox.endsWithin(2500)).toBe(true);
    });

    it('a stream ends after its maximum lifetime even while its session lives', async () => {
      const staff = await quick.as('superuser');
      const inbox = await openStream(`${quickOrigin}/api/support/chat/stream?siteId=${SITE}`, {
        cookie: cookie(staff),
      });
      expect(await inbox.endsWithin(8000)).toBe(true);
      // The session itself is still good: the browser reconnects and reads on.
      const again = await openStream(`${quickOrigin}/api/support/chat/stream?siteId=${SITE}`, {
        cookie: cookie(staff),
      });
      again.close();
    });
  });
});
