import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaff } from '#contract/roles.ts';
import {
  CHAT_TOKEN_HEADER,
  type ChatMessage,
  type ChatReadEvent,
} from '#contract/entities/support.ts';
import {
  answerChatRoute,
  chatSessionRoute,
  chatStreamRoute,
  chatThreadRoute,
  chatThreadsRoute,
  chatUnreadRoute,
  createFeedbackRoute,
  createKbSectionRoute,
  deleteKbArticleRoute,
  deleteKbSectionRoute,
  feedbackScreenshotRoute,
  getKbArticleRoute,
  inboxStreamRoute,
  listFeedbackRoute,
  listKbRoute,
  listKbSectionsRoute,
  orderKbSectionsRoute,
  readChatRoute,
  readChatThreadRoute,
  renameKbSectionRoute,
  saveKbArticleRoute,
  sendChatMessageRoute,
  setFeedbackStatusRoute,
} from '#contract/routes/support.ts';
import { registerRoute, type AuthUser } from '../../lib/register-route.ts';
import { forbidden } from '../../lib/http-error.ts';
import { createKnowledgeBase, seedKnowledgeBase } from '../../support/knowledge-base.ts';
import { createFeedback, readFeedbackForm } from '../../support/feedback.ts';
import {
  checkChatToken,
  createChat,
  createChatHub,
  type ChatSubscriber,
} from '../../support/chat.ts';

/** Staff only (spec §1, §6): the role guard lets superusers in; a client-flagged one is refused too. */
function requireStaff(user: AuthUser): void {
  if (user.isClient || !isStaff(user.roles)) throw forbidden('Staff only');
}

/** How often an idle event stream sends a comment line (keeps proxies from closing it). */
const HEARTBEAT_MS = 25_000;

/**
 * Opens a server-sent event stream on the reply: `message` events (id = message id) for what
 * `subscribe` delivers, `resync` when notifications may have been lost. Closed with the request.
 */
