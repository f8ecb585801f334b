import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  chatMessage,
  chatMessageInput,
  chatReadInput,
  chatSession,
  chatThread,
  chatUnread,
  feedback,
  feedbackScreenshot,
  feedbackStatus,
  kbArticle,
  kbArticleInput,
  kbLanguage,
  kbSection,
  kbSectionAdmin,
  kbSectionInput,
  kbSectionOrder,
  kbSectionTitles,
  KB_SEARCH_MAX,
} from '../entities/support.ts';
import { ok } from './auth.ts';
import { KB_READ_ROLES, STAFF_ROLES } from '../call-roles.ts';

/**
 * Support: the knowledge base, internal feedback and the client chat.
 *
 * - Knowledge base: read with ROLE_SITE_VIEW (spec §6 "Knowledge base needs site view"); not per
 *   site (the guides are the product's). Edited by staff: ROLE_SUPERUSER (administrators pass
 *   every check), and never by a client user (isClient), which the server checks too.
 * - Internal feedback: staff only (spec §1: hidden from client users), per site (`siteId`).
 * - Chat: one conversation per client user and site (the site chosen in the sidebar, `siteId`);
 *   the client's calls carry the user's chat token in the `X-Chat-Token` header as well as the
 *   session (another user's token or a forged one: 403, none: 401); staff answer from the inbox.
 */

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });

export const listKbRoute = defineRoute({
  method: 'GET',
  path: '/knowledge-base/articles',
  summary:
    'The knowledge base by section, in the language asked (Russian where no translation exists); `search` ranks and filters',
  auth: true,
  roles: KB_READ_ROLES,
  site: 'none',
  query: z.strictObject({
    language: kbLanguage.default('ru'),
    search: z.string().trim().max(KB_SEARCH_MAX).optional(),
  }),
  response: z.array(kbSection),
});

export const getKbArticleRoute = defineRoute({
  method: 'GET',
  path: '/knowledge-base/article',
  summary: 'One article (Markdown) in the language asked, else in Russian',
  auth: true,
  roles: KB_READ_ROLES,
  site: 'none',
  query: z.strictObject({
    slug: z.string().trim().min(1).max(100),
    language: kbLanguage.default('ru'),
  }),
  response: kbArticle,
});

export const saveKbArticleRoute = defineRoute({
  method: 'PUT',
  path: '/knowledge-base/article',
  summary: 'Create or replace the article of a slug and language (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  body: kbArticleInput,
  refuseUnknownFields: true,
  response: kbArticle,
});

export const deleteKbArticleRoute = defineRoute({
  method: 'DELETE',
  path: '/knowledge-base/article',
  summary: 'Delete one language version of an article (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  query: z.strictObject({ id: z.coerce.number().int().positive() }),
  response: ok,
});

export const listKbSectionsRoute = defineRoute({
  method: 'GET',
  path: '/knowledge-base/sections',
  summary: 'The sections in menu order with both titles and their article counts (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  response: z.array(kbSectionAdmin),
});

export const createKbSectionRoute = defineRoute({
  method: 'POST',
  path: '/knowledge-base/sections',
  summary: 'Add a section at the end of the menu (staff); a slug in use: 409',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  body: kbSectionInput,
  refuseUnknownFields: true,
  response: kbSectionAdmin,
});

export const renameKbSectionRoute = defineRoute({
  method: 'PUT',
  path: '/knowledge-base/section',
  summary: 'Rename a section in both languages (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  query: z.strictObject({ id: z.coerce.number().int().positive() }),
  body: kbSectionTitles,
  refuseUnknownFields: true,
  response: kbSectionAdmin,
});

export const orderKbSectionsRoute = defineRoute({
  method: 'PUT',
  path: '/knowledge-base/sections/order',
  summary:
    'Put the sections in a new menu order (staff): every section once; a section added or deleted meanwhile: 409',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  body: kbSectionOrder,
  refuseUnknownFields: true,
  response: z.array(kbSectionAdmin),
});

export const deleteKbSectionRoute = defineRoute({
  method: 'DELETE',
  path: '/knowledge-base/section',
  summary: 'Delete an empty section (staff); one still holding articles, or the last section: 409',
  auth: true,
  roles: STAFF_ROLES,
  site: 'none',
  query: z.strictObject({ id: z.coerce.number().int().positive() }),
  response: ok,
});

