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
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';
import { forbidden, HttpError } from '../../platform/http/http-error.ts';
import { SESSION_COOKIE, toAuthUser } from '../../plugins/app/auth.ts';
import { seedKnowledgeBase } from '../../support/kb-guides.ts';
import { createKnowledgeBase } from '../../support/knowledge-base.ts';
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

/** Who a stream is for, and how it checks that its reader may still read it. */
interface StreamReader {
  request: FastifyRequest;
  reply: FastifyReply;
  user: AuthUser;
  /**
   * What the reader needs beyond the stream's site, read again on every heartbeat (the staff
   * roles, the chat token's owner).
   */
  allowed: (user: AuthUser) => Promise<boolean>;
}

/**
 * Opens a server-sent event stream on the reply: `message` events (id = message id) for what
 * `subscribe` delivers, `resync` when notifications may have been lost. It ends with the request,
 * when its session ends or its user changes in this process (the sessions' watch), when a
 * heartbeat finds the session gone or the reader no longer allowed (another process's sign-out
 * or role change), and after CHAT_STREAM_MAX_MS; the browser then reconnects, signed in again.
 */
async function openStream(
  app: FastifyInstance,
  { request, reply, user, allowed }: StreamReader,
  filter: Pick<ChatSubscriber, 'siteId' | 'userLogin'>,
  hub: ReturnType<typeof createChatHub>,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw new HttpError(401, 'Not signed in');
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
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  const unwatch = app.repos.sessions.watch(token, user.id, () => end());
  let unsubscribe: () => void = () => undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    unwatch();
    unsubscribe();
  };
  const end = () => {
    close();
    if (!out.destroyed) out.end();
  };
  request.raw.once('close', close);
  out.once('close', close);
  write('retry: 3000\n: connected\n\n');
  unsubscribe = await hub.subscribe({
    ...filter,
    send: (message: ChatMessage) =>
      write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`),
    read: (event: ChatReadEvent) => write(`event: read\ndata: ${JSON.stringify(event)}\n\n`),
    resync: () => write('event: resync\ndata: {}\n\n'),
  });
  if (closed || out.destroyed) return close();
  const heartbeat = async () => {
    try {
      const record = await app.repos.sessions.find(token);
      const now = record && toAuthUser(record.user);
      if (
        !now ||
        now.id !== user.id ||
        (await app.repos.sites.getFor(filter.siteId, now)) === 'forbidden' ||
        !(await allowed(now))
      )
        return end();
    } catch (error) {
      // The database is away for a moment: the stream ends, the browser comes back later.
      request.log.warn({ err: error }, 'chat stream re-check failed');
      return end();
    }
    write(': ping\n\n');
    if (!closed) timers[0] = setTimeout(() => void heartbeat(), app.env.CHAT_STREAM_HEARTBEAT_MS);
  };
  timers[0] = setTimeout(() => void heartbeat(), app.env.CHAT_STREAM_HEARTBEAT_MS);
  timers[1] = setTimeout(end, app.env.CHAT_STREAM_MAX_MS);
}

/** Knowledge base, internal feedback and the support chat. */
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
    const token = chatToken(request);
    await openStream(
      app,
      {
        request,
        reply,
        user,
        allowed: (now) =>
          checkChatToken(db, now.id, token).then(
            () => true,
            () => false,
          ),
      },
      { siteId: site.siteId, userLogin: user.login },
      hub,
    );
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
    await openStream(
      app,
      {
        request,
        reply,
        user,
        allowed: async (now) => !now.isClient && isStaff(now.roles),
      },
      { siteId: site.siteId },
      hub,
    );
    return '';
  });
}
