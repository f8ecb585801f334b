/**
 * Which roles must sign in with a second factor. TWO_FACTOR_ROLES (read at start) is the setting
 * until an administrator first changes it in the console; from then on the stored row is, in every
 * server process. A process reuses what it read for `cacheMs` (like a session), and forgets it at
 * once when it writes the setting itself.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { twoFactorPolicy } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export interface TwoFactorPolicySetting {
  roles: string[];
  /** `env` until an administrator has set it, then `console`. */
  source: 'env' | 'console';
  updatedBy: string | null;
  updatedAt: string | null;
}

const ROW_ID = 1;

export function createTwoFactorPolicy(
  db: Db,
  options: { defaultRoles: readonly string[]; cacheMs?: number },
) {
  const cacheMs = options.cacheMs ?? 1000;
  let cached: { at: number; setting: Promise<TwoFactorPolicySetting> } | undefined;

  async function load(): Promise<TwoFactorPolicySetting> {
    const [row] = await db.select().from(twoFactorPolicy).where(eq(twoFactorPolicy.id, ROW_ID));
    if (!row) {
      return { roles: [...options.defaultRoles], source: 'env', updatedBy: null, updatedAt: null };
    }
    return {
      roles: row.roles,
      source: 'console',
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function get(): Promise<TwoFactorPolicySetting> {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) {
      const setting = load();
      cached = { at: now, setting };
      setting.catch(() => {
        if (cached?.setting === setting) cached = undefined;
      });
    }
    return cached.setting;
  }

  return {
    get,
    /** The roles whose holders must sign in with a second factor now. */
    async requiredRoles(): Promise<readonly string[]> {
      return (await get()).roles;
    },
    /** Stores the roles (sorted, once each) with its audit row, in one transaction. */
    async set(roles: readonly string[], actor: string): Promise<TwoFactorPolicySetting> {
      const next = [...new Set(roles)].sort();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ roles: twoFactorPolicy.roles })
          .from(twoFactorPolicy)
          .where(eq(twoFactorPolicy.id, ROW_ID))
          .for('update');
        const before = row ? row.roles : [...options.defaultRoles];
        await tx
          .insert(twoFactorPolicy)
          .values({ id: ROW_ID, roles: next, updatedBy: actor, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: twoFactorPolicy.id,
            set: { roles: next, updatedBy: actor, updatedAt: new Date() },
          });
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'two-factor-roles',
          entityId: 'two-factor-roles',
          before: { roles: before },
          after: { roles: next },
          siteId: null,
        });
      });
      cached = undefined;
      return get();
    },
  };
}
export type TwoFactorPolicy = ReturnType<typeof createTwoFactorPolicy>;
