import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { claimDueMail } from './outbox.ts';

export interface MailerOptions {
  database: Database;
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: mail stays queued in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
  /** How often queued mail is looked for (besides right after something is queued). */
  intervalMs?: number;
  /** Attempts before a message is marked failed (backoff 1, 2, 4 … minutes between them). */
  maxAttempts?: number;
}

export interface Mailer {
  readonly configured: boolean;
  /** Delivers what is due now (queued before the call); resolves with how many were sent. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery round soon (after a commit that queued mail). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

const BATCH = 20;
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Delivers the outbox through SMTP (nodemailer). Messages are claimed with SKIP LOCKED, so
 * several server processes on one PostgreSQL never send one twice; a failure is retried with
 * backoff and, after the last attempt, kept as failed with the SMTP server's answer.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { database, logger } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  let stopped = false;

  async function round(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const batch = await database.db.transaction(async (tx) => {
        const due = await claimDueMail(tx, BATCH);
        for (const message of due) {
          try {
            await transport.sendMail({
              from: options.from,
              to: message.recipient,
              subject: message.subject,
              text: message.body,
            });
            sent += 1;
            await tx
              .update(mailOutbox)
              .set({
                status: 'sent',
                sentAt: sql`now()`,
                attempts: message.attempts + 1,
                lastError: null,
              })
              .where(eq(mailOutbox.id, message.id));
          } catch (error) {
            const attempts = message.attempts + 1;
            const text = error instanceof Error ? error.message : String(error);
            logger.warn({ mailId: message.id, attempts, err: text }, 'e-mail not delivered');
            await tx
              .update(mailOutbox)
              .set({
                attempts,
                lastError: text.slice(0, 1000),
                ...(attempts >= maxAttempts
                  ? { status: 'failed' as const }
                  : { nextAttemptAt: sql`now() + ${2 ** (attempts - 1)} * interval '1 minute'` }),
              })
              .where(eq(mailOutbox.id, message.id));
          }
        }
        return due.length;
      });
      if (batch < BATCH) return sent;
    }
  }

  /**
   * A round that starts after the call: while one runs, the callers in the meantime share the
   * next one, so what they queued before calling is looked at (a timer's round never swallows a
   * caller's).
   */
  function deliverDue(): Promise<number> {
    if (next) return next;
    if (running) {
      next = running.then(() => {
        next = null;
        return deliverDue();
      });
      return next;
    }
    if (stopped) return Promise.resolve(0);
    running = round()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    configured: transport !== null,
    deliverDue,
    kick() {
      if (transport && !stopped) setImmediate(() => void deliverDue());
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => void deliverDue(), options.intervalMs ?? 30_000);
      timer.unref();
      void deliverDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await (next ?? running);
      transport?.close();
    },
  };
}
