import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import * as z from 'zod';
import { reportChartId, type CustomReportTab } from '#contract/entities/custom-report.ts';
import { latinOf } from '#contract/text.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { appSecrets, userTabs, users } from '../platform/db/schema.ts';
import { notFound } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { createReportChartRepository } from './charts.ts';

type ChartId = string;

type TabRow = typeof userTabs.$inferSelect;

/** URL-safe slug of a title: Cyrillic in its formal Latin spelling, anything else reduced to `-`. */
export function slugify(title: string): string {
  const latin = latinOf(title.toLowerCase());
  const slug = latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'tab';
}

function toTab(row: TabRow, login: string): CustomReportTab {
  return {
    id: row.id,
    title: row.title,
    pathName: row.pathName,
    // Chart ids name report_charts rows: checked on write, dropped from tabs when deleted.
    chartsIds: row.chartIds,
    login,
    enabled: row.enabled,
  };
}

/** Custom report tabs (user_tabs): administered per user, each write audited. */
export function createCustomReportRepository(db: Db) {
  const charts = createReportChartRepository(db);
  const withLogin = () =>
    db
      .select({ tab: userTabs, login: users.login })
      .from(userTabs)
      .innerJoin(users, eq(users.id, userTabs.userId));

  /** Locks the user's row, so two writes cannot hand out the same pathName. */
  async function lockUser(tx: Tx, login: string) {
    const [user] = await tx
      .select({ id: users.id, login: users.login })
      .from(users)
      .where(eq(users.login, login))
      .for('update');
    if (!user) throw notFound('User');
    return user;
  }

  async function uniquePath(tx: Tx, userId: number, title: string, exceptId?: number) {
    const taken = new Set(
      (
        await tx
          .select({ pathName: userTabs.pathName })
          .from(userTabs)
          .where(
            exceptId === undefined
              ? eq(userTabs.userId, userId)
              : and(eq(userTabs.userId, userId), ne(userTabs.id, exceptId)),
          )
      ).map((row) => row.pathName),
    );
    const base = slugify(title);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  }

  async function loginOfTab(tx: Tx | Db, id: number) {
    const [row] = await tx
      .select({ tab: userTabs, login: users.login })
      .from(userTabs)
      .innerJoin(users, eq(users.id, userTabs.userId))
      .where(eq(userTabs.id, id));
    return row;
  }

  return {
    async listForUser(userId: number): Promise<CustomReportTab[]> {
      const rows = await withLogin().where(eq(userTabs.userId, userId)).orderBy(asc(userTabs.id));
      return rows.map((row) => toTab(row.tab, row.login));
    },

    async list(login?: string): Promise<CustomReportTab[]> {
      const rows = await (login ? withLogin().where(eq(users.login, login)) : withLogin()).orderBy(
        asc(users.login),
        asc(userTabs.id),
      );
      return rows.map((row) => toTab(row.tab, row.login));
    },

    async get(id: number): Promise<CustomReportTab | undefined> {
      const row = await loginOfTab(db, id);
      return row && toTab(row.tab, row.login);
    },

    create(
      input: { login: string; title: string; chartsIds: ChartId[]; enabled: boolean },
      actor: string,
    ): Promise<CustomReportTab> {
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, input.login);
        await charts.assertKnown(input.chartsIds, tx);
        const [row] = await tx
          .insert(userTabs)
          .values({
            userId: user.id,
            title: input.title,
            pathName: await uniquePath(tx, user.id, input.title),
            chartIds: input.chartsIds,
            enabled: input.enabled,
          })
          .returning();
        const tab = toTab(row!, user.login);
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'custom-report-tab',
          entityId: tab.id,
          after: tab,
        });
        return tab;
      });
    },

    update(
      id: number,
      input: { title: string; chartsIds: ChartId[] },
      actor: string,
    ): Promise<CustomReportTab | undefined> {
      return db.transaction(async (tx) => {
        const current = await loginOfTab(tx, id);
        if (!current) return undefined;
        await lockUser(tx, current.login);
        await charts.assertKnown(input.chartsIds, tx);
        const before = toTab(current.tab, current.login);
        const pathName =
          input.title === current.tab.title
            ? current.tab.pathName
            : await uniquePath(tx, current.tab.userId, input.title, id);
        const [row] = await tx
          .update(userTabs)
          .set({ title: input.title, chartIds: input.chartsIds, pathName })
          .where(eq(userTabs.id, id))
          .returning();
        const tab = toTab(row!, current.login);
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'custom-report-tab',
          entityId: id,
          before,
          after: tab,
        });
        return tab;
      });
    },

    remove(id: number, actor: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await loginOfTab(tx, id);
        if (!current) return false;
        await tx.delete(userTabs).where(eq(userTabs.id, id));
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'custom-report-tab',
          entityId: id,
          before: toTab(current.tab, current.login),
        });
        return true;
      });
    },

    /** Enables or disables a tab of the given login; undefined when that login has no such tab. */
    setEnabled(
      login: string,
      id: number,
      enabled: boolean,
      actor: string,
    ): Promise<CustomReportTab | undefined> {
      return db.transaction(async (tx) => {
        const current = await loginOfTab(tx, id);
        if (!current || current.login !== login) return undefined;
        const [row] = await tx
          .update(userTabs)
          .set({ enabled })
          .where(eq(userTabs.id, id))
          .returning();
        const tab = toTab(row!, login);
        await recordAudit(tx, {
          actor,
          action: enabled ? 'enable' : 'disable',
          entity: 'custom-report-tab',
          entityId: id,
          before: toTab(current.tab, login),
          after: tab,
        });
        return tab;
      });
    },
  };
}
export type CustomReportRepository = ReturnType<typeof createCustomReportRepository>;

const TOKEN_SECONDS = 5 * 60;
const SECRET_NAME = 'chart-jwt';

/**
 * Chart tokens (HS256, 5 minutes, claims site, chart, login). The key is REPORT_JWT_SECRET or a
 * random one stored in app_secrets on first use: shared by every process on the database.
 */
export function createChartTokens(db: Db, configured?: string) {
  let key: Promise<Uint8Array> | undefined;
  const loadKey = async () => {
    if (configured) return new TextEncoder().encode(configured);
    await db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
    return new TextEncoder().encode(row!.value);
  };
  const secret = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  return {
    async sign(claims: ChartClaims, now = Date.now()) {
      const issuedAt = Math.floor(now / 1000);
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_SECONDS)
        .sign(await secret());
      return { token, expiresAt: new Date((issuedAt + TOKEN_SECONDS) * 1000).toISOString() };
    },

    /** The token's claims, or null when it is forged, expired or malformed. */
    async verify(token: string): Promise<ChartClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await secret(), { algorithms: ['HS256'] });
        const claims = chartClaims.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}

export const chartClaims = z.object({
  site: z.number().int().positive(),
  chart: reportChartId,
  login: z.string().min(1),
});
export type ChartClaims = z.infer<typeof chartClaims>;
