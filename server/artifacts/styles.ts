/**
 * A config's own styles (its `css` field, SCSS) compiled by sass and scoped under #digi-shield,
 * so a merchant-supplied rule never styles the host page.
 */
import { Worker } from 'node:worker_threads';
import { scopeCss } from '#tokens/core/scope.ts';
import { guardCss } from './css-guard.ts';
import type { BundleDiagnostic } from './types.ts';

/** How long one config's SCSS may compile before the worker is killed. */
export const SCSS_TIMEOUT_MS = 10_000;

interface Pending {
  id: number;
  scss: string;
  timeoutMs: number;
  resolve(result: { css: string } | { error: string }): void;
}

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

  compile(scss: string, timeoutMs: number): Promise<{ css: string } | { error: string }> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, scss, timeoutMs, resolve });
      this.pump();
    });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (answer: { id: number; css?: string; error?: string }) => {
      const job = this.current;
      if (!job || job.id !== answer.id) return;
      this.settle(answer.error === undefined ? { css: answer.css ?? '' } : { error: answer.error });
    });
    worker.on('error', (error) => this.fail(worker, `SCSS compiler crashed: ${error.message}`));
    worker.on('exit', () => this.fail(worker, 'SCSS compiler stopped'));
    return worker;
  }

  private fail(worker: Worker, error: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.current) this.settle({ error });
  }

  private settle(result: { css: string } | { error: string }): void {
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
      this.settle({ error: `SCSS compile timed out after ${job.timeoutMs / 1000} s` });
    }, job.timeoutMs);
    this.current = { ...job, timer };
    worker.postMessage({ id: job.id, scss: job.scss });
  }
}

const WORKER_FILE = new URL('./scss-worker.mjs', import.meta.url);
let shared: ScssWorker | null = null;

/**
 * Compiles a config's SCSS (`@use 'vars' as *` gives it the storefront's `token()` function,
 * nothing else can be loaded) in a worker thread, and scopes it. A compile error, a refused load
 * or a compile outlasting `timeoutMs` is a diagnostic naming `path` (with sass's line and column).
 */
export async function compileConfigCss(
  scss: string,
  path: string,
  diagnostics: BundleDiagnostic[],
  timeoutMs = SCSS_TIMEOUT_MS,
): Promise<string> {
  if (scss.trim() === '') return '';
  const compiled = await (shared ??= new ScssWorker()).compile(scss, timeoutMs);
  if ('error' in compiled) {
    diagnostics.push({ code: 'css/scss', path, message: compiled.error, severity: 'error' });
    return '';
  }
  try {
    return guardCss(scopeCss(compiled.css), path, diagnostics);
  } catch (error) {
    diagnostics.push({
      code: 'css/scope',
      path,
      message: `could not scope the compiled CSS: ${error instanceof Error ? error.message : String(error)}`,
      severity: 'error',
    });
    return '';
  }
}
