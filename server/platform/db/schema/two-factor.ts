import {
  bigint,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** A user's TOTP secret, encrypted; `enabledAt` null while enrolment is unconfirmed. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url; never sent back once confirmed. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted TOTP time step: a code of that step or an earlier one is a replay. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Recovery codes: sha256 of each, single-use (`usedAt`). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right, waiting for its second step (cookie token, sha256 here). */
export const signInChallenges = pgTable('sign_in_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Which roles must sign in with a second factor, as an administrator last set it: one row, absent
 * until the first change (then TWO_FACTOR_ROLES, read at start, is the setting).
 */
export const twoFactorPolicy = pgTable(
  'two_factor_policy',
  {
    id: integer('id').primaryKey().default(1),
    roles: text('roles').array().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('two_factor_policy_one_row', sql`${t.id} = 1`)],
);
