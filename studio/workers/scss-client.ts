/**
 * `compileScssInWorker(scss, tokensScss)`: SCSS → scoped CSS in a Web Worker, latest wins. One
 * compile runs at a time; a request arriving meanwhile waits, replacing (and resolving with null)
 * any request that was already waiting, so typing never queues up stale compiles.
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

type Waiting = {
  request: ScssRequest;
  resolve(result: (ScssResult & { ms: number }) | null): void;
};

export function createScssCompiler(
  makeWorker: () => ScssWorkerLike = () =>
    new Worker(new URL('./scss.worker.ts', import.meta.url), { type: 'module' }),
): ScssCompiler {
  let worker: ScssWorkerLike | null = null;
  let running: Waiting | null = null;
  let next: Waiting | null = null;
  let nextId = 1;

  function start(): void {
    if (running !== null || next === null) return;
    running = next;
    next = null;
    ensure().postMessage(running.request);
  }

  function ensure(): ScssWorkerLike {
    if (worker !== null) return worker;
    const w = makeWorker();
    w.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as ScssResult & { id: number; ms: number };
      if (running === null || data.id !== running.request.id) return;
      const done = running;
      running = null;
      // A newer request is waiting: this result is already stale.
      done.resolve(
        next === null ? { css: data.css, diagnostics: data.diagnostics, ms: data.ms } : null,
      );
      start();
    });
    w.addEventListener('error', (event: ErrorEvent) => {
      const done = running;
      running = null;
      worker?.terminate();
      worker = null;
      done?.resolve({
        css: '',
        diagnostics: [{ message: event.message || 'The SCSS worker failed', line: 1, column: 1 }],
        ms: 0,
      });
      start();
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
      next?.resolve(null);
      running?.resolve(null);
      next = running = null;
      worker?.terminate();
      worker = null;
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
