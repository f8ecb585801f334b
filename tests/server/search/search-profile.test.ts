/**
 * The search profile across processes (server/search/profile.ts): a change saved through one
 * server — a boost rule, a synonym, an API parameter default written to its table — changes the
 * very next public search answered by another server on the same database, which kept the site's
 * profile from before. On PostgreSQL the other server is a second process
 * (tests/helpers/second-process.ts); the embedded database has one process, so there it is a
 * second app with its own profiles on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import { createBoostRuleRoute } from '#contract/routes/merchandising.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import { getApiParamsRoute } from '#contract/routes/search-config.ts';
import { buildApp } from '#server/app.ts';
import { run } from '#server/platform/db/sql.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { postgresUrl } from '#tests/helpers/database-snapshots.ts';
import {
  DATABASES,
  startTestServer,
  testEnv,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

/** Answers a public search's path and query string (`/public/search?…`) with its JSON. */
type Other = {
  get(url: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
};

/** The other server: a second process on PostgreSQL, a second app on the embedded database. */
async function startOther(server: TestServer): Promise<Other> {
  if (server.database.kind === 'pglite') {
    const app = await buildApp({
      env: testEnv(),
      database: server.database,
      staticRoot: false,
      jobs: { work: false, schedules: false },
    });
    return {
      async get(url) {
        const response = await app.inject({ url });
        return { status: response.statusCode, body: response.json() as unknown };
      },
      close: () => app.close(),
    };
  }
  const { rows } = await run<{ name: string }>(
    server.database.db,
    sql`select current_database() as name`,
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/helpers/second-process.ts'],
    {
      env: { ...process.env, DATABASE_URL: postgresUrl(rows[0]!.name) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the second process exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) resolve(Number(listening[1]));
    });
  });
  return {
    async get(url) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      return { status: response.status, body: (await response.json()) as unknown };
    },
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

describe.each(DATABASES)('the search profile across servers on %s', (kind) => {
  let server: TestServer;
  let other: Other;
  let admin: TestClient;
  let apiKey: string;
  const siteId = 1;

  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
    await importFeed(server.database, siteId, await demoFeedUrl({ offers: 400 }));
    apiKey = await apiKeyOf(server.database, siteId);
    admin = await server.as('admin');
    other = await startOther(server);
  }, 240_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  /** A public search answered by the other server. */
  const searchThere = async (st: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ apiKey, st, withFacets: 'false', ...extra });
    const { status, body } = await other.get(`/public/search?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return searchResponse.parse(body);
  };
  const ids = (answer: SearchResponse) => answer.products.map((p) => p.id);

  it('a boost rule saved here lifts its product in the next search there', async () => {
    const before = await searchThere('платье', { size: '20' });
    expect(before.totalHits).toBeGreaterThan(3);
    const last = before.products.at(-1)!.id;
    await admin.call(createBoostRuleRoute, {
      query: { siteId },
      body: {
        name: 'lift the last',
        queries: ['платье'],
        boostType: 'PRODUCTS',
        filters: [last],
        socket: null,
      },
    });
    expect(ids(await searchThere('платье', { size: '20' }))[0]).toBe(last);
  });

  it('a synonym saved here makes the next search there find the other term', async () => {
    // The other server keeps the site's profile (query lists included) from its first search.
    expect((await searchThere('худи')).totalHits).toBe(0);
    await admin.call(QUERY_LIST_ROUTES.synonyms.add, {
      query: { siteId },
      body: { term: 'Худи', variants: ['свитер'], mode: 'two-way' },
    });
    const found = await searchThere('худи');
    expect(found.totalHits).toBeGreaterThan(0);
    expect(found.totalHits).toBe((await searchThere('свитер')).totalHits);
  });

  it('a setting written straight to its table reaches the next search there', async () => {
    const { value } = await admin.call(getApiParamsRoute, { query: { siteId } });
    const params = value as { size: number };
    expect((await searchThere('платье')).size).toBe(params.size);
    // As another tool or a restore would write it: the table's triggers bump the version.
    await run(
      server.database.db,
      sql`insert into search_settings (site_id, key, value, updated_by)
          values (${siteId}, 'api-params', ${JSON.stringify({ ...params, size: 7 })}::jsonb, 'test')
          on conflict (site_id, key) do update set value = excluded.value`,
    );
    expect((await searchThere('платье')).size).toBe(7);
  });
});
