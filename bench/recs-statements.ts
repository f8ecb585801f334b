/**
 * Times every statement the process sends, at the driver: node-postgres' `Client.query` (as
 * bench/search-profile.ts does) and the embedded engine's `RemotePglite.query`/`exec` (the
 * worker's round trip). Used by bench/diginetica-build.bench.ts `--profile` to show where a
 * `/public/recommendations` call spends its time, statement by statement.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { RemotePglite } from '#server/platform/db/pglite-engine.ts';

export interface Tally {
  calls: number;
  ms: number;
}

let recording: Map<string, Tally> | null = null;

/** A statement's kind: its text with the values and whitespace folded, cut to a readable length. */
const kindOf = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').replace(/"/g, '').trim().slice(0, 110);

const record = (text: string, ms: number) => {
  // The job queue polls on its own connections meanwhile: not the call's.
  if (!recording || text.includes('pgboss.')) return;
  const kind = kindOf(text);
  const tally = recording.get(kind) ?? { calls: 0, ms: 0 };
  tally.calls += 1;
  tally.ms += ms;
  recording.set(kind, tally);
};

type QueryFn = (...args: unknown[]) => unknown;
let installed = false;

/** Wraps both drivers once per process. */
export function installStatementTimer(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as unknown as QueryFn;
  (pg.Client.prototype as unknown as { query: QueryFn }).query = function timed(
    this: pg.Client,
    ...args: unknown[]
  ) {
    const config = args[0] as string | { text: string };
    const text = typeof config === 'string' ? config : config.text;
    const started = performance.now();
    const callback = args.findIndex((arg) => typeof arg === 'function');
    if (callback >= 0) {
      const done = args[callback] as (...result: unknown[]) => void;
      args[callback] = (...result: unknown[]) => {
        record(text, performance.now() - started);
        done(...result);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer instanceof Promise)
      return answer.finally(() => record(text, performance.now() - started));
    return answer;
  };
  const remote = RemotePglite.prototype as unknown as Record<'query' | 'exec', QueryFn>;
  for (const method of ['query', 'exec'] as const) {
    const own = remote[method];
    remote[method] = function timed(this: RemotePglite, ...args: unknown[]) {
      const started = performance.now();
      return (own.apply(this, args) as Promise<unknown>).finally(() =>
        record(String(args[0]), performance.now() - started),
      );
    };
  }
}

export function startRecording(): void {
  recording = new Map();
}

/** The statements recorded since startRecording, the costliest first. */
export function stopRecording(): [string, Tally][] {
  const tallies = [...(recording ?? new Map<string, Tally>())].sort((a, b) => b[1].ms - a[1].ms);
  recording = null;
  return tallies;
}

/** A markdown table: statements a call, mean ms a call, share of the call's mean wall time. */
export function statementTable(tallies: [string, Tally][], calls: number, wallMs: number): string {
  const wall = wallMs / calls;
  const inDatabase = tallies.reduce((sum, [, t]) => sum + t.ms, 0) / calls;
  const statements = tallies.reduce((sum, [, t]) => sum + t.calls, 0) / calls;
  const lines = [
    `${calls} calls, mean ${wall.toFixed(2)} ms; ${statements.toFixed(1)} statements a call, ${inDatabase.toFixed(2)} ms of them at the driver`,
    '',
    '| statement | a call | mean ms a call | share |',
    '|---|---:|---:|---:|',
    ...tallies.map(
      ([kind, t]) =>
        `| \`${kind}\` | ${(t.calls / calls).toFixed(2)} | ${(t.ms / calls).toFixed(2)} | ${((t.ms / calls / wall) * 100).toFixed(0)}% |`,
    ),
    `| the rest (JavaScript, HTTP) | | ${(wall - inDatabase).toFixed(2)} | ${(((wall - inDatabase) / wall) * 100).toFixed(0)}% |`,
  ];
  return lines.join('\n');
}
