import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  getConfigRoute,
  saveIntegrationMvtConfigRoute,
  saveMvtConfigRoute,
} from '#contract/routes/configs.ts';
import { configVersions } from '#server/platform/db/schema.ts';
import { appendVersion } from '#server/configs/repository.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** Site 2 (the disabled demo site) starts with no configs. */
const SITE = 2;
const group = (name: string, share: number, enabled = true) => ({
  name,
  enabled,
  action: 'DISABLE_IS' as const,
  share,
  script: '',
});

describe.each(DATABASES)('MVT config on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  const mvtRows = () =>
    server.database.db
      .select()
      .from(configVersions)
      .where(and(eq(configVersions.siteId, SITE), eq(configVersions.kind, 'mvt')));

  it('refuses enabled groups over 100 % together (60 % + 60 %) with 400, writing nothing', async () => {
    const admin = await server.as('admin');
    const before = (await mvtRows()).length;
    const error = await failure(
      admin.call(saveIntegrationMvtConfigRoute, {
        query: { siteId: SITE, baseVersionId: 'null' },
        body: [group('A', 60), group('B', 60)],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/120 %/);
    expect((await mvtRows()).length).toBe(before);
    // A disabled group does not count.
    const saved = await admin.call(saveIntegrationMvtConfigRoute, {
      query: { siteId: SITE, baseVersionId: 'null' },
      body: [group('A', 60), group('B', 60, false)],
    });
    expect(saved.config).toEqual([group('A', 60), group('B', 60, false)]);
  });

  it('reads and saves the spec list; the base version comes in the query (stale → 409, absent → latest)', async () => {
    const admin = await server.as('admin');
    const first = await admin.call(saveMvtConfigRoute, {
      query: { siteId: SITE, baseVersionId: 'null' },
      body: [group('A', 40)],
    });
    const read = await admin.call(getConfigRoute, {
      params: { id: SITE, kind: 'mvt' },
      query: { test: 'false' },
    });
    expect(read.config).toEqual([group('A', 40)]);
    await admin.call(saveMvtConfigRoute, {
      query: { siteId: SITE, baseVersionId: String(first.versionId) },
      body: [group('A', 50)],
    });
    const stale = await failure(
      admin.call(saveMvtConfigRoute, {
        query: { siteId: SITE, baseVersionId: String(first.versionId) },
        body: [group('A', 10)],
      }),
    );
    expect(stale.status).toBe(409);
    const unchecked = await admin.call(saveMvtConfigRoute, {
      query: { siteId: SITE },
      body: [group('A', 20)],
    });
    expect(unchecked).toMatchObject({ version: 3, config: [group('A', 20)] });
  });

  it('migration 0013 turns stored {entries} versions into their list', async () => {
    const copy = { siteId: SITE, kind: 'mvt' as const, key: 7, test: true };
    await appendVersion(server.database.db, {
      copy,
      data: { entries: [group('old', 30)] },
      author: 'seed',
      baseVersionId: null,
    });
    await appendVersion(server.database.db, {
      copy: { ...copy, key: 8 },
      data: {},
      author: 'seed',
      baseVersionId: null,
    });
    const text = readFileSync(
      new URL('../../../server/platform/db/migrations/0013_mvt_config_list.sql', import.meta.url),
      'utf8',
    );
    await server.database.db.execute(sql.raw(text));
    const rows = await mvtRows();
    const data = (key: number) => rows.find((row) => row.key === key)!.data;
    expect(data(7)).toEqual([group('old', 30)]);
    expect(data(8)).toEqual([]);
    expect(rows.every((row) => Array.isArray(row.data))).toBe(true);
  });
});
