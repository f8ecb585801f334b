import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { UserRow } from './users.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionRecord {
  tokenHash: string;
  expiresAt: Date;
  user: UserRow;
}

export function createSessionRepository(db: Db, lengthSeconds: number) {
  return {
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + lengthSeconds * 1000);
      await db.insert(sessions).values({ tokenHash: hash(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async find(token: string): Promise<SessionRecord | undefined> {
      const [row] = await db
        .select({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hash(token)), gt(sessions.expiresAt, new Date())));
      return row;
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
      await db.delete(sessions).where(eq(sessions.tokenHash, hash(token)));
    },

    async removeForUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
