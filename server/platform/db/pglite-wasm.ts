import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's engine, compiled once per process and given to every database worker (each database,
 * each restart: pglite-engine.ts). A worker that compiled its own copy also optimised its hot code
 * again, and both were thrown away with the worker: about 1.8 s of CPU per database opened
 * (measured: a database opened from the demo dump with a test app started on it took 3.6 s of CPU,
 * 1.8 s with the shared module), which the test suites, opening hundreds, paid each time.
 */
export function pgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= Promise.resolve().then(() =>
    WebAssembly.compile(
      readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')),
    ),
  );
  return compiled;
}
