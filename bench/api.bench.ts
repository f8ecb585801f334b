/**
 * `npm run bench:api`: autocannon at 50 connections for 10 s against the console API signed in
 * (GET /api/site/all, GET /api/site/1) and against a bare Fastify JSON route in the same process,
 * on the embedded database and, when it answers, on PostgreSQL. Prints req/s, p50 and p99 and the
 * ratio of each to the bare route. The load generator runs in a worker thread (BENCH_WORKERS=0: in
 * the server's thread). Budget (DESIGN.md): config reads p99 < 20 ms on PostgreSQL,
 * < 50 ms on PGlite.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loginRoute } from '#contract/routes/auth.ts';
import { buildApp } from '#server/app.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { createTestDatabase, DATABASES, primed, testEnv } from '#tests/helpers/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/**
 * The load generator runs in a worker thread: in the server's own event loop it delays the
 * answers it times (its parsing and bookkeeping queue behind the server's), inflating the p99.
 */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
}

async function hammer(
  url: string,
  headers: Record<string, string> = {},
): Promise<Omit<Row, 'target'>> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    ...(WORKERS > 0 && { workers: WORKERS }),
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function bareRoute(): Promise<Row> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ siteId: 1, siteName: 'bare', enabled: true }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return { target: 'bare Fastify JSON route', ...(await hammer(`${address}/bare`)) };
  } finally {
    await bare.close();
  }
}

async function consoleRoutes(kind: (typeof DATABASES)[number]): Promise<Row[]> {
  const database = await createTestDatabase(kind);
  await seedDemo(database);
  const app = await buildApp({
    env: testEnv({ SESSION_CACHE_MS: '1000' }),
    database,
    staticRoot: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const client = await primed(app);
    await client.call(loginRoute, { body: { username: 'admin', password: 'vitrina-demo' } });
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const rows: Row[] = [];
    for (const path of ['/api/site/all', '/api/site/1']) {
      rows.push({
        target: `${kind}: GET ${path}`,
        ...(await hammer(`${address}${path}`, { cookie })),
      });
    }
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}

const rows: Row[] = [await bareRoute()];
for (const kind of DATABASES) rows.push(...(await consoleRoutes(kind)));
const bare = rows[0]!;
console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each\n`);
console.log('| target | req/s | p50 ms | p99 ms | req/s vs bare | p99 vs bare |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.target} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${(row.rps / bare.rps).toFixed(2)} | ${(row.p99 / Math.max(1, bare.p99)).toFixed(1)}× |`,
  );
}
