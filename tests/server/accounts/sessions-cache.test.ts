/**
 * The session cache under concurrency: when the remembered session expires under
 * load, the calls waiting for it share one lookup instead of each running the query.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/platform/db/client.ts';
import { createSessionRepository, type SessionRecord } from '#server/accounts/sessions.ts';

/** A database handle whose only query is the prepared session lookup, counted and held open. */
function fakeDb(row: () => SessionRecord | undefined) {
  const state = { executions: 0, release: [] as Array<() => void> };
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: () => chain,
    prepare: () => ({
      execute: async () => {
        state.executions++;
        await new Promise<void>((resolve) => state.release.push(resolve));
        const found = row();
        return found ? [found] : [];
      },
    }),
  };
  const db = {
    select: () => chain,
    delete: () => ({ where: async () => undefined }),
  } as unknown as Db;
  const releaseAll = () => state.release.splice(0).forEach((resolve) => resolve());
  return { db, state, releaseAll };
}

const record = (): SessionRecord => ({
  tokenHash: 'h',
  expiresAt: new Date(Date.now() + 3_600_000),
  user: { id: 7, login: 'manager' } as SessionRecord['user'],
});

describe('session lookups', () => {
  it('share one query among concurrent calls, then answer from the cache', async () => {
    const { db, state, releaseAll } = fakeDb(record);
    const sessions = createSessionRepository(db, 3600, 60_000);
    const calls = Array.from({ length: 50 }, () => sessions.find('token'));
    releaseAll();
    const found = await Promise.all(calls);
    expect(state.executions).toBe(1);
    expect(found.every((r) => r?.user.id === 7)).toBe(true);
    expect((await sessions.find('token'))?.user.id).toBe(7);
    expect(state.executions).toBe(1);
    // Another token is its own lookup.
    const other = sessions.find('other');
    releaseAll();
    await other;
    expect(state.executions).toBe(2);
  });

  it('a sign-out during a lookup leaves nothing remembered: the next call reads again', async () => {
    let row: SessionRecord | undefined = record();
    const { db, state, releaseAll } = fakeDb(() => row);
    const sessions = createSessionRepository(db, 3600, 60_000);
    const before = sessions.find('token');
    const removal = sessions.remove('token');
    row = undefined;
    releaseAll();
    await Promise.all([before, removal]);
    const after = sessions.find('token');
    releaseAll();
    expect(await after).toBeUndefined();
    expect(state.executions).toBe(2);
  });

  it('a user change during a lookup leaves nothing remembered', async () => {
    const { db, state, releaseAll } = fakeDb(record);
    const sessions = createSessionRepository(db, 3600, 60_000);
    const before = sessions.find('token');
    sessions.forgetUser(7);
    releaseAll();
    await before;
    const after = sessions.find('token');
    releaseAll();
    await after;
    expect(state.executions).toBe(2);
  });
});
