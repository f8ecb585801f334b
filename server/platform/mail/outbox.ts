import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { OutboxMessage } from '#contract/entities/mail.ts';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  /** The site it concerns (its outbox lists it); null for server-wide mail. */
  siteId: number | null;
  /** What caused it (`feed-import-failed` …), for the outbox and tests. */
  kind: string;
  to: readonly string[];
  subject: string;
  /** Plain text. */
  body: string;
}

/**
 * Queues an e-mail in the caller's transaction: it exists exactly when what caused it committed,
 * and the mailer delivers it afterwards (one row per recipient, retried independently).
 */
export async function queueMail(tx: Db | Tx, message: MailMessage): Promise<void> {
  if (message.to.length === 0) return;
  await tx.insert(mailOutbox).values(
    message.to.map((recipient) => ({
      siteId: message.siteId,
      kind: message.kind,
      recipient,
      subject: message.subject,
      body: message.body,
    })),
  );
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listOutbox(db: Db, siteId: number, limit: number): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.siteId, siteId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map(toOutboxMessage);
}

/** Takes up to `limit` due messages for this process (others skip them) inside `tx`. */
export async function claimDueMail(tx: Tx, limit: number): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