async function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Pick<ChatSubscriber, 'siteId' | 'userLogin'>,
  hub: ReturnType<typeof createChatHub>,
): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  const write = (text: string) => {
    if (!out.destroyed) out.write(text);
  };
  write('retry: 3000\n: connected\n\n');
  const unsubscribe = await hub.subscribe({
    ...filter,
    send: (message: ChatMessage) =>
      write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`),
    read: (event: ChatReadEvent) => write(`event: read\ndata: ${JSON.stringify(event)}\n\n`),
    resync: () => write('event: resync\ndata: {}\n\n'),
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  request.raw.once('close', close);
  out.once('close', close);
  if (out.destroyed) close();
}

/** Knowledge base, internal feedback and the support chat (issue 16.3–16.5). */
export async function supportRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const kb = createKnowledgeBase(db);
  const feedback = createFeedback(db, { recipients: app.env.FEEDBACK_EMAIL });
  const chat = createChat(db);
  const hub = createChatHub(app.database, chat);
  app.addHook('onReady', () => seedKnowledgeBase(db));
  app.addHook('onClose', () => hub.close());

  registerRoute(app, listKbRoute, ({ query }) => kb.list(query.language, query.search));
  registerRoute(app, getKbArticleRoute, ({ query }) => kb.get(query.slug, query.language));
  registerRoute(app, saveKbArticleRoute, ({ body, user }) => {
    requireStaff(user);
    return kb.save(body, user.login);
  });
  registerRoute(app, deleteKbArticleRoute, async ({ query, user }) => {
    requireStaff(user);
    await kb.remove(query.id, user.login);
    return { ok: true as const };
  });

  registerRoute(app, listKbSectionsRoute, ({ user }) => {
    requireStaff(user);
    return kb.sections();
  });
  registerRoute(app, createKbSectionRoute, ({ body, user }) => {
    requireStaff(user);
    return kb.createSection(body, user.login);
  });
  registerRoute(app, renameKbSectionRoute, ({ query, body, user }) => {
    requireStaff(user);
    return kb.renameSection(query.id, body, user.login);
  });
  registerRoute(app, orderKbSectionsRoute, ({ body, user }) => {
    requireStaff(user);
    return kb.orderSections(body.ids, user.login);
  });
  registerRoute(app, deleteKbSectionRoute, async ({ query, user }) => {
    requireStaff(user);
    await kb.removeSection(query.id, user.login);
    return { ok: true as const };
  });

  registerRoute(app, createFeedbackRoute, async ({ site, user, request }) => {
    requireStaff(user);
    const form = await readFeedbackForm(request, app.env.FEEDBACK_IMAGE_MAX_BYTES);
    const created = await feedback.create(site, user, form);
    app.mailer?.kick();
    return created;
  });
  registerRoute(app, listFeedbackRoute, ({ site, query, user }) => {
    requireStaff(user);
    return feedback.list(site.siteId, query.status);
  });
  registerRoute(app, setFeedbackStatusRoute, ({ site, query, body, user }) => {
    requireStaff(user);
    return feedback.setStatus(site.siteId, query.id, body.status, user.login);
  });
  registerRoute(app, feedbackScreenshotRoute, ({ site, query, user }) => {
    requireStaff(user);
    return feedback.screenshot(site.siteId, query.id);
  });

  const chatToken = (request: FastifyRequest) => {
    const value = request.headers[CHAT_TOKEN_HEADER];
    return typeof value === 'string' ? value : undefined;
  };
  registerRoute(app, chatSessionRoute, async ({ site, user, request }) => {
    await checkChatToken(db, user.id, chatToken(request));
    return {
      helpChannelUrl: app.env.HELP_CHANNEL_URL ?? null,
      messages: await chat.conversation(user.id, site.siteId),
      readUpTo: await chat.clientReadUpTo(user.id, site.siteId),
    };
  });
  registerRoute(app, readChatRoute, async ({ site, user, body, request }) => {
    await checkChatToken(db, user.id, chatToken(request));
    const readUpTo = await chat.markRead(
      {
        userId: user.id,
        siteId: site.siteId,
        userLogin: user.login,
        side: 'client',
        upTo: body.upTo,
      },
      user.login,
    );
    return { readUpTo };
  });
  registerRoute(app, sendChatMessageRoute, async ({ site, user, body, request }) => {
    await checkChatToken(db, user.id, chatToken(request));
    return chat.write({
      userId: user.id,
      siteId: site.siteId,
      userLogin: user.login,
      fromStaff: false,
      author: user.login,
      text: body.text,
    });
  });
  registerRoute(app, chatStreamRoute, async ({ site, user, request, reply }) => {
    await checkChatToken(db, user.id, chatToken(request));
    await openStream(request, reply, { siteId: site.siteId, userLogin: user.login }, hub);
    return '';
  });

  registerRoute(app, chatThreadsRoute, ({ site, user }) => {
    requireStaff(user);
    return chat.threads(site.siteId);
  });
  registerRoute(app, chatThreadRoute, async ({ site, query, user }) => {
    requireStaff(user);
    return chat.conversation(await chat.siteUserId(query.login, site.siteId), site.siteId);
  });
  registerRoute(app, answerChatRoute, async ({ site, query, body, user }) => {
    requireStaff(user);
    return chat.write({
      userId: await chat.siteUserId(query.login, site.siteId),
      siteId: site.siteId,
      userLogin: query.login,
      fromStaff: true,
      author: user.login,
      text: body.text,
    });
  });
  registerRoute(app, chatUnreadRoute, ({ site, user }) => {
    requireStaff(user);
    return chat.unread(site.siteId);
  });
  registerRoute(app, readChatThreadRoute, async ({ site, query, body, user }) => {
    requireStaff(user);
    await chat.markRead(
      {
        userId: await chat.siteUserId(query.login, site.siteId),
        siteId: site.siteId,
        userLogin: query.login,
        side: 'staff',
        upTo: body.upTo,
      },
      user.login,
    );
    return chat.unread(site.siteId);
  });
  registerRoute(app, inboxStreamRoute, async ({ site, user, request, reply }) => {
    requireStaff(user);
    await openStream(request, reply, { siteId: site.siteId }, hub);
    return '';
  });
}
