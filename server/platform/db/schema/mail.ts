import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * Every e-mail the server sends, written in the transaction of what caused it and delivered
 * afterwards (server/mail): with SMTP_URL unset they stay queued, and the console shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_outbox_site_idx').on(t.siteId, t.createdAt),
  ],
);

/** A site's monitoring e-mail list: who hears about failed, held and recovered feed imports. */
export const monitoringEmails = pgTable(
  'monitoring_emails',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monitoring_emails_site_email_idx').on(t.siteId, sql`lower(${t.email})`)],
);
