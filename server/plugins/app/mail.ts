import fp from 'fastify-plugin';
import type { Database } from '../../platform/db/client.ts';
import { createMailer, type Mailer } from '../../platform/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The outbox's deliverer (server/mail): started with the server, stopped before the database. */
export const mailPlugin = fp<{ database: Database }>(
  async (app, options) => {
    const mailer = createMailer({
      database: options.database,
      smtpUrl: app.env.SMTP_URL,
      from: app.env.MAIL_FROM,
      logger: app.log,
      intervalMs: app.env.MAIL_INTERVAL_MS,
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', () => mailer.start());
    app.addHook('onClose', () => mailer.stop());
  },
  { name: 'mail' },
);
