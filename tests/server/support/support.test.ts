/**
 * Support on both databases: the knowledge base (seeded guides, search in both
 * languages, staff-only edits, audited), internal feedback (staff only, screenshot checks, the
 * outbox e-mail in the same transaction), knowledge-base sections (staff add, rename, order and
 * delete empty ones, audited) and the support chat (chat token misuse refused, the staff inbox,
 * server-sent events delivering messages both ways, unread counts per conversation and side).
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTokenRoute } from '#contract/routes/users.ts';
import {
  answerChatRoute,
  chatThreadRoute,
  chatThreadsRoute,
  chatUnreadRoute,
  createKbSectionRoute,
  deleteKbArticleRoute,
  deleteKbSectionRoute,
  feedbackScreenshotRoute,
  getKbArticleRoute,
  listFeedbackRoute,
  listKbRoute,
  listKbSectionsRoute,
  orderKbSectionsRoute,
  readChatThreadRoute,
  renameKbSectionRoute,
  saveKbArticleRoute,
  setFeedbackStatusRoute,
} from '#contract/routes/support.ts';
import {
  auditLog,
  chatMessages,
  internalFeedback,
  kbArticles,
  kbSections,
  mailOutbox,
} from '#server/platform/db/schema.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const SITE = 1;
const HELP = 'https://t.me/vitrina_help';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function form(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([file.bytes as BlobPart]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function sendFeedback(
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
function withToken(client: TestClient, token: string | null) {
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
async function readEvents(
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

describe.each(DATABASES)('support on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let client: TestClient;
  let manager: TestClient;
  let superuser: TestClient;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      work: false,
      env: { HELP_CHANNEL_URL: HELP, FEEDBACK_IMAGE_MAX_BYTES: '4096' },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    admin = await server.as('admin');
    client = await server.as('client');
    manager = await server.as('manager');
    superuser = await server.as('superuser');
  });
  afterAll(() => server.close());

  describe('knowledge base', () => {
    it('is seeded with the product guides, by section, in Russian and in English', async () => {
      const ru = await client.call(listKbRoute, { query: { language: 'ru' } });
      expect(ru.map((s) => s.title)).toEqual([
        'Начало работы',
        'Каталог и фиды',
        'Трекинг и отчёты',
        'Витрина и дизайн',
      ]);
      const titles = ru.flatMap((s) => s.articles.map((a) => a.title));
      expect(titles).toEqual([
        'Установка загрузчика на сайт магазина',
        'Выкладка в продакшен',
        'Форматы фидов',
        'События трекинга',
        'Шаблоны и дизайн-токены',
      ]);
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.articles.map((a) => [a.title, a.language])).toEqual([
        ['Installing the loader on a shop', 'en'],
        ['Promotion to production', 'en'],
      ]);
      const article = await client.call(getKbArticleRoute, {
        query: { slug: 'install-loader', language: 'ru' },
      });
      expect(article.body).toContain('/cdn/{siteId}/digi.js');
    });

    it('searches server-side with stemming and prefixes, and marks the passage', async () => {
      // «фидов» and «фиды» share a stem; «загрузч» is a prefix of «загрузчик».
      const feeds = await client.call(listKbRoute, { query: { language: 'ru', search: 'фиды' } });
      expect(feeds.flatMap((s) => s.articles.map((a) => a.slug))[0]).toBe('feed-formats');
      const loader = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'загрузч' },
      });
      const hit = loader.flatMap((s) => s.articles).find((a) => a.slug === 'install-loader');
      expect(hit?.snippet).toMatch(/\uE000[^\uE001]*\uE001/);
      const events = await client.call(listKbRoute, {
        query: { language: 'en', search: 'ORDER revenue' },
      });
      expect(events.flatMap((s) => s.articles.map((a) => a.slug))).toEqual(['tracking-events']);
      const none = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'абракадабра' },
      });
      expect(none).toEqual([]);
      // to_tsquery syntax in the search is only text.
      const odd = await client.call(listKbRoute, { query: { language: 'ru', search: "'&|!:*(" } });
      expect(odd).toEqual([]);
    });

    it('lets staff edit articles (audited), refuses clients and other roles', async () => {
      const [section] = await admin.call(listKbRoute, { query: { language: 'ru' } });
      const body = {
        sectionId: section!.id,
        slug: 'two-factor',
        language: 'ru' as const,
        title: 'Двухфакторный вход',
        body: 'Включите **одноразовые коды** в профиле.',
      };
      expect((await failure(client.call(saveKbArticleRoute, { body }))).status).toBe(403);
      expect((await failure(manager.call(saveKbArticleRoute, { body }))).status).toBe(403);
      const saved = await admin.call(saveKbArticleRoute, { body });
      expect(saved.updatedBy).toBe('admin');
      const found = await client.call(listKbRoute, {
        query: { language: 'ru', search: 'одноразовых кодов' },
      });
      expect(found.flatMap((s) => s.articles.map((a) => a.slug))).toEqual(['two-factor']);
      // Without an English version the English list shows the Russian one.
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.articles.find((a) => a.slug === 'two-factor')?.language).toBe('ru');
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'kb-article'), eq(auditLog.entityId, 'two-factor:ru')));
      expect(audit.map((a) => a.action)).toEqual(['create']);
      expect(
        (await failure(admin.call(saveKbArticleRoute, { body: { ...body, sectionId: 99999 } })))
          .status,
      ).toBe(400);
      expect(
        (await failure(client.call(deleteKbArticleRoute, { query: { id: saved.id } }))).status,
      ).toBe(403);
      await admin.call(deleteKbArticleRoute, { query: { id: saved.id } });
      expect(
        (
          await failure(
            client.call(getKbArticleRoute, { query: { slug: 'two-factor', language: 'ru' } }),
          )
        ).status,
      ).toBe(404);
    });

    it('lets staff add, rename and order sections (audited); clients and other roles get 403', async () => {
      const input = { slug: 'billing', titleRu: 'Оплата', titleEn: 'Billing' };
      for (const caller of [client, manager]) {
        expect((await failure(caller.call(listKbSectionsRoute, {}))).status).toBe(403);
        expect((await failure(caller.call(createKbSectionRoute, { body: input }))).status).toBe(
          403,
        );
      }
      const created = await superuser.call(createKbSectionRoute, { body: input });
      expect(created).toMatchObject({ ...input, articleCount: 0 });
      const listed = await admin.call(listKbSectionsRoute, {});
      expect(listed.map((s) => s.slug)).toEqual([
        'getting-started',
        'catalog',
        'analytics',
        'storefront',
        'billing',
      ]);
      expect(listed.find((s) => s.slug === 'catalog')!.articleCount).toBe(1);
      // A slug in use: 409; a slug that is not one: 400; nothing added.
      const taken = await failure(admin.call(createKbSectionRoute, { body: input }));
      expect([taken.status, taken.message]).toEqual([
        409,
        'A knowledge-base section "billing" already exists',
      ]);
      expect(
        (await failure(admin.call(createKbSectionRoute, { body: { ...input, slug: 'Счета' } })))
          .status,
      ).toBe(400);
      expect(await admin.call(listKbSectionsRoute, {})).toHaveLength(5);

      const renamed = await admin.call(renameKbSectionRoute, {
        query: { id: created.id },
        body: { titleRu: 'Оплата и счета', titleEn: 'Billing and invoices' },
      });
      expect(renamed).toMatchObject({ slug: 'billing', titleRu: 'Оплата и счета' });
      expect(
        (
          await failure(
            manager.call(renameKbSectionRoute, {
              query: { id: created.id },
              body: { titleRu: 'x', titleEn: 'x' },
            }),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await failure(
            admin.call(renameKbSectionRoute, {
              query: { id: 99999 },
              body: { titleRu: 'x', titleEn: 'x' },
            }),
          )
        ).status,
      ).toBe(404);

      // The new order is the menu's, in both languages.
      const ids = listed.map((s) => s.id);
      const order = [created.id, ...ids.filter((id) => id !== created.id)];
      expect(
        (await failure(client.call(orderKbSectionsRoute, { body: { ids: order } }))).status,
      ).toBe(403);
      const ordered = await admin.call(orderKbSectionsRoute, { body: { ids: order } });
      expect(ordered.map((s) => s.id)).toEqual(order);
      const ru = await client.call(listKbRoute, { query: { language: 'ru' } });
      expect(ru.map((s) => s.title).slice(0, 2)).toEqual(['Оплата и счета', 'Начало работы']);
      const en = await client.call(listKbRoute, { query: { language: 'en' } });
      expect(en[0]!.title).toBe('Billing and invoices');
      // A list missing a section (added or deleted meanwhile) is stale: 409; one twice: 400.
      const stale = await failure(
        admin.call(orderKbSectionsRoute, { body: { ids: order.slice(1) } }),
      );
      expect(stale.status).toBe(409);
      expect(
        (
          await failure(
            admin.call(orderKbSectionsRoute, { body: { ids: [...order.slice(1), order[1]!] } }),
          )
        ).status,
      ).toBe(400);
      expect((await admin.call(listKbSectionsRoute, {})).map((s) => s.id)).toEqual(order);
      // Back to the seeded order for the tests after.
      await admin.call(orderKbSectionsRoute, { body: { ids } });

      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'kb-section'));
      expect(audit.map((a) => [a.actor, a.action, a.entityId])).toEqual([
        ['superuser', 'create', 'billing'],
        ['admin', 'update', 'billing'],
        ['admin', 'reorder', 'order'],
        ['admin', 'reorder', 'order'],
      ]);
      expect(audit[1]!.before).toMatchObject({ titleRu: 'Оплата' });
      expect(audit[1]!.after).toMatchObject({ titleRu: 'Оплата и счета' });
    });

    it('deletes only an empty section: one with articles is 409 with nothing deleted', async () => {
      const sections = await admin.call(listKbSectionsRoute, {});
      const catalog = sections.find((s) => s.slug === 'catalog')!;
      const billing = sections.find((s) => s.slug === 'billing')!;
      expect(
        (await failure(client.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(403);
      const full = await failure(admin.call(deleteKbSectionRoute, { query: { id: catalog.id } }));
      expect([full.status, full.message]).toEqual([
        409,
        'The knowledge-base section "catalog" is not empty: it holds 1 article(s); move them to another section or delete them first',
      ]);
      const rows = await server.database.db
        .select()
        .from(kbArticles)
        .where(eq(kbArticles.sectionId, catalog.id));
      expect(rows.map((r) => r.slug)).toEqual(['feed-formats', 'feed-formats']);
      // The database refuses too (no cascade deleting the articles with their section).
      await expect(
        server.database.db.delete(kbSections).where(eq(kbSections.id, catalog.id)),
      ).rejects.toThrow();

      // A section holding an article (one language is enough) is refused; moved away, it goes.
      const saved = await admin.call(saveKbArticleRoute, {
        body: {
          sectionId: billing.id,
          slug: 'guide-billing',
          language: 'ru',
          title: 'Счета',
          body: 'Счета приходят первого числа.',
        },
      });
      expect(
        (await failure(admin.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(409);
      await admin.call(saveKbArticleRoute, {
        body: {
          sectionId: catalog.id,
          slug: 'guide-billing',
          language: 'ru',
          title: 'Счета',
          body: 'Счета приходят первого числа.',
        },
      });
      await admin.call(deleteKbSectionRoute, { query: { id: billing.id } });
      expect((await admin.call(listKbSectionsRoute, {})).map((s) => s.slug)).not.toContain(
        'billing',
      );
      expect(
        (await failure(admin.call(deleteKbSectionRoute, { query: { id: billing.id } }))).status,
      ).toBe(404);
      await admin.call(deleteKbArticleRoute, { query: { id: saved.id } });
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'kb-section'), eq(auditLog.action, 'delete')));
      expect(audit.map((a) => [a.entityId, (a.before as { titleRu: string }).titleRu])).toEqual([
        ['billing', 'Оплата и счета'],
      ]);
    });
  });

  describe('internal feedback', () => {
    it('is refused to client users (403) and writes nothing', async () => {
      const answer = await sendFeedback(client, { text: 'Хочу тёмную тему', area: 'ux' });
      expect(answer.statusCode).toBe(403);
      expect(
        (await failure(client.call(listFeedbackRoute, { query: { siteId: SITE } }))).status,
      ).toBe(403);
      const rows = await server.database.db.select().from(internalFeedback);
      expect(rows).toEqual([]);
    });

    it('stores the feedback with its screenshot and queues the e-mail in one transaction', async () => {
      const answer = await sendFeedback(
        admin,
        { text: 'Отчёт по запросам грузится долго', area: 'reports' },
        { name: 'shot.png', bytes: PNG },
      );
      expect(answer.statusCode).toBe(200);
      const created = answer.json() as { id: number; status: string; hasScreenshot: boolean };
      expect(created).toMatchObject({ status: 'new', hasScreenshot: true });
      const mail = await server.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.siteId, SITE), eq(mailOutbox.kind, 'internal-feedback')));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.recipient).toBe('admin@vitrina.example');
      expect(mail[0]!.body).toContain('Отчёт по запросам грузится долго');
      expect(mail[0]!.subject).toContain('reports');
      const shot = await admin.call(feedbackScreenshotRoute, {
        query: { siteId: SITE, id: created.id },
      });
      expect(shot).toEqual({ mediaType: 'image/png', data: PNG.toString('base64') });

      const moved = await admin.call(setFeedbackStatusRoute, {
        query: { siteId: SITE, id: created.id },
        body: { status: 'in_progress' },
      });
      expect(moved.status).toBe('in_progress');
      const list = await admin.call(listFeedbackRoute, {
        query: { siteId: SITE, status: 'in_progress' },
      });
      expect(list.map((f) => f.id)).toEqual([created.id]);
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'internal-feedback'));
      expect(audit.map((a) => a.action).sort()).toEqual(['create', 'status']);
    });

    it('refuses a bad form, a non-image and an oversized screenshot with nothing written', async () => {
      const before = (await server.database.db.select().from(internalFeedback)).length;
      const mails = (await server.database.db.select().from(mailOutbox)).length;
      expect((await sendFeedback(admin, { text: '', area: 'reports' })).statusCode).toBe(400);
      expect((await sendFeedback(admin, { text: 'x', area: 'kitchen' })).statusCode).toBe(400);
      const fake = await sendFeedback(
        admin,
        { text: 'x', area: 'other' },
        { name: 'shot.png', bytes: Buffer.from('<svg onload=alert(1)>') },
      );
      expect(fake.statusCode).toBe(415);
      const big = Buffer.concat([PNG, Buffer.alloc(5000)]);
      const tooBig = await sendFeedback(
        admin,
        { text: 'x', area: 'other' },
        { name: 'big.png', bytes: big },
      );
      expect(tooBig.statusCode).toBe(413);
      expect((await server.database.db.select().from(internalFeedback)).length).toBe(before);
      expect((await server.database.db.select().from(mailOutbox)).length).toBe(mails);
    });
  });

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
