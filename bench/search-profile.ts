/**
 * `npm run bench:search-profile -- [--offers N]`: where a public search and autocomplete spend their
 * time on PostgreSQL. Every statement the two calls send is timed at the driver (node-postgres
 * `Client.query`) while the bench's queries are asked through `app.inject`; the table gives, per
 * statement kind, how many a call sends and the mean milliseconds a call spends in them, and what
 * is left of the call's wall time (JavaScript, the inject round trip).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { createTestDatabase, testEnv } from '#tests/helpers/server.ts';
import { importDemoCatalog, SEARCH_QUERIES } from './demo-catalog.ts';

const { values: args } = parseArgs({
  options: { offers: { type: 'string' }, explain: { type: 'string' } },
});
/** --explain QUERY: EXPLAIN (ANALYZE, BUFFERS) every statement kind a call sends for QUERY. */
const EXPLAIN = args.explain;
const OFFERS = Number(args.offers ?? process.env.BENCH_OFFERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const QUERIES = SEARCH_QUERIES;

interface Tally {
  calls: number;
  ms: number;
}
let recording: Map<string, Tally> | null = null;
/** With --explain: the first statement of each kind, with its values, to EXPLAIN afterwards. */
let sampling: Map<string, { text: string; values: unknown[] }> | null = null;

/** A statement's kind: its text with the values and whitespace folded, cut to a readable length. */
const kindOf = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').replace(/"/g, '').trim().slice(0, 90);

const record = (text: string, ms: number, values: unknown[]) => {
  // The job queue polls on its own connections meanwhile: not the call's.
  if (!recording || text.includes('pgboss.')) return;
  const kind = kindOf(text);
  if (sampling && !sampling.has(kind)) sampling.set(kind, { text, values });
  const tally = recording.get(kind) ?? { calls: 0, ms: 0 };
  tally.calls += 1;
  tally.ms += ms;
  recording.set(kind, tally);
};

// node-postgres answers a query by callback (the pool's form) or by promise (drizzle's client).
type QueryFn = (...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function timed(
  this: pg.Client,
  ...args: unknown[]
) {
  const config = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config.text;
  const values =
    (typeof config !== 'string' && config.values) ||
    (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
  const started = performance.now();
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const done = args[callback] as (...result: unknown[]) => void;
    args[callback] = (...result: unknown[]) => {
      record(text, performance.now() - started, values);
      done(...result);
    };
    return original.apply(this, args);
  }
  const answer = original.apply(this, args);
  if (answer instanceof Promise)
    return answer.finally(() => record(text, performance.now() - started, values));
  return answer;
};

const database = await createTestDatabase('postgres');
try {
  await importDemoCatalog(database, OFFERS);
  const env = testEnv({ PUBLIC_RATE_LIMIT: '100000000', PUBLIC_KEY_RATE_LIMIT: '100000000' });
  const app = await buildApp({ env, database, staticRoot: false });
  const apiKey = await apiKeyOf(database, 1);
  try {
    for (const call of ['search', 'autocomplete']) {
      const ask = async (st: string) => {
        const answer = await app.inject({
          url: `/public/${call}?apiKey=${apiKey}&st=${encodeURIComponent(st)}`,
        });
        if (answer.statusCode !== 200) throw new Error(`${call} ${st}: ${answer.statusCode}`);
      };
      for (const st of QUERIES) await ask(st);
      recording = new Map();
      const walls: number[] = [];
      for (let round = 0; round < ROUNDS; round++)
        for (const st of QUERIES) {
          const started = performance.now();
          await ask(st);
          walls.push(performance.now() - started);
        }
      const tallies = [...recording].sort((a, b) => b[1].ms - a[1].ms);
      recording = null;
      const asked = walls.length;
      const wall = walls.reduce((a, b) => a + b, 0) / asked;
      const inDatabase = tallies.reduce((sum, [, t]) => sum + t.ms, 0) / asked;
      const statements = tallies.reduce((sum, [, t]) => sum + t.calls, 0) / asked;
      const sorted = [...walls].sort((a, b) => a - b);
      console.log(
        `\n/public/${call}: ${OFFERS} offers, ${asked} calls; mean ${wall.toFixed(1)} ms, p50 ${sorted[Math.floor(asked / 2)]!.toFixed(1)} ms; ${statements.toFixed(1)} statements a call, ${inDatabase.toFixed(1)} ms of them at the driver\n`,
      );
      console.log('| statement | a call | mean ms a call | share |');
      console.log('|---|---:|---:|---:|');
      for (const [kind, tally] of tallies)
        console.log(
          `| \`${kind}\` | ${(tally.calls / asked).toFixed(1)} | ${(tally.ms / asked).toFixed(2)} | ${((tally.ms / asked / wall) * 100).toFixed(0)}% |`,
        );
      console.log(
        `| JavaScript and the round trip | | ${(wall - inDatabase).toFixed(2)} | ${(((wall - inDatabase) / wall) * 100).toFixed(0)}% |`,
      );
      if (EXPLAIN) {
        recording = new Map();
        sampling = new Map();
        await ask(EXPLAIN);
        const samples = [...sampling.values()].filter(({ text }) =>
          /^\s*(select|with)/i.test(text),
        );
        recording = sampling = null;
        for (const { text, values } of samples) {
          const plan = await database.executeSql(
            `explain (analyze, buffers, costs off) ${text}`,
            values,
          );
          console.log(`\n${kindOf(text)}\n`);
          for (const row of plan.rows as { 'QUERY PLAN': string }[])
            console.log(`    ${row['QUERY PLAN']}`);
        }
      }
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
