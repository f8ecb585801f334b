/**
 * The embedded database off the main thread. PGlite runs in a worker thread (pglite-worker.ts)
 * with a large stack; this side sends it statements, keeps a transaction's statements on the
 * worker's one connection, and watches it.
 *
 * Bounded (public) statements yield to the others: the worker runs them only when nothing else
 * waits. One that passes its deadline answers its caller with a 503 at once and is left to finish
 * on its own; WASM PGlite cannot cancel a statement, so only one still running `runawayMs` after
 * its deadline, a statement past the watchdog limit or a transaction left open past it terminates
 * the worker and starts a new one on the same data directory. A restart fails only what it has to
 * (the running statement and the open transaction's); the calls still waiting go to the new worker.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { DatabaseRestartedError, QueryTimeoutError } from '../http/db-errors.ts';
import {
  reviveError,
  type QueryAnswer,
  type Reply,
  type Request,
  type WorkerData,
} from './pglite-protocol.ts';
import { pgliteModule } from './pglite-wasm.ts';

export interface PgliteEngineOptions {
  dataDir?: string | undefined;
  migrationsFolder: string;
  /**
   * A dump of a database (PGlite dumpDataDir, uncompressed) an in-memory engine starts from, and
   * starts from again after a restart: restoring one takes a fraction of a second where creating
   * and migrating an empty one takes seconds (the test suites start hundreds). With `dataDir`, an
   * empty directory starts from it; one that holds a database (a restart) opens that instead.
   */
  startFrom?: string | undefined;
  /** A statement or an open transaction past this many ms restarts the worker (default 5 min). */
  watchdogMs?: number | undefined;
  /** The worker's stack in MB (default 256: deep expressions parse instead of overflowing). */
  stackSizeMb?: number | undefined;
  /**
   * A bounded statement still running this many ms after its deadline restarts the worker
   * (default 30 s): its caller was answered at the deadline, the engine is freed here.
   */
  runawayMs?: number | undefined;
  /** Where restarts are reported (default console.warn). */
  warn?: ((message: string) => void) | undefined;
}

type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

interface Call {
  id: number;
  request: RequestBody;
  resolve(value: unknown): void;
  reject(error: Error): void;
  deadline: number | undefined;
  timeoutMs: number | undefined;
  startedAt: number | undefined;
  /** Its caller was answered (deadline passed) while it ran: the answer is dropped. */
  abandoned: boolean;
}

interface Deadline {
  deadline: number;
  timeoutMs: number;
}

const deadlines = new AsyncLocalStorage<Deadline>();

/** Runs `work` with every statement it sends to the engine due within `timeoutMs` from now. */
export function withDeadline<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run({ deadline: Date.now() + timeoutMs, timeoutMs }, work);
}

const bootUrl = new URL('./pglite-worker-boot.mjs', import.meta.url);
const TICK_MS = 50;

export class PgliteEngine {
  readonly #options: PgliteEngineOptions & { wasmModule: WebAssembly.Module };
  readonly #watchdogMs: number;
  readonly #runawayMs: number;
  #worker: Worker | null = null;
  #ready: Promise<void> = Promise.resolve();
  #calls = new Map<number, Call>();
  #lastId = 0;
  #running: Call | null = null;
  #openTx: { tx: number; since: number } | null = null;
  /** Begins given up on before their answer: a late answer is rolled back. */
  #abandonedBegins = new Set<number>();
  #timer: NodeJS.Timeout;
  #closed = false;
  #listeners = new Map<string, Set<(payload: string) => void>>();
  /** How many times the watchdog (or a crash) restarted the worker. */
  restarts = 0;

  private constructor(options: PgliteEngineOptions & { wasmModule: WebAssembly.Module }) {
    this.#options = options;
    this.#watchdogMs = options.watchdogMs ?? 300_000;
    this.#runawayMs = options.runawayMs ?? 30_000;
    this.#timer = setInterval(() => this.#watch(), TICK_MS);
    this.#timer.unref();
  }

