/**
 * Two-factor sign-in for staff: TOTP (RFC 6238 through otplib: SHA-1, 6 digits,
 * 30 s steps, one step of clock skew either way), QR enrolment, ten single-use recovery codes,
 * the pending second step of a sign-in, and the per-role requirement (two-factor-policy.ts).
 *
 * Secrets are encrypted at rest (AES-256-GCM; the key is TWO_FACTOR_KEY or one generated into
 * app_secrets) and sent back only while an enrolment is unconfirmed. A code is accepted once: the
 * accepted time step is stored and a code of that step or an earlier one is refused (replay).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { appSecret } from '../platform/db/app-secrets.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  signInChallenges,
  userRecoveryCodes,
  users,
  userTwoFactor,
} from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { HttpError } from '../platform/http/http-error.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_SECONDS = 300;
const ISSUER = 'Vitrina';
const KEY_NAME = 'two-factor-key';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** `abcde-fghij`: 50 random bits in the base32 alphabet, easy to type. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** Case, spaces and dashes do not matter when a recovery code is typed. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export interface TwoFactorUser {
  id: number;
  login: string;
  roles: readonly string[];
}

export function createTwoFactor(
  db: Db,
  options: {
    /** The roles whose holders must use it now (the policy's setting, read at each use). */
    requiredRoles: () => Promise<readonly string[]>;
    key?: string | undefined;
  },
) {
  let key: Promise<Buffer> | undefined;
  const loadKey = async () => {
    if (options.key) return createHash('sha256').update(options.key).digest();
    return Buffer.from(await appSecret(db, KEY_NAME), 'base64url');
  };
  const secretKey = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  async function encrypt(secret: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await secretKey(), iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  async function decrypt(stored: string): Promise<string> {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !data)
      throw new Error('Unknown two-factor secret format');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await secretKey(),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  const requires = async (roles: readonly string[]) => {
    const required = await options.requiredRoles();
    return roles.some((role) => required.includes(role));
  };

  async function recoveryCodesLeft(userId: number, tx: Db | Tx = db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  async function status(user: TwoFactorUser, tx: Db | Tx = db) {
    const [row] = await tx
      .select({ enabledAt: userTwoFactor.enabledAt })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.id));
    return {
      enrolled: Boolean(row?.enabledAt),
      required: await requires(user.roles),
      recoveryCodesLeft: await recoveryCodesLeft(user.id, tx),
    };
  }

  /**
   * Checks a TOTP code against the user's secret (confirmed, or pending with `pending`) at `now`,
   * one step of skew either way, and consumes its time step: the same code (or an older one)
   * is refused afterwards, also when two requests race (the update is conditional).
   */
  async function checkTotp(
    userId: number,
    code: string,
    now: number,
    pending = false,
  ): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    if (!row || (pending ? row.enabledAt !== null : row.enabledAt === null)) return false;
    const secret = await decrypt(row.secret);
    let result;
    try {
      result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now / 1000),
        epochTolerance: TOTP_PERIOD_SECONDS,
        ...(row.lastTimeStep !== null && { afterTimeStep: row.lastTimeStep }),
      });
    } catch {
      return false;
    }
    if (!result.valid) return false;
    const step =
      (result as { timeStep?: number }).timeStep ??
      Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + result.delta;
    const taken = await db
      .update(userTwoFactor)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastTimeStep), lt(userTwoFactor.lastTimeStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return taken.length === 1;
  }

  /** Marks a recovery code used; false when unknown or used before. */
  async function useRecoveryCode(userId: number, code: string, tx: Db | Tx = db): Promise<boolean> {
    const normal = normalRecoveryCode(code);
    if (normal.length !== 10) return false;
    const used = await tx
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userRecoveryCodes.userId, userId),
          eq(userRecoveryCodes.codeHash, sha256(normal)),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id });
    return used.length === 1;
  }

  async function replaceRecoveryCodes(tx: Db | Tx, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx
      .insert(userRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: sha256(normalRecoveryCode(code)) })));
    return codes;
  }

  const wrongCode = () => new HttpError(400, 'Wrong or already used code');

  return {
    requires,
    status,
    checkTotp,
    useRecoveryCode,

    /** A TOTP code or a recovery code: which one it was, or null when refused. */
    async checkCode(
      userId: number,
      code: string,
      now = Date.now(),
    ): Promise<'totp' | 'recovery' | null> {
      if (/^\d{6}$/.test(code)) return (await checkTotp(userId, code, now)) ? 'totp' : null;
      return (await useRecoveryCode(userId, code)) ? 'recovery' : null;
    },

    /** A new pending secret (replacing an unconfirmed one); 409 when two-factor sign-in is on. */
    async setup(user: TwoFactorUser) {
      // encrypted before the transaction: the key may be read from the database the first time
      // (one connection on the embedded database: a read beside an open transaction would wait)
      const secret = generateSecret();
      const stored = await encrypt(secret);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(userTwoFactor)
          .where(eq(userTwoFactor.userId, user.id))
          .for('update');
        if (row?.enabledAt)
          throw new HttpError(409, 'Two-factor sign-in is already on: turn it off first');
        await tx
          .insert(userTwoFactor)
          .values({ userId: user.id, secret: stored })
          .onConflictDoUpdate({
            target: userTwoFactor.userId,
            set: { secret: stored, enabledAt: null, lastTimeStep: null, createdAt: new Date() },
          });
        await recordAudit(tx, {
          actor: user.login,
          action: 'two-factor-setup',
          entity: 'user-two-factor',
          entityId: user.login,
          before: { enrolled: false },
          after: { enrolled: false, pending: true },
        });
        const otpauthUrl = generateURI({ issuer: ISSUER, label: user.login, secret });
        const svg = await QRCode.toString(otpauthUrl, {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
        });
        return {
          secret,
          otpauthUrl,
          qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        };
      });
    },

    /** Confirms a pending enrolment with a code: on, with ten fresh recovery codes. */
    async confirm(user: TwoFactorUser, code: string, now = Date.now()): Promise<string[]> {
      if (!(await checkTotp(user.id, code, now, true))) throw wrongCode();
      return db.transaction(async (tx) => {
        await tx
          .update(userTwoFactor)
          .set({ enabledAt: new Date(now) })
          .where(eq(userTwoFactor.userId, user.id));
        await tx.update(users).set({ twoFactor: true }).where(eq(users.id, user.id));
        const codes = await replaceRecoveryCodes(tx, user.id);
        await recordAudit(tx, {
          actor: user.login,
          action: 'two-factor-enable',
          entity: 'user-two-factor',
          entityId: user.login,
          before: { enrolled: false },
          after: { enrolled: true, recoveryCodesLeft: codes.length },
        });
        return codes;
      });
    },

    /** New recovery codes, confirmed with a current TOTP code. */
    async regenerate(user: TwoFactorUser, code: string, now = Date.now()): Promise<string[]> {
      if (!(await checkTotp(user.id, code, now))) throw wrongCode();
      return db.transaction(async (tx) => {
        const before = await recoveryCodesLeft(user.id, tx);
        const codes = await replaceRecoveryCodes(tx, user.id);
        await recordAudit(tx, {
          actor: user.login,
          action: 'two-factor-recovery-codes',
          entity: 'user-two-factor',
          entityId: user.login,
          before: { enrolled: true, recoveryCodesLeft: before },
          after: { enrolled: true, recoveryCodesLeft: codes.length },
        });
        return codes;
      });
    },

    /** Off (secret and codes deleted), confirmed with a code; 403 while a role requires it. */
    async disable(user: TwoFactorUser, code: string, now = Date.now()) {
      if (await requires(user.roles))
        throw new HttpError(403, 'Two-factor sign-in is required for your role');
      const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      if (!row?.enabledAt) throw new HttpError(409, 'Two-factor sign-in is not on');
      const kind = /^\d{6}$/.test(code)
        ? await checkTotp(user.id, code, now)
        : await useRecoveryCode(user.id, code);
      if (!kind) throw wrongCode();
      await db.transaction(async (tx) => {
        const before = await recoveryCodesLeft(user.id, tx);
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
        await tx.update(users).set({ twoFactor: false }).where(eq(users.id, user.id));
        await recordAudit(tx, {
          actor: user.login,
          action: 'two-factor-disable',
          entity: 'user-two-factor',
          entityId: user.login,
          before: { enrolled: true, recoveryCodesLeft: before },
          after: { enrolled: false },
        });
      });
      return status(user);
    },

    /** The second step of a sign-in: a token for the cookie, valid CHALLENGE_SECONDS. */
    async createChallenge(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
      await db.insert(signInChallenges).values({
        tokenHash: sha256(token),
        userId,
        expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
      });
      return token;
    },

    /** The user waiting behind a challenge token, or null when unknown or expired. */
    async challengeUser(token: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: signInChallenges.userId })
        .from(signInChallenges)
        .where(
          and(
            eq(signInChallenges.tokenHash, sha256(token)),
            gt(signInChallenges.expiresAt, new Date()),
          ),
        );
      return row?.userId ?? null;
    },

    async endChallenge(token: string): Promise<void> {
      await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, sha256(token)));
    },

    /** Audits a sign-in's second step that used up a recovery code. */
    async auditRecoveryUse(login: string, userId: number) {
      const left = await recoveryCodesLeft(userId);
      await recordAudit(db, {
        actor: login,
        action: 'two-factor-recovery-code-used',
        entity: 'user-two-factor',
        entityId: login,
        before: { recoveryCodesLeft: left + 1 },
        after: { recoveryCodesLeft: left },
      });
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
