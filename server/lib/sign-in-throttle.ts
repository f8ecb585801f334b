import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInThrottle } from '../db/schema.ts';

export interface BackoffSettings {
  /** Failures allowed before the first wait. */
  free: number;
  /** The first wait (ms), doubled by every further failure. */
  baseMs: number;
  /** The longest wait (ms). */
  maxMs: number;
}

/**
 * The wait after the `failures`-th consecutive failure: none before `free` failures, then base,
 * 2·base, … capped at max.
 */
export function backoffMs(failures: number, settings: BackoffSettings): number {
  const over = failures - settings.free;
  if (over < 0) return 0;
  return Math.min(settings.maxMs, settings.baseMs * 2 ** Math.min(over, 40));
}

/** Rows untouched this long are swept at the next successful sign-in. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * The per-account sign-in limit (issue 20.5), beside the per-address one: the client address is
 * not enough (rotating addresses, shared proxies). It holds an account at most `maxMs` after its
 * last failure and a success clears it, so nobody can lock a user out for good.
 */
export function createSignInThrottle(db: Db, settings: BackoffSettings) {
  const key = (login: string) => login.trim().toLowerCase();

  return {
    /** Milliseconds the login must still wait, 0 when it may try now. */
    async waitMs(login: string, now = new Date()): Promise<number> {
      const [row] = await db
        .select({ blockedUntil: signInThrottle.blockedUntil })
        .from(signInThrottle)
        .where(eq(signInThrottle.login, key(login)));
      const until = row?.blockedUntil?.getTime() ?? 0;
      return Math.max(0, until - now.getTime());
    },

    /** Counts a failure and sets the next wait; returns that wait (ms). */
    async fail(login: string, now = new Date()): Promise<number> {
      const [row] = await db
        .insert(signInThrottle)
        .values({ login: key(login), failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: signInThrottle.login,
          set: { failures: sql`${signInThrottle.failures} + 1`, updatedAt: now },
        })
        .returning({ failures: signInThrottle.failures });
      const wait = backoffMs(row!.failures, settings);
      if (wait > 0) {
        await db
          .update(signInThrottle)
          .set({ blockedUntil: new Date(now.getTime() + wait) })
          .where(eq(signInThrottle.login, key(login)));
      }
      return wait;
    },

    /** A success: the account starts afresh; stale rows of other logins go too. */
    async succeed(login: string, now = new Date()): Promise<void> {
      await db.delete(signInThrottle).where(eq(signInThrottle.login, key(login)));
      await db
        .delete(signInThrottle)
        .where(lt(signInThrottle.updatedAt, new Date(now.getTime() - STALE_MS)));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
