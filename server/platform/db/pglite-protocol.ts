/**
 * Messages between the main thread (pglite-engine.ts) and the PGlite worker (pglite-worker.ts).
 * Every request carries an id; the worker says `running` when it starts one (the watchdog times
 * that) and answers `done` or `failed`. Statements of a transaction name its `tx`: the worker runs
 * nothing else until that transaction commits or rolls back.
 */
export type Request = (
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs answered as the server's text (drizzle parses dates itself). */
      rawTypes: number[];
      tx?: number | undefined;
    }
  | { id: number; op: 'exec'; text: string; tx?: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' }
) & {
  /** A bounded (public) statement: it runs only when no other request waits. */
  low?: boolean | undefined;
};

/** The main thread gave up on a request that has not started (its deadline passed). */
export interface Cancel {
  op: 'cancel';
  id: number;
}

export interface WorkerData {
  dataDir: string | undefined;
  migrationsFolder: string;
  /**
   * A PGlite dump (dumpDataDir, uncompressed tar) the in-memory database, or an empty `dataDir`,
   * starts from.
   */
  startFrom: string | undefined;
  /** PGlite's engine, compiled once in the process that starts the workers (pglite-engine.ts). */
  wasmModule: WebAssembly.Module;
}

export interface SerializedError {
  message: string;
  name?: string | undefined;
  code?: string | undefined;
  detail?: string | undefined;
  hint?: string | undefined;
  severity?: string | undefined;
  position?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  constraint?: string | undefined;
  schema?: string | undefined;
}

export interface QueryAnswer {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number | undefined;
}

export type Reply =
  | { type: 'ready' }
  | { type: 'startup-failed'; error: SerializedError }
  | { type: 'running'; id: number }
  /** A NOTIFY on a listened channel: sent before the answer of the statement that committed it. */
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: SerializedError };

const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'severity',
  'position',
  'table',
  'column',
  'constraint',
  'schema',
] as const;

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: SerializedError = { message: error.message, name: error.name };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') out[field] = value;
  }
  return out;
}

/** A database error rebuilt on the main thread, with PostgreSQL's fields (`code` …) on it. */
export function reviveError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  if (serialized.name) error.name = serialized.name;
  for (const field of ERROR_FIELDS) {
    if (serialized[field] !== undefined)
      (error as unknown as Record<string, unknown>)[field] = serialized[field];
  }
  return error;
}