export const createFeedbackRoute = defineRoute({
  method: 'POST',
  path: '/internal-feedback',
  summary:
    'Send feedback on the console (staff): form fields `text`, `area` and an optional `file` (PNG, JPEG or WebP screenshot); e-mailed through the outbox',
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery,
  bodyType: 'multipart',
  response: feedback,
});

export const listFeedbackRoute = defineRoute({
  method: 'GET',
  path: '/internal-feedback',
  summary: "The site's feedback, newest first (staff)",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ status: feedbackStatus.optional() }),
  response: z.array(feedback),
});

export const setFeedbackStatusRoute = defineRoute({
  method: 'PUT',
  path: '/internal-feedback/status',
  summary: 'Move a piece of feedback to new, in progress or done (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ id: z.coerce.number().int().positive() }),
  body: z.strictObject({ status: feedbackStatus }),
  response: feedback,
});

export const feedbackScreenshotRoute = defineRoute({
  method: 'GET',
  path: '/internal-feedback/screenshot',
  summary: 'The screenshot of a piece of feedback (staff)',
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ id: z.coerce.number().int().positive() }),
  response: feedbackScreenshot,
});

export const chatSessionRoute = defineRoute({
  method: 'GET',
  path: '/chat/messages',
  summary:
    "The caller's support conversation on the site and the help channel (X-Chat-Token: the caller's chat token)",
  auth: true,
  roles: [],
  site: 'query',
  query: siteQuery,
  response: chatSession,
});

export const sendChatMessageRoute = defineRoute({
  method: 'POST',
  path: '/chat/messages',
  summary: 'Write to support (X-Chat-Token: the caller’s chat token)',
  auth: true,
  roles: [],
  site: 'query',
  query: siteQuery,
  body: chatMessageInput,
  refuseUnknownFields: true,
  response: chatMessage,
});

export const readChatRoute = defineRoute({
  method: 'PUT',
  path: '/chat/read',
  summary:
    'The caller has read their conversation on the site up to a message (X-Chat-Token); never moves back',
  auth: true,
  roles: [],
  site: 'query',
  query: siteQuery,
  body: chatReadInput,
  refuseUnknownFields: true,
  response: z.object({ readUpTo: z.number().int() }),
});

export const chatStreamRoute = defineRoute({
  method: 'GET',
  path: '/chat/stream',
  summary:
    "Server-sent events of the caller's conversation on the site: `message` with each new message, `read` when the caller read it elsewhere (X-Chat-Token)",
  auth: true,
  roles: [],
  site: 'query',
  query: siteQuery,
  response: z.string(),
});

export const chatThreadsRoute = defineRoute({
  method: 'GET',
  path: '/support/chat/threads',
  summary: "The site's client conversations, the most recent first (staff)",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery,
  response: z.array(chatThread),
});

export const chatThreadRoute = defineRoute({
  method: 'GET',
  path: '/support/chat/thread',
  summary: "One client's conversation on the site (staff)",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ login: z.string().trim().min(1).max(200) }),
  response: z.array(chatMessage),
});

export const answerChatRoute = defineRoute({
  method: 'POST',
  path: '/support/chat/thread',
  summary: "Answer a client's conversation on the site (staff)",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ login: z.string().trim().min(1).max(200) }),
  body: chatMessageInput,
  refuseUnknownFields: true,
  response: chatMessage,
});

export const chatUnreadRoute = defineRoute({
  method: 'GET',
  path: '/support/chat/unread',
  summary:
    "The site's conversations awaiting an answer (client messages no staff member has read) and those messages (staff)",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery,
  response: chatUnread,
});

export const readChatThreadRoute = defineRoute({
  method: 'PUT',
  path: '/support/chat/thread/read',
  summary:
    "Staff have read a client's conversation up to a message (for the whole desk); answers the site's alert counts",
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery.extend({ login: z.string().trim().min(1).max(200) }),
  body: chatReadInput,
  refuseUnknownFields: true,
  response: chatUnread,
});

export const inboxStreamRoute = defineRoute({
  method: 'GET',
  path: '/support/chat/stream',
  summary:
    'Server-sent events of the site (staff): `message` with every new chat message, `read` when staff read a conversation',
  auth: true,
  roles: STAFF_ROLES,
  site: 'query',
  query: siteQuery,
  response: z.string(),
});
