import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { monitoringEmail, monitoringEmailInput, outbox } from '../entities/mail.ts';
import { ok } from './auth.ts';

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });

export const listMonitoringEmailsRoute = defineRoute({
  method: 'GET',
  path: '/monitoring/email',
  summary: "The site's monitoring e-mail list",
  auth: true,
  roles: ['ROLE_CONFIG_FEED_CONFIG'],
  site: 'query',
  query: siteQuery,
  response: z.array(monitoringEmail),
});

export const addMonitoringEmailRoute = defineRoute({
  method: 'POST',
  path: '/monitoring/email',
  summary: 'Add an address to the monitoring e-mail list',
  auth: true,
  roles: ['ROLE_CONFIG_FEED_CONFIG'],
  site: 'query',
  query: siteQuery,
  body: monitoringEmailInput,
  response: monitoringEmail,
});

export const deleteMonitoringEmailRoute = defineRoute({
  method: 'DELETE',
  path: '/monitoring/email',
  summary: 'Remove an address from the monitoring e-mail list',
  auth: true,
  roles: ['ROLE_CONFIG_FEED_CONFIG'],
  site: 'query',
  query: siteQuery.extend({ id: z.coerce.number().int().positive() }),
  response: ok,
});

export const outboxRoute = defineRoute({
  method: 'GET',
  path: '/mail/outbox',
  summary: "The site's e-mails, newest first (what would have been sent when SMTP is not set)",
  auth: true,
  roles: ['ROLE_CONFIG_FEED_CONFIG'],
  site: 'query',
  query: siteQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  response: outbox,
});
