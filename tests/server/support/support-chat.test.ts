/**
 * The support chat on both databases: chat token misuse refused, the staff inbox, server-sent
 * events delivering messages both ways, unread counts per conversation and side.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTokenRoute } from '#contract/routes/users.ts';
import {
  answerChatRoute,
  chatThreadRoute,
  chatThreadsRoute,
  chatUnreadRoute,
  readChatThreadRoute,
} from '#contract/routes/support.ts';
import { auditLog, chatMessages } from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { HELP, SITE, readEvents, startSupportServer, withToken } from './support-fixtures.ts';

describe.each(DATABASES)('support on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let client: TestClient;
  let superuser: TestClient;
  let origin: string;

  beforeAll(async () => {
    ({ server, origin, admin, client, superuser } = await startSupportServer(kind));
  });
  afterAll(() => server.close());

  describe('chat', () => {
    it('refuses a missing, forged or another user’s chat token', async () => {
      const url = `/api/chat/messages?siteId=${SITE}`;
      expect((await withToken(client, null)({ method: 'GET', url })).statusCode).toBe(401);
      expect((await withToken(client, 'forged-token')({ method: 'GET', url })).statusCode).toBe(
        403,
      );
      const salesToken = (await admin.call(chatTokenRoute, { params: { login: 'sales' } })).token;
      const stolen = await withToken(
        client,
        salesToken,
      )({
        method: 'POST',
        url,
        payload: JSON.stringify({ text: 'от чужого имени' }),
      });
      expect(stolen.statusCode).toBe(403);
      const streamed = await fetch(`${origin}/api/chat/stream?siteId=${SITE}`, {
        headers: {
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-chat-token': salesToken,
        },
      });
      expect(streamed.status).toBe(403);
      expect(await server.database.db.select().from(chatMessages)).toEqual([]);
    });

    it('stores a client message, shows it in the staff inbox and the staff answer', async () => {
      const token = (await client.call(chatTokenRoute, { params: { login: 'client' } })).token;
      const chat = withToken(client, token);
      const url = `/api/chat/messages?siteId=${SITE}`;
      const opened = await chat({ method: 'GET', url });
      expect(opened.json()).toEqual({ helpChannelUrl: HELP, messages: [], readUpTo: 0 });
      const sent = await chat({
        method: 'POST',
        url,
        payload: JSON.stringify({ text: 'Не обновляется фид' }),
      });
      expect(sent.statusCode).toBe(200);
      expect(
        (await chat({ method: 'POST', url, payload: JSON.stringify({ text: '   ' }) })).statusCode,
      ).toBe(400);

      const threads = await admin.call(chatThreadsRoute, { query: { siteId: SITE } });
      expect(threads).toHaveLength(1);
      expect(threads[0]).toMatchObject({
        userLogin: 'client',
        unread: 1,
        readBy: null,
        lastMessage: { text: 'Не обновляется фид', fromStaff: false },
      });
      expect(
        (await failure(client.call(chatThreadsRoute, { query: { siteId: SITE } }))).status,
      ).toBe(403);
      await admin.call(answerChatRoute, {
        query: { siteId: SITE, login: 'client' },
        body: { text: 'Проверим загрузку' },
      });
      // An answer reads the conversation for the desk.
      expect((await admin.call(chatThreadsRoute, { query: { siteId: SITE } }))[0]).toMatchObject({
        unread: 0,
        readBy: 'admin',
      });
      const thread = await admin.call(chatThreadRoute, {
        query: { siteId: SITE, login: 'client' },
      });
      expect(thread.map((m) => [m.authorLogin, m.fromStaff, m.text])).toEqual([
        ['client', false, 'Не обновляется фид'],
        ['admin', true, 'Проверим загрузку'],
      ]);
      // Staff answer only users of the site; no such user: 404, nothing written.
      expect(
        (
          await failure(
            admin.call(answerChatRoute, {
              query: { siteId: SITE, login: 'nobody' },
              body: { text: 'x' },
            }),
          )
        ).status,
      ).toBe(404);
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'chat-message'));
      expect(audit.map((a) => a.action)).toEqual(['create', 'answer']);
    });

    it('delivers a staff answer to the client stream and a client message to the inbox stream, live', async () => {
      const token = (await client.call(chatTokenRoute, { params: { login: 'client' } })).token;
      const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const toClient = await readEvents(
        `${origin}/api/chat/stream?siteId=${SITE}`,
        { cookie: cookie(client), 'x-chat-token': token },
        (events) => events.some((e) => e.event === 'message'),
        async () => {
          await admin.call(answerChatRoute, {
            query: { siteId: SITE, login: 'client' },
            body: { text: 'Фид обновлён' },
          });
        },
      );
      const message = JSON.parse(toClient.find((e) => e.event === 'message')!.data) as {
        text: string;
        fromStaff: boolean;
      };
      expect(message).toMatchObject({ text: 'Фид обновлён', fromStaff: true });

      const toStaff = await readEvents(
        `${origin}/api/support/chat/stream?siteId=${SITE}`,
        { cookie: cookie(admin) },
        (events) => events.some((e) => e.event === 'message'),
        async () => {
          const sent = await withToken(
            client,
            token,
          )({
            method: 'POST',
            url: `/api/chat/messages?siteId=${SITE}`,
            payload: JSON.stringify({ text: 'Спасибо!' }),
          });
          expect(sent.statusCode).toBe(200);
        },
      );
      expect(JSON.parse(toStaff.find((e) => e.event === 'message')!.data)).toMatchObject({
        text: 'Спасибо!',
        userLogin: 'client',
        fromStaff: false,
      });
      // A client cannot open the staff stream.
      const refused = await fetch(`${origin}/api/support/chat/stream?siteId=${SITE}`, {
        headers: { cookie: cookie(client) },
      });
      expect(refused.status).toBe(403);
    });

    it('counts unread messages per conversation and side; any staff member reading clears it for the desk', async () => {
      const token = (await client.call(chatTokenRoute, { params: { login: 'client' } })).token;
      const chat = withToken(client, token);
      const url = `/api/chat/messages?siteId=${SITE}`;
      const unread = () => admin.call(chatUnreadRoute, { query: { siteId: SITE } });
      const read = (who: TestClient, upTo: number, login = 'client') =>
        who.call(readChatThreadRoute, { query: { siteId: SITE, login }, body: { upTo } });
      const write = async (text: string) =>
        (await chat({ method: 'POST', url, payload: JSON.stringify({ text }) })).json() as {
          id: number;
        };
      // Start from a conversation read to its end.
      await read(admin, 2 ** 40);
      expect(await unread()).toEqual({ threads: 0, messages: 0 });

      const first = await write('Первый вопрос');
      const second = await write('Второй вопрос');
      expect(await unread()).toEqual({ threads: 1, messages: 2 });
      expect((await admin.call(chatThreadsRoute, { query: { siteId: SITE } }))[0]!.unread).toBe(2);
      expect(
        (await failure(client.call(chatUnreadRoute, { query: { siteId: SITE } }))).status,
      ).toBe(403);
      expect((await failure(read(client, second.id))).status).toBe(403);
      expect((await failure(read(admin, second.id, 'nobody'))).status).toBe(404);

      // Another staff member reads up to the first message: one is left for everyone.
      expect(await read(superuser, first.id)).toEqual({ threads: 1, messages: 1 });
      expect(await unread()).toEqual({ threads: 1, messages: 1 });
      // Reading past the newest message stops at it; the mark never moves back.
      expect(await read(superuser, 2 ** 40)).toEqual({ threads: 0, messages: 0 });
      expect(await read(admin, first.id)).toEqual({ threads: 0, messages: 0 });
      const [thread] = await admin.call(chatThreadsRoute, { query: { siteId: SITE } });
      expect(thread).toMatchObject({ unread: 0, readBy: 'superuser' });
      expect(Date.parse(thread!.readAt!)).toBeGreaterThan(Date.now() - 60_000);
      // Reads are not audited as edits.
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actor, 'superuser'));
      expect(audit.filter((a) => a.entity.startsWith('chat'))).toEqual([]);

      // The client side: staff replies after the client's mark are unread for the client.
      const before = (await chat({ method: 'GET', url })).json() as { readUpTo: number };
      expect(before.readUpTo).toBe(second.id);
      const answer = await admin.call(answerChatRoute, {
        query: { siteId: SITE, login: 'client' },
        body: { text: 'Ответили на оба' },
      });
      const session = (await chat({ method: 'GET', url })).json() as {
        readUpTo: number;
        messages: { id: number; fromStaff: boolean }[];
      };
      expect(session.messages.filter((m) => m.fromStaff && m.id > session.readUpTo)).toHaveLength(
        1,
      );
      const readUrl = `/api/chat/read?siteId=${SITE}`;
      const payload = JSON.stringify({ upTo: answer.id });
      expect(
        (await withToken(client, 'forged')({ method: 'PUT', url: readUrl, payload })).statusCode,
      ).toBe(403);
      expect(
        (await withToken(client, null)({ method: 'PUT', url: readUrl, payload })).statusCode,
      ).toBe(401);
      const marked = await chat({ method: 'PUT', url: readUrl, payload });
      expect(marked.json()).toEqual({ readUpTo: answer.id });
      expect(((await chat({ method: 'GET', url })).json() as { readUpTo: number }).readUpTo).toBe(
        answer.id,
      );
      // The client reading is not the staff's: a new client message is unread for staff.
      await write('Ещё вопрос');
      expect(await unread()).toEqual({ threads: 1, messages: 1 });
    });

    it('tells the inbox streams when staff read a conversation, and the client stream when the client did', async () => {
      const token = (await client.call(chatTokenRoute, { params: { login: 'client' } })).token;
      const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const [thread] = await admin.call(chatThreadsRoute, { query: { siteId: SITE } });
      expect(thread!.unread).toBeGreaterThan(0);
      const toStaff = await readEvents(
        `${origin}/api/support/chat/stream?siteId=${SITE}`,
        { cookie: cookie(admin) },
        (events) => events.some((e) => e.event === 'read'),
        async () => {
          await superuser.call(readChatThreadRoute, {
            query: { siteId: SITE, login: 'client' },
            body: { upTo: thread!.lastMessage.id },
          });
        },
      );
      expect(JSON.parse(toStaff.find((e) => e.event === 'read')!.data)).toEqual({
        siteId: SITE,
        userLogin: 'client',
        side: 'staff',
        upTo: thread!.lastMessage.id,
      });

      const answer = await admin.call(answerChatRoute, {
        query: { siteId: SITE, login: 'client' },
        body: { text: 'Видим' },
      });
      const toClient = await readEvents(
        `${origin}/api/chat/stream?siteId=${SITE}`,
        { cookie: cookie(client), 'x-chat-token': token },
        (events) => events.some((e) => e.event === 'read'),
        async () => {
          // A staff read (a no-op here: already read) and then the client's own read.
          await admin.call(readChatThreadRoute, {
            query: { siteId: SITE, login: 'client' },
            body: { upTo: answer.id },
          });
          const marked = await withToken(
            client,
            token,
          )({
            method: 'PUT',
            url: `/api/chat/read?siteId=${SITE}`,
            payload: JSON.stringify({ upTo: answer.id }),
          });
          expect(marked.statusCode).toBe(200);
        },
      );
      // Only the client's own read reaches the client: never the staff's.
      expect(toClient.filter((e) => e.event === 'read').map((e) => JSON.parse(e.data))).toEqual([
        { siteId: SITE, userLogin: 'client', side: 'client', upTo: answer.id },
      ]);
    });
  });
});
