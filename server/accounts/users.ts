import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { anyOf } from '../platform/db/any.ts';
import type { User } from '#contract/entities/user.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { userSites, userTabs, users } from '../platform/db/schema.ts';
import { hashPassword } from './password.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  login: string;
  password: string;
  name: string;
  email: string | null;
  isClient: boolean;
  roles: string[];
}

async function hydrate(db: Db | Tx, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [tabs, links] = await Promise.all([
    db
      .select()
      .from(userTabs)
      .where(anyOf(userTabs.userId, ids, 'int'))
      .orderBy(asc(userTabs.id)),
    db
      .select()
      .from(userSites)
      .where(anyOf(userSites.userId, ids, 'int'))
      .orderBy(asc(userSites.siteId)),
  ]);
  return rows.map((row) => ({
    login: row.login,
    name: row.name,
    email: row.email,
    isClient: row.isClient,
    roles: row.roles,
    tabs: tabs
      .filter((tab) => tab.userId === row.id)
      .map(({ id, title, pathName, enabled }) => ({ id, title, pathName, enabled })),
    siteIds: links.filter((link) => link.userId === row.id).map((link) => link.siteId),
  }));
}

export function createUserRepository(db: Db) {
  async function rowByLogin(
    tx: Db | Tx,
    login: string,
    lock = false,
  ): Promise<UserRow | undefined> {
    const query = tx.select().from(users).where(eq(users.login, login));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  return {
    rowByLogin: (login: string) => rowByLogin(db, login),

    async rowById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async list(): Promise<User[]> {
      return hydrate(db, await db.select().from(users).orderBy(asc(users.login)));
    },

    async get(login: string): Promise<User | undefined> {
      const row = await rowByLogin(db, login);
      return row ? (await hydrate(db, [row]))[0] : undefined;
    },

    async toUser(row: UserRow): Promise<User> {
      return (await hydrate(db, [row]))[0]!;
    },

    async create(input: NewUser, actor: string): Promise<User> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            login: input.login,
            name: input.name,
            email: input.email,
            isClient: input.isClient,
            roles: input.roles,
            passwordHash,
            chatToken: randomBytes(24).toString('base64url'),
          })
          .returning();
        const user = (await hydrate(tx, [row!]))[0]!;
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'user',
          entityId: input.login,
          after: user,
        });
        return user;
      });
    },

    /** Applies `change` to the locked row inside one transaction and audits before/after. */
    async update(
      login: string,
      actor: string,
      action: string,
      change: (tx: Tx, row: UserRow) => Promise<void>,
    ): Promise<User | undefined> {
      return db.transaction(async (tx) => {
        const row = await rowByLogin(tx, login, true);
        if (!row) return undefined;
        const before = (await hydrate(tx, [row]))[0];
        await change(tx, row);
        const updated = await rowByLogin(tx, login);
        const after = (await hydrate(tx, [updated!]))[0]!;
        await recordAudit(tx, { actor, action, entity: 'user', entityId: login, before, after });
        return after;
      });
    },

    async setFields(
      tx: Tx,
      id: number,
      fields: Partial<Pick<UserRow, 'name' | 'email' | 'isClient' | 'roles' | 'passwordHash'>>,
    ): Promise<void> {
      await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async attachSite(tx: Tx, userId: number, siteId: number): Promise<void> {
      await tx.insert(userSites).values({ userId, siteId }).onConflictDoNothing();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
