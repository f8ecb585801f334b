import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { signInThrottle } from '../platform/db/schema.ts';

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

/** The answer of {@link SignInThrottle.take}: the try may go ahead, or must wait `waitMs`. */
export type ThrottleTake = { ok: true } | { ok: false; waitMs: number };

/**
 * The per-account limit on guesses of a secret (passwords at sign-in, second-factor codes at
 * sign-in and on the profile), beside the per-address one: the client address is not enough
 * (rotating addresses, shared proxies). It holds an account at most `maxMs` after its last
 * failure and a success clears it, so nobody can lock a user out for good.
 *
 * A try is counted as a failure before its secret is checked, in one conditional statement: of
 * parallel tries only the free budget ever reaches the check (reading the wait first and counting
 * the failure after the slow check let every parallel try through). A success clears the count,
 * a right password that still needs its second step gives its try back.
 */
export function createSignInThrottle(db: Db, settings: BackoffSettings) {
  const key = (login: string) => login.trim().toLowerCase();
  /** The wait after `failures` failures, in SQL (the same curve as backoffMs). */
  const blockedUntilAfter = (failures: ReturnType<typeof sql>, now: Date) => sql`case
      when ${failures} >= ${settings.free}::int then ${now.toISOString()}::timestamptz
        + least(${settings.maxMs}::float8,
            ${settings.baseMs}::float8 * power(2::float8, least(${failures} - ${settings.free}::int, 40)))
          * interval '1 millisecond'
      else null end`;

  async function waitMs(login: string, now = new Date()): Promise<number> {
    const [row] = await db
      .select({ blockedUntil: signInThrottle.blockedUntil })
      .from(signInThrottle)
      .where(eq(signInThrottle.login, key(login)));
    const until = row?.blockedUntil?.getTime() ?? 0;
    return Math.max(0, until - now.getTime());
  }

  return {
    /** Milliseconds the login must still wait, 0 when it may try now. */
    waitMs,

    /**
     * Takes one try of the account's budget, atomically: counted as a failure now (and the next
     * wait set) unless the account is held, in which case nothing changes and the wait is told.
     */
    async take(login: string, now = new Date()): Promise<ThrottleTake> {
      const first = backoffMs(1, settings);
      const taken = await db
        .insert(signInThrottle)
        .values({
          login: key(login),
          failures: 1,
          updatedAt: now,
          blockedUntil: first > 0 ? new Date(now.getTime() + first) : null,
        })
        .onConflictDoUpdate({
          target: signInThrottle.login,
          set: {
            failures: sql`${signInThrottle.failures} + 1`,
            updatedAt: now,
            blockedUntil: blockedUntilAfter(sql`(${signInThrottle.failures} + 1)`, now),
          },
          setWhere: sql`${signInThrottle.blockedUntil} is null or ${signInThrottle.blockedUntil} <= ${now.toISOString()}::timestamptz`,
        })
        .returning({ failures: signInThrottle.failures });
      if (taken.length === 1) return { ok: true };
      return { ok: false, waitMs: Math.max(1, await waitMs(login, now)) };
    },

    /**
     * A right password whose sign-in still needs its second factor: the try taken for it is
     * given back (the count stays for the codes that follow; no success clears it yet).
     */
    async giveBack(login: string): Promise<void> {
      await db
        .update(signInThrottle)
        .set({
          failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
          blockedUntil: sql`case when ${signInThrottle.failures} - 1 >= ${settings.free}::int
            then ${signInThrottle.blockedUntil} else null end`,
        })
        .where(and(eq(signInThrottle.login, key(login))));
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
