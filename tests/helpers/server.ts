import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { ApiError, createApiClient, type ApiCall } from '#contract/client.ts';
import { buildApp } from '#server/app.ts';
import { openPglite, openPostgres, type Database } from '#server/platform/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '#server/demo/seed.ts';
import { readEnv, type Env } from '#server/platform/env.ts';
import { POSTGRES_ADMIN_URL, postgresUrl, withPostgresAdmin } from './database-snapshots.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export { POSTGRES_ADMIN_URL };

async function postgresAnswers(): Promise<boolean> {
  try {
    await withPostgresAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

const postgresUp = await postgresAnswers();
if (!postgresUp) {
  console.warn(
    `PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer: the PostgreSQL runs of the server suites are SKIPPED (PGlite runs only).`,
  );
}

/** The databases every server suite runs against: PGlite always, PostgreSQL when it answers. */
export const DATABASES: DatabaseKind[] = postgresUp ? ['pglite', 'postgres'] : ['pglite'];

/** The run's starting points (tests/helpers/database-snapshots.ts); none outside vitest (benches). */
function snapshots() {
  try {
    return { pglite: inject('pgliteDumps'), postgres: inject('postgresTemplates') };
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database, empty or (`seeded`) with the demo data; PostgreSQL ones are dropped
 * on close. Both start as a copy of the run's snapshot when there is one. A PGlite `dataDir`
 * keeps the database on disk: an empty folder starts from the snapshot, a folder that already
 * holds one (a restart) opens it as it is.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  dataDir?: string,
  options: { runawayMs?: number; watchdogMs?: number; seeded?: boolean } = {},
): Promise<Database> {
  const { seeded = false, ...engine } = options;
  const made = snapshots();
  if (kind === 'pglite') {
    const dumps = made?.pglite;
    const database = await openPglite({
      ...(dataDir && { dataDir }),
      ...(dumps && { startFrom: seeded ? dumps.seeded : dumps.migrated }),
      ...engine,
    });
    if (seeded && !dumps) await seedDemo(database);
    return database;
  }
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  const template = made?.postgres?.[seeded ? 'seeded' : 'migrated'];
  await withPostgresAdmin((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const database = await openPostgres(postgresUrl(name));
  if (seeded && !template) await seedDemo(database);
  return {
    ...database,
    async close() {
      await database.close();
      await withPostgresAdmin((client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return readEnv({
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    SESSION_CACHE_MS: '0',
    // Promotion suites run without the visual gate; tests/server/publishing/visual-gate.test.ts turns it on.
    VISUAL_GATE: 'off',
    ...overrides,
  });
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** A signed-out client with its own cookie jar. */
  client(): TestClient;
  /** A client signed in as one of the demo logins (or any login with the demo password). */
  as(login: string, password?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestClient {
  call: ApiCall;
  cookies: Map<string, string>;
  /** Raw request through the same jar, for what the contract client would refuse to send. */
  raw(options: {
    method: string;
    url: string;
    payload?: string | Buffer;
    headers?: Record<string, string>;
  }): Promise<{
    statusCode: number;
    json: () => unknown;
    headers: Record<string, unknown>;
    body: string;
  }>;
}

function createTestClient(app: FastifyInstance): TestClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: unknown) => {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = String(line).split(';');
      const [name, ...value] = pair!.split('=');
      const expired =
        attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) ||
        value.join('=') === '';
      if (expired) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value.join('='));
    }
  };
  const raw: TestClient['raw'] = async ({ method, url, payload, headers }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(payload !== undefined && { payload }),
      headers: { cookie: cookieHeader(), ...headers },
    });
    remember(response.headers['set-cookie']);
    return {
      statusCode: response.statusCode,
      json: () => response.json(),
      headers: response.headers,
      body: response.body,
    };
  };
  const call = createApiClient({
    xsrfToken: () => cookies.get('XSRF-TOKEN'),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const response = await raw({
        method: init?.method ?? 'GET',
        url: url.pathname + url.search,
        ...(typeof init?.body === 'string' && { payload: init.body }),
        headers: (init?.headers as Record<string, string>) ?? {},
      });
      return new Response(response.statusCode === 204 ? null : JSON.stringify(response.json()), {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { call, cookies, raw };
}

/** A signed-out client first fetches the XSRF cookie, as the console does on its first page load. */
async function primed(app: FastifyInstance): Promise<TestClient> {
  const client = createTestClient(app);
  await client.raw({ method: 'GET', url: '/api/me' });
  return client;
}

export async function startTestServer(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    database?: Database;
    work?: boolean;
    /** Fire the recurring schedules (default: when working). */
    schedules?: boolean;
    /** How often pg-boss checks its crons (default pg-boss's 30 s). */
    cronIntervalSeconds?: number;
  } = {},
): Promise<TestServer> {
  const seed = options.seed !== false;
  const database =
    options.database ?? (await createTestDatabase(kind, undefined, { seeded: seed }));
  // A database given by the caller is seeded here; on one made seeded this reads a count.
  if (seed) await seedDemo(database);
  const app = await buildApp({
    env: testEnv(options.env),
    database,
    staticRoot: false,
    jobs: {
      pollingIntervalSeconds: 0.5,
      ...(options.work !== undefined && { work: options.work }),
      ...(options.schedules !== undefined && { schedules: options.schedules }),
      ...(options.cronIntervalSeconds !== undefined && {
        cronIntervalSeconds: options.cronIntervalSeconds,
      }),
    },
  });
  await app.ready();
  return {
    app,
    database,
    client: () => createTestClient(app),
    async as(login, password = DEMO_PASSWORD) {
      const client = await primed(app);
      const { loginRoute } = await import('#contract/routes/auth.ts');
      await client.call(loginRoute, { body: { username: login, password } });
      return client;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export { primed };

/**
 * Polls a status call (GET `url`, through `client`'s jar) every `intervalMs` while it answers 202,
 * for `timeoutMs` at most; answers the last response.
 */
export async function untilSettled(
  client: TestClient,
  url: string,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): ReturnType<TestClient['raw']> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.raw({ method: 'GET', url });
    if (response.statusCode !== 202 || Date.now() > end) return response;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Runs `promise` and returns the ApiError it fails with (fails the test if it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}
