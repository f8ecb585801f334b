/**
 * E-mail (server/mail): the monitoring list's calls, the outbox, and delivery to a real SMTP
 * server on loopback (smtp-server), with retries when it refuses; on both databases.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#contract/client.ts';
import {
  addMonitoringEmailRoute,
  deleteMonitoringEmailRoute,
  listMonitoringEmailsRoute,
  outboxRoute,
} from '#contract/routes/mail.ts';
import { notifyFeedImport } from '#server/feeds/monitoring.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A loopback SMTP server that keeps what it receives; `refuse` makes it answer 451 for a while. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: false, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => void answer());
      const answer = async () => {
        if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      };
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SITE = 1;

describe.each(DATABASES)('e-mail on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Vitrina <monitoring@vitrina.test>',
        MAIL_INTERVAL_MS: '200',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('keeps the monitoring list per site: add, refuse a duplicate or a bad address, delete', async () => {
    const admin = await server.as('admin');
    const first = await admin.call(addMonitoringEmailRoute, {
      query: { siteId: SITE },
      body: { email: 'ops@shop.example' },
    });
    await admin.call(addMonitoringEmailRoute, {
      query: { siteId: SITE },
      body: { email: ' Duty@Shop.example ' },
    });
    expect(
      (
        await failure(
          admin.call(addMonitoringEmailRoute, {
            query: { siteId: SITE },
            body: { email: 'OPS@shop.example' },
          }),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await failure(
          admin.call(addMonitoringEmailRoute, {
            query: { siteId: SITE },
            body: { email: 'not an address' },
          }),
        )
      ).status,
    ).toBe(400);
    expect(await admin.call(listMonitoringEmailsRoute, { query: { siteId: SITE } })).toEqual([
      { id: expect.any(Number), email: 'Duty@Shop.example' },
      { id: first.id, email: 'ops@shop.example' },
    ]);
    await admin.call(deleteMonitoringEmailRoute, { query: { siteId: SITE, id: first.id } });
    expect(
      (
        await failure(
          admin.call(deleteMonitoringEmailRoute, { query: { siteId: SITE, id: first.id } }),
        )
      ).status,
    ).toBe(404);
    expect(await admin.call(listMonitoringEmailsRoute, { query: { siteId: SITE } })).toEqual([
      { id: expect.any(Number), email: 'Duty@Shop.example' },
    ]);
  });

  it('is closed to a user without the feed settings role', async () => {
    const designer = await server.as('designer');
    const error = await failure(
      designer.call(listMonitoringEmailsRoute, { query: { siteId: SITE } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
  });

  it('delivers a failed-import message to every subscriber over SMTP and shows it as sent', async () => {
    const admin = await server.as('admin');
    await admin.call(addMonitoringEmailRoute, {
      query: { siteId: SITE },
      body: { email: 'night@shop.example' },
    });
    await server.database.db.transaction((tx) =>
      notifyFeedImport(tx, {
        siteId: SITE,
        siteName: 'Демо-магазин',
        outcome: 'failed',
        detail: 'HTTP 500 от сервера фида',
        at: new Date('2026-11-23T03:00:00Z'),
      }),
    );
    server.app.mailer.kick();
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(2);
    expect(smtp.received.flatMap((m) => m.to.map((to) => to.toLowerCase())).sort()).toEqual([
      'duty@shop.example',
      'night@shop.example',
    ]);
    const message = smtp.received[0]!;
    expect(message.from).toBe('monitoring@vitrina.test');
    expect(message.data).toMatch(/Subject: =\?UTF-8\?/);
    expect(message.data).toContain('Content-Type: text/plain; charset=utf-8');
    // The round marks its batch sent when its transaction commits, after the SMTP server got it.
    await expect
      .poll(
        async () =>
          (await admin.call(outboxRoute, { query: { siteId: SITE } })).messages.map((m) => [
            m.kind,
            m.status,
          ]),
        { timeout: 15_000 },
      )
      .toEqual([
        ['feed-import-failed', 'sent'],
        ['feed-import-failed', 'sent'],
      ]);
    const outbox = await admin.call(outboxRoute, { query: { siteId: SITE } });
    expect(outbox.smtpConfigured).toBe(true);
    expect(outbox.messages[0]!.subject).toBe('Vitrina: Импорт фида не удался — Демо-магазин');
    expect(outbox.messages[0]!.body).toContain('HTTP 500 от сервера фида');
  });

  it('retries a message the SMTP server refuses, and keeps its answer meanwhile', async () => {
    smtp.state.refuse = true;
    const before = smtp.received.length;
    await server.database.db.transaction((tx) =>
      notifyFeedImport(tx, {
        siteId: SITE,
        siteName: 'Демо-магазин',
        outcome: 'recovered',
        detail: 'Импорт прошёл: 300 товаров',
        at: new Date(),
      }),
    );
    await server.app.mailer.deliverDue();
    const admin = await server.as('admin');
    const pending = (await admin.call(outboxRoute, { query: { siteId: SITE } })).messages.filter(
      (m) => m.kind === 'feed-import-recovered',
    );
    expect(pending.map((m) => [m.status, m.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    expect(pending[0]!.lastError).toContain('Try again later');
    expect(smtp.received.length).toBe(before);
    // Due again now (the backoff is a minute): the server accepts this time.
    smtp.state.refuse = false;
    await server.database.executeSql(
      `update mail_outbox set next_attempt_at = now() where status = 'queued'`,
    );
    await server.app.mailer.deliverDue();
    expect(smtp.received.length).toBe(before + 2);
  });

  it('delivers, when asked during a round, what was queued before the ask', async () => {
    const queue = (detail: string) =>
      server.database.db.transaction((tx) =>
        notifyFeedImport(tx, {
          siteId: SITE,
          siteName: 'Демо-магазин',
          outcome: 'failed',
          detail,
          at: new Date(),
        }),
      );
    const before = smtp.received.length;
    smtp.state.delayMs = 800;
    try {
      await queue('Первый сбой');
      const first = server.app.mailer.deliverDue();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(before);
      // A round is still sending the first message's copies; the second is queued after it began.
      await queue('Второй сбой');
      await server.app.mailer.deliverDue();
      const admin = await server.as('admin');
      const second = (await admin.call(outboxRoute, { query: { siteId: SITE } })).messages.filter(
        (m) => m.body.includes('Второй сбой'),
      );
      expect(second.map((m) => m.status)).toEqual(['sent', 'sent']);
      await first;
    } finally {
      smtp.state.delayMs = 0;
    }
  });

  it('writes nothing when the transaction that caused the message rolls back', async () => {
    const count = async () =>
      (await server.database.executeSql('select count(*)::int as n from mail_outbox')).rows[0] as {
        n: number;
      };
    const before = (await count()).n;
    await expect(
      server.database.db.transaction(async (tx) => {
        await notifyFeedImport(tx, {
          siteId: SITE,
          siteName: 'Демо-магазин',
          outcome: 'held',
          detail: '…',
          at: new Date(),
        });
        throw new Error('the import rolled back');
      }),
    ).rejects.toThrow('the import rolled back');
    expect((await count()).n).toBe(before);
  });
});

describe('e-mail without SMTP_URL', () => {
  it('keeps messages queued in the outbox and says SMTP is not configured', async () => {
    const server = await startTestServer(DATABASES[0]!);
    try {
      const admin = await server.as('admin');
      await admin.call(addMonitoringEmailRoute, {
        query: { siteId: SITE },
        body: { email: 'ops@shop.example' },
      });
      await server.database.db.transaction((tx) =>
        notifyFeedImport(tx, {
          siteId: SITE,
          siteName: 'Демо-магазин',
          outcome: 'held',
          detail: 'Удалилось бы 80 % товаров',
          at: new Date(),
        }),
      );
      expect(await server.app.mailer.deliverDue()).toBe(0);
      const outbox = await admin.call(outboxRoute, { query: { siteId: SITE } });
      expect(outbox.smtpConfigured).toBe(false);
      expect(outbox.messages).toMatchObject([
        { kind: 'feed-import-held', status: 'queued', recipient: 'ops@shop.example' },
      ]);
    } finally {
      await server.close();
    }
  });
});
