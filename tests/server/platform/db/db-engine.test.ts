import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { anyOf, noneOf } from '#server/platform/db/any.ts';
import type { Database } from '#server/platform/db/client.ts';
import { DatabaseRestartedError, QueryTimeoutError } from '#server/platform/http/db-errors.ts';
import { verticals } from '#server/platform/db/schema.ts';
import { createTestDatabase, DATABASES } from '#tests/helpers/server.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `vertical-${i}`);

describe.each(DATABASES)('database engine on %s (issue 20.1)', (kind) => {
  let database: Database;
  afterAll(() => database?.close());

  it('answers statements with hundreds of values, deep OR lists and array parameters alike', async () => {
    // The embedded engine cannot cancel the runaway statement below: it is stopped (a restart)
    // this long after its deadline, and the next statement waits for that.
    database = await createTestDatabase(kind, undefined, { runawayMs: 2000 });
    const { db } = database;
    await db.insert(verticals).values(names(3).map((name) => ({ name })));
    const many = names(600);
    // One array parameter, whatever the list's length.
    expect(await db.select().from(verticals).where(anyOf(verticals.name, many))).toHaveLength(3);
    expect(
      await db
        .select()
        .from(verticals)
        .where(noneOf(verticals.name, [...many.slice(1), 'x"y\\z'])),
    ).toEqual([expect.objectContaining({ name: 'vertical-0' })]);
    expect(await db.select().from(verticals).where(anyOf(verticals.name, []))).toHaveLength(0);
    // What broke the embedded engine: 600 bind parameters, and a 600-deep OR expression.
    expect(await db.select().from(verticals).where(inArray(verticals.name, many))).toHaveLength(3);
    const deep = or(...many.map((name) => eq(verticals.name, name)));
    expect(await db.select().from(verticals).where(deep)).toHaveLength(3);
  }, 120_000);

  it('keeps answering after failing statements (NUL byte, integer overflow)', async () => {
    const { db } = database;
    await expect(run(db, sql`select ${'a\u0000b'}::text as t`)).rejects.toThrow();
    await expect(run(db, sql`select ${2 ** 31}::int as n`)).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(verticals).values({ name: 'rolled-back' });
        await run(tx, sql`select ${'\u0000'}::text`);
      }),
    ).rejects.toThrow();
    const rows = await db.select().from(verticals).where(eq(verticals.name, 'rolled-back'));
    expect(rows).toHaveLength(0);
    const { rows: one } = await run<{ n: number }>(db, sql`select 1 as n`);
    expect(one).toEqual([{ n: 1 }]);
  });

  it('stops a bounded query past its deadline with a 503 error, then answers again', async () => {
    const { db } = database;
    const error = await database
      .bounded(300, (bounded) =>
        run(bounded, sql`select count(*) from generate_series(1, 3000000000) g`),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect((error as QueryTimeoutError).status).toBe(503);
    const { rows } = await run<{ n: number }>(db, sql`select 2 as n`);
    expect(rows).toEqual([{ n: 2 }]);
  }, 120_000);
});

describe('embedded engine watchdog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-watchdog-'));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts a wedged worker on the same data directory; the wedged call fails with 503, the waiting ones go to the new worker', async () => {
    database = await createTestDatabase('pglite', join(dir, 'db'), { watchdogMs: 1500 });
    const { db, engine } = database;
    await db.insert(verticals).values({ name: 'survivor' });
    const wedged = run(db, sql`select count(*) from generate_series(1, 3000000000) g`);
    const queued = db.select().from(verticals);
    const [wedgedResult, queuedResult] = await Promise.allSettled([wedged, queued]);
    expect(wedgedResult.status).toBe('rejected');
    const cause = (wedgedResult as PromiseRejectedResult).reason as { cause?: unknown };
    expect(cause.cause ?? cause).toBeInstanceOf(DatabaseRestartedError);
    expect(queuedResult).toEqual({
      status: 'fulfilled',
      value: [expect.objectContaining({ name: 'survivor' })],
    });
    expect(engine!.restarts).toBe(1);
    // The new worker reopened the same data: the committed row is there.
    const rows = await db.select().from(verticals);
    expect(rows.map((row) => row.name)).toEqual(['survivor']);
  }, 180_000);

  it('restarts when a transaction stays open past the limit, and the next transaction works', async () => {
    const { db, engine } = database!;
    const stuck = db.transaction(async (tx) => {
      await tx.insert(verticals).values({ name: 'never-committed' });
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await tx.insert(verticals).values({ name: 'after-the-restart' });
    });
    await expect(stuck).rejects.toThrow();
    expect(engine!.restarts).toBe(2);
    await db.transaction(async (tx) => {
      await tx.insert(verticals).values({ name: 'committed' });
    });
    const rows = await db.select().from(verticals);
    expect(rows.map((row) => row.name).sort()).toEqual(['committed', 'survivor']);
  }, 180_000);
});

describe('embedded engine under public load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-public-load-'));
  let database: Database | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    database = await createTestDatabase('pglite', join(dir, 'db'), { runawayMs: 1500 });
    await database.db.insert(verticals).values({ name: 'kept' });
  }, 180_000);
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const slow = sql`select count(*) from generate_series(1, 3000000) g`;

  it('runs the console statements before public ones that wait', async () => {
    const { db } = database!;
    const order: string[] = [];
    const publicReads = Array.from({ length: 4 }, (_, i) =>
      database!
        .bounded(60_000, (bounded) => run(bounded, slow))
        .then(() => order.push(`public ${i}`)),
    );
    // Sent after the public reads, answered before all but the one already running.
    const consoleRead = db
      .select()
      .from(verticals)
      .then(() => order.push('console'));
    await Promise.all([...publicReads, consoleRead]);
    expect(order.indexOf('console')).toBeLessThanOrEqual(1);
    expect(database!.engine!.restarts).toBe(0);
  }, 120_000);

  it('answers a public statement past its deadline with a 503 at once, without a restart; a runaway one is stopped later and the waiting calls still answer', async () => {
    const { db, engine } = database!;
    const started = Date.now();
    const stopped = await database!
      .bounded(300, (bounded) =>
        run(bounded, sql`select count(*) from generate_series(1, 3000000000) g`),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(stopped).toBeInstanceOf(QueryTimeoutError);
    // Answered at the deadline, not when the engine was freed.
    expect(engine!.restarts).toBe(0);
    const waiting = await db.select().from(verticals);
    expect(waiting.map((row) => row.name)).toEqual(['kept']);
    // The runaway statement was stopped runawayMs after its deadline (a restart), and the console
    // call waiting behind it went to the new worker.
    expect(engine!.restarts).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300 + 1500);
    expect(unhandled).toEqual([]);
  }, 120_000);

  it('leaves nothing unhandled when the engine restarts under every kind of call', async () => {
    const { db, engine } = database!;
    const before = engine!.restarts;
    const calls = [
      db.transaction(async (tx) => {
        await tx.insert(verticals).values({ name: 'lost' });
        await engine!.restart('a test restart');
        await tx.insert(verticals).values({ name: 'lost too' });
      }),
      database!.bounded(60_000, (bounded) => run(bounded, slow)),
      db.select().from(verticals),
      database!.listen('test_channel', () => undefined),
    ];
    const settled = await Promise.allSettled(calls);
    expect(settled[0]!.status).toBe('rejected');
    expect(settled.slice(1).map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(engine!.restarts).toBe(before + 1);
    expect((await db.select().from(verticals)).map((row) => row.name)).toEqual(['kept']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  }, 120_000);
});
