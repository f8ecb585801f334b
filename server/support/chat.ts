import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  ChatMessage,
  ChatReadEvent,
  ChatThread,
  ChatUnread,
} from '#contract/entities/support.ts';
import type { Database, Db, Tx } from '../platform/db/client.ts';
import { chatMessages, chatReads, userSites, users } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { run } from '../platform/db/sql.ts';

/**
 * Every new chat message is NOTIFYed here (`{id}`) in the transaction that writes it, and every
 * read that moved a conversation's read mark (`{read: ChatReadEvent}`).
 */
export const CHAT_CHANNEL = 'vitrina_chat';
/** The most messages a conversation answers with (the latest). */
const HISTORY_LIMIT = 200;

/**
 * Checks the chat token a client sent against the signed-in user's own (constant time): none is
 * 401, any other (another user's, a forged one) 403.
 */
export async function checkChatToken(db: Db, userId: number, token: string | undefined) {
  if (!token) throw new HttpError(401, 'The support chat needs your chat token (X-Chat-Token)');
  const [row] = await db
    .select({ chatToken: users.chatToken })
    .from(users)
    .where(eq(users.id, userId));
  const own = Buffer.from(row?.chatToken ?? '');
  const given = Buffer.from(token);
  if (!row || own.length !== given.length || !timingSafeEqual(own, given)) {
    throw new HttpError(403, 'This chat token is not yours');
  }
}

const messageColumns = {
  id: chatMessages.id,
  userLogin: users.login,
  siteId: chatMessages.siteId,
  fromStaff: chatMessages.fromStaff,
  authorLogin: chatMessages.authorLogin,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
};

type Side = ChatReadEvent['side'];
/** The read-mark columns of each side (constants, never input). */
const READ_COLUMNS = {
  staff: sql.raw('staff_read_id'),
  client: sql.raw('client_read_id'),
} as const;

/**
 * Moves one side's read mark of a conversation up to `upTo` (never back, never past the newest
 * message); NOTIFYs a `read` when it moved. Answers the mark, or null when it did not move.
 */
async function advanceRead(
  tx: Db | Tx,
  input: { userId: number; siteId: number; userLogin: string; side: Side; upTo: number },
  actor: string,
): Promise<number | null> {
  const column = READ_COLUMNS[input.side];
  const staff = input.side === 'staff';
  const { rows } = await run<{ read_id: number }>(
    tx,
    sql`with last as (
          select least(${input.upTo}::bigint, coalesce(max(id), 0)) as id from chat_messages
          where user_id = ${input.userId} and site_id = ${input.siteId})
        insert into chat_reads as r (user_id, site_id, ${column}, staff_read_by, staff_read_at)
        select ${input.userId}, ${input.siteId}, last.id,
          ${staff ? actor : null}::text, ${staff ? sql`now()` : sql`null`}::timestamptz
        from last where last.id > 0
        on conflict (user_id, site_id) do update set ${column} = excluded.${column}
          ${staff ? sql`, staff_read_by = excluded.staff_read_by, staff_read_at = excluded.staff_read_at` : sql``}
        where r.${column} < excluded.${column}
        returning r.${column} as read_id`,
  );
  const readId = rows[0] ? Number(rows[0].read_id) : null;
  if (readId !== null) {
    const event: ChatReadEvent = {
      siteId: input.siteId,
      userLogin: input.userLogin,
      side: input.side,
      upTo: readId,
    };
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ read: event })})`);
  }
  return readId;
}

type MessageRow = { createdAt: Date } & Omit<ChatMessage, 'createdAt'>;
const toMessage = (row: MessageRow): ChatMessage => ({
  ...row,
  id: Number(row.id),
  createdAt: row.createdAt.toISOString(),
});

export function createChat(db: Db) {
  const messageById = async (id: number) => {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .where(eq(chatMessages.id, id));
    return row ? toMessage(row) : null;
  };

  return {
    messageById,

    /** The conversation of one user on one site, oldest first (the latest HISTORY_LIMIT). */
    async conversation(userId: number, siteId: number): Promise<ChatMessage[]> {
      const rows = await db
        .select(messageColumns)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.userId))
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.siteId, siteId)))
        .orderBy(desc(chatMessages.id))
        .limit(HISTORY_LIMIT);
      return rows.reverse().map(toMessage);
    },

    /** The id of a user attached to the site (staff answer only the site's own clients). */
    async siteUserId(login: string, siteId: number): Promise<number> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userSites, eq(userSites.userId, users.id))
        .where(and(eq(users.login, login), eq(userSites.siteId, siteId)));
      if (!row) throw notFound('User of this site');
      return row.id;
    },

    /**
     * Writes one message and NOTIFYs it in the same transaction (listeners in every process hear
     * it once it commits); audited.
     */
    async write(input: {
      userId: number;
      siteId: number;
      /** The client user whose conversation it is. */
      userLogin: string;
      fromStaff: boolean;
      author: string;
      text: string;
    }): Promise<ChatMessage> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({
            userId: input.userId,
            siteId: input.siteId,
            fromStaff: input.fromStaff,
            authorLogin: input.author,
            text: input.text,
          })
          .returning({ id: chatMessages.id });
        await recordAudit(tx, {
          actor: input.author,
          action: input.fromStaff ? 'answer' : 'create',
          entity: 'chat-message',
          entityId: row!.id,
          after: { userId: input.userId, siteId: input.siteId, text: input.text },
        });
        await tx.execute(
          sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ id: row!.id })})`,
        );
        // Writing reads: the writer has seen the conversation up to their own message (a staff
        // answer reads the client's messages before it for the whole desk).
        await advanceRead(
          tx,
          {
            userId: input.userId,
            siteId: input.siteId,
            userLogin: input.userLogin,
            side: input.fromStaff ? 'staff' : 'client',
            upTo: row!.id,
          },
          input.author,
        );
        return row!.id;
      });
      return (await messageById(id))!;
    },

    /**
     * One side has read a conversation up to `upTo` (clamped to its newest message; a mark never
     * moves back). Answers the side's mark after it.
     */
    async markRead(
      input: { userId: number; siteId: number; userLogin: string; side: Side; upTo: number },
      actor: string,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const moved = await advanceRead(tx, input, actor);
        if (moved !== null) return moved;
        const [row] = await tx
          .select({ staff: chatReads.staffReadId, client: chatReads.clientReadId })
          .from(chatReads)
          .where(and(eq(chatReads.userId, input.userId), eq(chatReads.siteId, input.siteId)));
        return Number(row?.[input.side] ?? 0);
      });
    },

    /** The newest message of the conversation its client has read (0: none). */
    async clientReadUpTo(userId: number, siteId: number): Promise<number> {
      const [row] = await db
        .select({ id: chatReads.clientReadId })
        .from(chatReads)
        .where(and(eq(chatReads.userId, userId), eq(chatReads.siteId, siteId)));
      return Number(row?.id ?? 0);
    },

    /** The site's staff alert: conversations with client messages no staff member has read. */
    async unread(siteId: number): Promise<ChatUnread> {
      const { rows } = await run<{ threads: number; messages: number }>(
        db,
        sql`select count(distinct c.user_id) as threads, count(*) as messages
            from chat_messages c
            left join chat_reads r on r.user_id = c.user_id and r.site_id = c.site_id
            where c.site_id = ${siteId} and not c.from_staff
              and c.id > coalesce(r.staff_read_id, 0)`,
      );
      return { threads: Number(rows[0]?.threads ?? 0), messages: Number(rows[0]?.messages ?? 0) };
    },

    /** The site's conversations, the most recent first, with their client messages unread by staff. */
    async threads(siteId: number): Promise<ChatThread[]> {
      const { rows } = await run<{
        id: number;
        user_login: string;
        user_name: string;
        from_staff: boolean;
        author_login: string;
        text: string;
        created_at: Date | string;
        unread: number;
        read_by: string | null;
        read_at: Date | string | null;
      }>(
        db,
        sql`select m.id, u.login as user_login, u.name as user_name, m.from_staff, m.author_login,
              m.text, m.created_at, t.unread, r.staff_read_by as read_by, r.staff_read_at as read_at
            from (select c.user_id, max(c.id) as last_id,
                    count(*) filter (where not c.from_staff and c.id > coalesce(
                      (select r.staff_read_id from chat_reads r
                        where r.user_id = c.user_id and r.site_id = c.site_id), 0)) as unread
                  from chat_messages c where c.site_id = ${siteId} group by c.user_id) t
            join chat_messages m on m.id = t.last_id
            join users u on u.id = m.user_id
            left join chat_reads r on r.user_id = t.user_id and r.site_id = ${siteId}
            order by m.id desc limit 500`,
      );
      return rows.map((row) => ({
        userLogin: row.user_login,
        userName: row.user_name,
        unread: Number(row.unread),
        readBy: row.read_by,
        readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
        lastMessage: {
          id: Number(row.id),
          userLogin: row.user_login,
          siteId,
          fromStaff: row.from_staff,
          authorLogin: row.author_login,
          text: row.text,
          createdAt: new Date(row.created_at).toISOString(),
        },
      }));
    },
  };
}