  static async start(options: PgliteEngineOptions): Promise<PgliteEngine> {
    const engine = new PgliteEngine({ ...options, wasmModule: await pgliteModule() });
    engine.#ready = engine.#spawn();
    try {
      await engine.#ready;
    } catch (error) {
      clearInterval(engine.#timer);
      await engine.#worker?.terminate();
      throw error;
    }
    return engine;
  }

  #spawn(): Promise<void> {
    const workerData: WorkerData = {
      dataDir: this.#options.dataDir,
      migrationsFolder: this.#options.migrationsFolder,
      startFrom: this.#options.startFrom,
      wasmModule: this.#options.wasmModule,
    };
    const worker = new Worker(bootUrl, {
      workerData,
      resourceLimits: { stackSizeMb: this.#options.stackSizeMb ?? 256 },
    });
    this.#worker = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (reply: Reply) => {
        if (reply.type === 'ready') {
          ready = true;
          resolve();
        } else if (reply.type === 'startup-failed') {
          reject(reviveError(reply.error));
        } else if (worker === this.#worker) {
          this.#onReply(reply);
        }
      });
      worker.on('error', (error) => {
        if (!ready) reject(error);
        else if (worker === this.#worker) void this.restart(`worker error: ${error.message}`);
      });
      worker.on('exit', (code) => {
        if (!ready) reject(new Error(`The database worker exited with code ${code} at start`));
        else if (worker === this.#worker && !this.#closed)
          void this.restart(`worker exited with code ${code}`);
      });
    });
  }

  #onReply(reply: Exclude<Reply, { type: 'ready' | 'startup-failed' }>): void {
    if (reply.type === 'notify') {
      for (const listener of this.#listeners.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    if (reply.type === 'running') {
      const call = this.#calls.get(reply.id);
      if (call) {
        call.startedAt = Date.now();
        this.#running = call;
      }
      return;
    }
    const call = this.#calls.get(reply.id);
    if (this.#running?.id === reply.id) this.#running = null;
    if (reply.type === 'done' && this.#abandonedBegins.delete(reply.id)) {
      const { tx } = reply.result as { tx: number };
      void this.send({ op: 'rollback', tx }).catch(() => undefined);
    }
    if (!call) return;
    this.#calls.delete(reply.id);
    if (reply.type === 'failed') {
      if (call.request.op === 'commit' || call.request.op === 'rollback') this.#openTx = null;
      call.reject(reviveError(reply.error));
      return;
    }
    if (call.request.op === 'begin') {
      this.#openTx = { tx: (reply.result as { tx: number }).tx, since: Date.now() };
    } else if (call.request.op === 'commit' || call.request.op === 'rollback') {
      this.#openTx = null;
    }
    call.resolve(reply.result);
  }

  #watch(): void {
    if (!this.#worker) return;
    const now = Date.now();
    const running = this.#running;
    if (running?.startedAt !== undefined) {
      if (running.deadline !== undefined && now > running.deadline) {
        if (!running.abandoned) {
          running.abandoned = true;
          this.#calls.delete(running.id);
          running.reject(new QueryTimeoutError(running.timeoutMs!));
        } else if (now > running.deadline + this.#runawayMs) {
          void this.restart(
            `a bounded query still ran ${this.#runawayMs} ms after its ${running.timeoutMs} ms deadline`,
          );
          return;
        }
      }
      if (now - running.startedAt > this.#watchdogMs) {
        void this.restart(`a statement ran past ${this.#watchdogMs} ms`);
        return;
      }
    }
    if (this.#openTx && now - this.#openTx.since > this.#watchdogMs) {
      void this.restart(`a transaction stayed open past ${this.#watchdogMs} ms`);
      return;
    }
    for (const call of this.#calls.values()) {
      if (call === running || call.deadline === undefined || now <= call.deadline) continue;
      this.#abandon(call, new QueryTimeoutError(call.timeoutMs!));
    }
  }

  /** Gives up on a call that has not started: the worker drops it (or rolls a late begin back). */
  #abandon(call: Call, error: Error): void {
    this.#calls.delete(call.id);
    if (call.request.op === 'begin') this.#abandonedBegins.add(call.id);
    this.#worker?.postMessage({ op: 'cancel', id: call.id });
    call.reject(error);
  }

  /** Sends one request; statements inside `withDeadline` carry its deadline. */
  async send(request: RequestBody): Promise<unknown> {
    if (this.#closed) throw new Error('The database is closed');
    // A rollback always goes through: it ends a transaction whose statements ran out of time.
    const bound = request.op === 'rollback' ? undefined : deadlines.getStore();
    await this.#ready;
    if (bound && Date.now() > bound.deadline) throw new QueryTimeoutError(bound.timeoutMs);
    const worker = this.#worker;
    if (!worker) throw new DatabaseRestartedError('not running');
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      const call: Call = {
        id,
        request,
        resolve,
        reject,
        deadline: bound?.deadline,
        timeoutMs: bound?.timeoutMs,
        startedAt: undefined,
        abandoned: false,
      };
      this.#calls.set(id, call);
      this.#post(worker, call);
    });
  }

  /** Bounded statements go to the worker's low-priority queue. */
  #post(worker: Worker, call: Call): void {
    worker.postMessage({ ...call.request, id: call.id, low: call.deadline !== undefined });
  }

  /**
   * Calls `listener` with each NOTIFY payload on `channel`, and with '*' after a restart (the
   * notifications of the lost worker are gone: listeners drop what they derived).
   */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => void> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** What a restarted worker opens, for the restart's log line. */
  #restartsWith(): string {
    if (this.#options.dataDir) return '';
    return this.#options.startFrom
      ? '; the in-memory database starts from its dump again'
      : '; the in-memory database starts empty';
  }

  /**
   * Terminates the worker and starts a new one on the same data directory (an in-memory database
   * starts empty). The running statement fails (with `runningError` when given), and so do the
   * open transaction's statements; calls that had not started are sent to the new worker.
   */
  restart(reason: string, runningError?: Error): Promise<void> {
    const old = this.#worker;
    if (!old || this.#closed) return this.#ready.catch(() => undefined);
    this.#worker = null;
    this.restarts += 1;
    (this.#options.warn ?? console.warn)(
      `Embedded database: restarting the engine (${reason})${this.#restartsWith()}`,
    );
    const running = this.#running;
    const waiting: Call[] = [];
    for (const call of this.#calls.values()) {
      const lost = call === running || ('tx' in call.request && call.request.tx !== undefined);
      if (!lost) {
        waiting.push(call);
        continue;
      }
      call.reject(
        call === running && runningError ? runningError : new DatabaseRestartedError(reason),
      );
    }
    this.#calls.clear();
    this.#running = null;
    this.#openTx = null;
    this.#abandonedBegins.clear();
    this.#ready = old
      .terminate()
      .then(() => this.#spawn())
      .then(async () => {
        for (const channel of this.#listeners.keys()) {
          const id = ++this.#lastId;
          this.#worker?.postMessage({ op: 'listen', channel, id });
        }
        for (const set of this.#listeners.values()) for (const listener of set) listener('*');
        const worker = this.#worker!;
        for (const call of waiting) {
          this.#calls.set(call.id, call);
          this.#post(worker, call);
        }
      });
    return this.#ready.catch((error: unknown) => {
      for (const call of waiting) call.reject(new DatabaseRestartedError(reason));
      (this.#options.warn ?? console.warn)(
        `Embedded database: the engine did not start again: ${(error as Error).message}`,
      );
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#ready.catch(() => undefined);
    try {
      await this.send({ op: 'close' });
    } catch {
      // closing anyway
    }
    this.#closed = true;
    clearInterval(this.#timer);
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}

/**
 * The PGlite-shaped client drizzle's pglite driver talks to (`query`, `exec`, `transaction`),
 * backed by the worker. A transaction's client sends its statements with the transaction's id.
 */
export class RemotePglite {
  readonly #engine: PgliteEngine;
  readonly #tx: number | undefined;

  constructor(engine: PgliteEngine, tx?: number) {
    this.#engine = engine;
    this.#tx = tx;
  }

  async query(
    text: string,
    params: unknown[] = [],
    options: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> } = {},
  ): Promise<QueryAnswer> {
    return (await this.#engine.send({
      op: 'query',
      text,
      params,
      rowMode: options.rowMode ?? 'object',
      // drizzle's parsers all keep the server's text (dates): the worker does the same.
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      tx: this.#tx,
    })) as QueryAnswer;
  }

  async exec(text: string): Promise<QueryAnswer[]> {
    return (await this.#engine.send({ op: 'exec', text, tx: this.#tx })) as QueryAnswer[];
  }

  async transaction<T>(work: (client: RemotePglite) => Promise<T>): Promise<T> {
    if (this.#tx !== undefined) throw new Error('Nested transactions go through savepoints');
    const { tx } = (await this.#engine.send({ op: 'begin' })) as { tx: number };
    let result: T;
    try {
      result = await work(new RemotePglite(this.#engine, tx));
    } catch (error) {
      await this.#engine.send({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    try {
      await this.#engine.send({ op: 'commit', tx });
    } catch (error) {
      await this.#engine.send({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    return result;
  }
}
