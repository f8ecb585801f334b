/**
 * A config's own styles (its `css` field, SCSS) compiled, scoped under #digi-shield and guarded
 * by the one config-styles compiler (tokens/core/config-styles.ts, which the studio's preview runs
 * too), in a worker thread, so a merchant-supplied rule never styles the host page.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledStyles } from '#tokens/core/config-styles.ts';
import type { BundleDiagnostic } from './types.ts';

/** How long one config's SCSS may compile before the worker is killed. */
export const SCSS_TIMEOUT_MS = 10_000;

interface Pending {
  id: number;
  scss: string;
  timeoutMs: number;
  resolve(result: CompiledStyles): void;
}

const failed = (message: string): CompiledStyles => ({
  css: '',
  problems: [{ code: 'css/scss', message }],
});

/**
 * One worker thread compiles config SCSS, one source at a time (sass is synchronous: a runaway
 * `@while` must not block the API process). A compile that outlasts its timeout terminates the
 * worker; the next compile starts a fresh one.
 */
class ScssWorker {
  private worker: Worker | null = null;
  private readonly queue: Pending[] = [];
  private current: (Pending & { timer: NodeJS.Timeout }) | null = null;
  private nextId = 1;

  compile(scss: string, timeoutMs: number): Promise<CompiledStyles> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, scss, timeoutMs, resolve });
      this.pump();
    });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (answer: CompiledStyles & { id: number }) => {
      const job = this.current;
      if (!job || job.id !== answer.id) return;
      this.settle({ css: answer.css, problems: answer.problems });
    });
    worker.on('error', (error) => this.fail(worker, `SCSS compiler crashed: ${error.message}`));
    worker.on('exit', () => this.fail(worker, 'SCSS compiler stopped'));
    return worker;
  }

  private fail(worker: Worker, error: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.current) this.settle(failed(error));
  }

  private settle(result: CompiledStyles): void {
    const job = this.current!;
    clearTimeout(job.timer);
    this.current = null;
    job.resolve(result);
    this.pump();
  }

  private pump(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = (this.worker ??= this.start());
    const timer = setTimeout(() => {
      this.worker = null;
      void worker.terminate();
      this.settle(failed(`SCSS compile timed out after ${job.timeoutMs / 1000} s`));
    }, job.timeoutMs);
    this.current = { ...job, timer };
    worker.postMessage({ id: job.id, scss: job.scss });
  }
}

const WORKER_FILE = new URL('./scss-worker.mjs', import.meta.url);
let shared: ScssWorker | null = null;

/**
 * Compiles a config's SCSS (`@use 'vars' as *` gives it the storefront's `token()` function,
 * nothing else can be loaded) in a worker thread, scoped and guarded. A compile error, a refused
 * load or rule, or a compile outlasting `timeoutMs` is a diagnostic naming `path` (with sass's
 * line and column).
 */
export async function compileConfigCss(
  scss: string,
  path: string,
  diagnostics: BundleDiagnostic[],
  timeoutMs = SCSS_TIMEOUT_MS,
): Promise<string> {
  if (scss.trim() === '') return '';
  const compiled = await (shared ??= new ScssWorker()).compile(scss, timeoutMs);
  for (const problem of compiled.problems) {
    const at =
      problem.line === undefined ? '' : ` (line ${problem.line}, column ${problem.column})`;
    diagnostics.push({
      code: problem.code,
      path,
      message: `${problem.message}${at}`,
      severity: 'error',
    });
  }
  return compiled.problems.length === 0 ? compiled.css : '';
}
