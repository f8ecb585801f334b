/**
 * `compileScssInWorker(scss, tokensScss)`: SCSS → scoped CSS in a Web Worker, latest wins. One
 * compile runs at a time; a request arriving meanwhile waits, replacing (and resolving with null)
 * any request that was already waiting, so typing never queues up stale compiles. A compile that
 * runs longer than the timeout (a half-typed `@while` loop never ends) gets its worker terminated
 * and a fresh one for the next request; it resolves with an 'SCSS compile timed out' diagnostic.
 */
import type { ScssResult } from './compile-scss.ts';
import type { ScssRequest } from './scss.worker.ts';

export type { ScssDiagnostic, ScssResult } from './compile-scss.ts';

/** The part of a Worker the client uses (tests pass a fake). */
export interface ScssWorkerLike {
  postMessage(message: ScssRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

export interface ScssCompiler {
  /** Resolves with the result, or with null when a newer request superseded this one. */
  compile(scss: string, tokensScss?: string): Promise<(ScssResult & { ms: number }) | null>;
  dispose(): void;
}

/** How long a compile may run before its worker is terminated. */
export const SCSS_TIMEOUT_MS = 2000;
export const SCSS_TIMEOUT_MESSAGE = 'SCSS compile timed out';

type Waiting = {
  request: ScssRequest;
  resolve(result: (ScssResult & { ms: number }) | null): void;
};

export function createScssCompiler(
  makeWorker: () => ScssWorkerLike = () =>
    new Worker(new URL('./scss.worker.ts', import.meta.url), { type: 'module' }),
  options: { timeoutMs?: number } = {},
): ScssCompiler {
  const timeoutMs = options.timeoutMs ?? SCSS_TIMEOUT_MS;
  let worker: ScssWorkerLike | null = null;
  let running: Waiting | null = null;
  let next: Waiting | null = null;
  let nextId = 1;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  function start(): void {
    if (running !== null || next === null) return;
    running = next;
    next = null;
    const started = Date.now();
    ensure().postMessage(running.request);
    watchdog = setTimeout(() => {
      // The worker is stuck in the compile: only terminating it stops the loop.
      kill();
      // A newer request is waiting: it gets the fresh worker, this one is stale anyway.
      finish(
        next === null
          ? {
              css: '',
              diagnostics: [{ message: SCSS_TIMEOUT_MESSAGE, line: 1, column: 1 }],
              ms: Date.now() - started,
            }
          : null,
      );
    }, timeoutMs);
  }

  /** Resolves the running compile and starts the waiting one. */
  function finish(result: (ScssResult & { ms: number }) | null): void {
    clearTimeout(watchdog);
    const done = running;
    running = null;
    done?.resolve(result);
    start();
  }

  function kill(): void {
    worker?.terminate();
    worker = null;
  }

  function ensure(): ScssWorkerLike {
    if (worker !== null) return worker;
    const w = makeWorker();
    w.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as ScssResult & { id: number; ms: number };
      if (w !== worker || running === null || data.id !== running.request.id) return;
      // A newer request is waiting: this result is already stale.
      finish(next === null ? { css: data.css, diagnostics: data.diagnostics, ms: data.ms } : null);
    });
    w.addEventListener('error', (event: ErrorEvent) => {
      if (w !== worker) return;
      kill();
      finish({
        css: '',
        diagnostics: [{ message: event.message || 'The SCSS worker failed', line: 1, column: 1 }],
        ms: 0,
      });
    });
    worker = w;
    return w;
  }

  return {
    compile(scss, tokensScss = '') {
      return new Promise((resolve) => {
        next?.resolve(null);
        next = { request: { id: nextId++, scss, tokensScss }, resolve };
        start();
      });
    },
    dispose() {
      clearTimeout(watchdog);
      next?.resolve(null);
      running?.resolve(null);
      next = running = null;
      kill();
    },
  };
}

let shared: ScssCompiler | null = null;

/** Compiles with the studio's shared worker; null when a newer call superseded this one. */
export function compileScssInWorker(
  scss: string,
  tokensScss = '',
): Promise<(ScssResult & { ms: number }) | null> {
  shared ??= createScssCompiler();
  return shared.compile(scss, tokensScss);
}
