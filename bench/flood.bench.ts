/**
 * `npm run bench:flood`: BENCH_CLIENTS clients (default 8) repeat ordinary public searches with
 * the demo apiKey against a BENCH_OFFERS catalogue (default 200 000) for BENCH_SECONDS (default
 * 30) over loopback HTTP, while one console user reads `GET /api/site/1` in a loop. Prints, per
 * database: the public answers by status and their latency, the console's latency idle and during
 * the flood (p50/p95 and the ratio), and the embedded engine's restarts (the figure that must stay
 * 0). BENCH_DATABASES=pglite or postgres runs one; PUBLIC_QUERY_TIMEOUT_MS etc. pass through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '#server/app.ts';
import { DEMO_PASSWORD } from '#server/demo/seed.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { createTestDatabase, DATABASES, testEnv } from '#tests/helpers/server.ts';
import { importDemoCatalog } from './demo-catalog.ts';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const QUERIES = ['куртка', 'кроссовки женские', 'платье летнее', 'джинсы синие', 'худи', 'сумка'];

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const table: string[] = [];
const only = process.env.BENCH_DATABASES?.split(',');
for (const kind of DATABASES.filter((k) => !only || only.includes(k))) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-flood-'));
  const database = await createTestDatabase(kind, kind === 'pglite' ? join(dir, 'db') : undefined);
  const importStarted = performance.now();
  await importDemoCatalog(database, OFFERS, dir);
  console.log(
    `${kind}: imported ${OFFERS} offers in ${((performance.now() - importStarted) / 1000).toFixed(0)} s`,
  );
  // The production defaults (rate limits, admission), but the clients all come from loopback.
  const env = testEnv({
    PUBLIC_RATE_LIMIT: '1000000',
    PUBLIC_KEY_RATE_LIMIT: '1000000',
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] => /^PUBLIC_/.test(entry[0]) && entry[1] !== undefined,
      ),
    ),
  });
  const app = await buildApp({ env, database, staticRoot: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const apiKey = await apiKeyOf(database, 1);
  // As the console signs in: the first page load sets the XSRF cookie, the login sends it back.
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      jar.set(name!, value.join('='));
    }
  };
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${address}/api/me`));
  const signIn = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookies(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD }),
    redirect: 'manual',
  });
  if (signIn.status >= 400) throw new Error(`sign-in answered ${signIn.status}`);
  keep(signIn);
  const cookie = cookies();
  const consoleRead = () => timed(`${address}/api/site/1`, { cookie });
  try {
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await consoleRead();
      if (answer.status !== 200) throw new Error(`console read answered ${answer.status}`);
      idle.push(answer.ms);
    }
    const statuses = new Map<number, number>();
    const publicTimes: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    const client = async (n: number) => {
      for (let i = 0; performance.now() < until; i++) {
        const st = encodeURIComponent(QUERIES[(n + i) % QUERIES.length]!);
        const answer = await timed(
          `${address}/public/search?apiKey=${apiKey}&st=${st}&withFacets=true&useCategoryPrediction=true`,
        );
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        publicTimes.push(answer.ms);
      }
    };
    const flood = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const during: number[] = [];
    const consoleStatuses = new Map<number, number>();
    while (performance.now() < until) {
      const answer = await consoleRead();
      consoleStatuses.set(answer.status, (consoleStatuses.get(answer.status) ?? 0) + 1);
      during.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await flood;
    const p50Idle = percentile(idle, 50);
    const p50During = percentile(during, 50);
    table.push(
      `| ${kind} | ${JSON.stringify(Object.fromEntries(statuses))} | ${ms(percentile(publicTimes, 50))} / ${ms(percentile(publicTimes, 95))} | ${ms(p50Idle)} / ${ms(percentile(idle, 95))} | ${ms(p50During)} / ${ms(percentile(during, 95))} | ${(p50During / p50Idle).toFixed(1)} | ${JSON.stringify(Object.fromEntries(consoleStatuses))} | ${database.engine?.restarts ?? '—'} |`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  `\n${OFFERS} offers; ${CLIENTS} clients repeating /public/search (facets, category prediction) for ${SECONDS} s; the console reads GET /api/site/1 every 100 ms meanwhile\n`,
);
console.log(
  '| database | public answers | public p50 / p95 ms | console idle p50 / p95 ms | console during flood p50 / p95 ms | p50 ratio | console answers | engine restarts |',
);
console.log('|---|---|---:|---:|---:|---:|---|---:|');
for (const line of table) console.log(line);
