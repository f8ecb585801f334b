import * as z from 'zod';

/** One address of a site's monitoring e-mail list (spec part 2 §3 "Email subscriber list"). */
export const monitoringEmail = z.object({ id: z.number().int(), email: z.string() });
export type MonitoringEmail = z.infer<typeof monitoringEmail>;

export const monitoringEmailInput = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email()),
});

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

/** An e-mail the server sent or will send, as the outbox shows it. */
export const outboxMessage = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outbox = z.object({
  /** False with SMTP_URL unset: nothing leaves the server, the outbox shows what would have. */
  smtpConfigured: z.boolean(),
  messages: z.array(outboxMessage),
});
