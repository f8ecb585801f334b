import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { sessions, users } from '../platform/db/schema.ts';
import type { UserRow } from './users.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionRecord {
  tokenHash: string;
  expiresAt: Date;
  user: UserRow;
}

/**
 * Sessions are read on every signed-in call, so a found session is remembered in the process for
 * `cacheMs` (default 1 s). Sign-out and user changes made through this process forget it at once;
 * with several processes on PostgreSQL another process may honour a revoked session for at most
 * `cacheMs`.
 */
export function createSessionRepository(db: Db, lengthSeconds: number, cacheMs = 1000) {
  const cache = new Map<string, { record: SessionRecord; until: number }>();
  /**
   * Lookups under way, shared by the calls that miss the cache meanwhile: when an entry expires
   * under load, the fifty calls waiting for it run one query, not fifty.
   */
  const inflight = new Map<string, Promise<SessionRecord | undefined>>();
  /** Bumped by every forget: a lookup that started before one does not fill the cache. */
  let generation = 0;
  /**
   * What lives as long as a session in this process (the chat's event streams), by token hash:
   * ended when the session is removed or its user changes (roles, password, sites).
   */
  const watchers = new Map<string, Set<{ userId: number; end: () => void }>>();
  const endWatchers = (keep: (key: string, userId: number) => boolean) => {
    for (const [key, set] of watchers)
      for (const watcher of set)
        if (!keep(key, watcher.userId)) {
          set.delete(watcher);
          watcher.end();
        }
  };
  // Read on every signed-in call: built once, executed with placeholders.
  const findQuery = db
    .select({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_session');

  return {
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + lengthSeconds * 1000);
      await db.insert(sessions).values({ tokenHash: hash(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async find(token: string): Promise<SessionRecord | undefined> {
      const key = hash(token);
      const now = Date.now();
      const cached = cache.get(key);
      if (cached && cached.until > now && cached.record.expiresAt.getTime() > now)
        return cached.record;
      const running = inflight.get(key);
      if (running) return running;
      const startedAt = generation;
      const lookup = (async () => {
        const [row] = await findQuery.execute({ hash: key, now: new Date(now).toISOString() });
        if (row && cacheMs > 0 && generation === startedAt) {
          if (cache.size > 10_000) cache.clear();
          cache.set(key, { record: row, until: now + cacheMs });
        } else cache.delete(key);
        return row;
      })();
      inflight.set(key, lookup);
      const forget = () => {
        if (inflight.get(key) === lookup) inflight.delete(key);
      };
      lookup.then(forget, forget);
      return lookup;
    },

    /**
     * Calls `end` when the session is removed or its user changes; returns the unsubscribe.
     * Other processes' removals are not seen here: a watcher re-checks with `find` as well.
     */
    watch(token: string, userId: number, end: () => void): () => void {
      const key = hash(token);
      const watcher = { userId, end };
      const set = watchers.get(key) ?? new Set();
      set.add(watcher);
      watchers.set(key, set);
      return () => {
        set.delete(watcher);
        if (set.size === 0 && watchers.get(key) === set) watchers.delete(key);
      };
    },

    /** Forgets what this process remembers of a user's sessions (after a change to the user). */
    forgetUser(userId: number): void {
      endWatchers((_, watched) => watched !== userId);
      generation++;
      // A lookup under way may have read the user as it was: later calls start their own.
      inflight.clear();
      for (const [key, entry] of cache) if (entry.record.user.id === userId) cache.delete(key);
    },

    /**
     * Sliding expiry, written at most once a minute per session so that reads stay reads;
     * the console's warning 120 s ahead covers the difference.
     */
    async touch(record: SessionRecord): Promise<Date> {
      const next = new Date(Date.now() + lengthSeconds * 1000);
      if (next.getTime() - record.expiresAt.getTime() < 60_000) return record.expiresAt;
      await db
        .update(sessions)
        .set({ expiresAt: next })
        .where(eq(sessions.tokenHash, record.tokenHash));
      return next;
    },

    async remove(token: string): Promise<void> {
      endWatchers((key) => key !== hash(token));
      generation++;
      inflight.delete(hash(token));
      cache.delete(hash(token));
      await db.delete(sessions).where(eq(sessions.tokenHash, hash(token)));
      // A lookup that started during the delete may have read the row: it fills nothing.
      generation++;
      inflight.delete(hash(token));
      cache.delete(hash(token));
    },

    /** Ends every session of a user (password or role change). */
    async removeForUser(userId: number): Promise<void> {
      this.forgetUser(userId);
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