export type Chat = ReturnType<typeof createChat>;

export interface ChatSubscriber {
  /** Which messages it gets: one user's on one site (a client), or a site's (the staff inbox). */
  siteId: number;
  userLogin?: string;
  send(message: ChatMessage): void;
  /** A read mark moved: staff reads go to the site's inbox streams, a client's to their own. */
  read(event: ChatReadEvent): void;
  /** Notifications may have been lost (reconnect, restart): the subscriber should reload. */
  resync(): void;
}

/**
 * Dispatches the chat NOTIFYs of every process to this process's open event streams. Listens
 * once, when the first stream opens.
 */
export function createChatHub(database: Database, chat: Chat) {
  const subscribers = new Set<ChatSubscriber>();
  let listening: Promise<() => void> | null = null;

  const onNotify = async (payload: string) => {
    if (payload === '*') {
      for (const subscriber of subscribers) subscriber.resync();
      return;
    }
    const parsed = JSON.parse(payload) as { id?: unknown; read?: ChatReadEvent };
    if (parsed.read) {
      const event = parsed.read;
      for (const subscriber of subscribers) {
        if (subscriber.siteId !== event.siteId) continue;
        const forStaff = subscriber.userLogin === undefined;
        if (event.side === 'staff' ? forStaff : subscriber.userLogin === event.userLogin)
          subscriber.read(event);
      }
      return;
    }
    const id = Number(parsed.id);
    if (!Number.isSafeInteger(id)) return;
    const message = await chat.messageById(id).catch(() => null);
    if (!message) return;
    for (const subscriber of subscribers) {
      if (subscriber.siteId !== message.siteId) continue;
      if (subscriber.userLogin !== undefined && subscriber.userLogin !== message.userLogin)
        continue;
      subscriber.send(message);
    }
  };

  return {
    async subscribe(subscriber: ChatSubscriber): Promise<() => void> {
      listening ??= database.listen(CHAT_CHANNEL, (payload) => void onNotify(payload));
      await listening;
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get size() {
      return subscribers.size;
    },
    async close() {
      subscribers.clear();
      if (listening) (await listening)();
      listening = null;
    },
  };
}
