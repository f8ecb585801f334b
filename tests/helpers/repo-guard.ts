/**
 * Tests read nothing outside the repository (a fresh clone has nothing beside it): every
 * test worker runs this setup file, which makes the file-reading functions of `node:fs`
 * and `node:fs/promises` throw on a path outside the repository root. The operating
 * system's temporary folder (tests write fixtures there), the system folders and the
 * installed packages stay readable.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const ALLOWED = [
  REPO_ROOT,
  tmpdir(),
  dirname(dirname(process.execPath)),
  '/usr',
  '/lib',
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/tmp',
];

/**
 * Refused even where a folder above allows it (a clone inside the temporary folder): the
 * `shared` folder beside the repository, which a developer's checkout has and a fresh clone not.
 */
const DENIED = [resolve(REPO_ROOT, '../shared')];

class RepositoryGuardError extends Error {}
// The server suites share their workers' modules (isolate: false in vite.config.ts): this file runs
// again for each test file, but the functions wrapped the first time stay wrapped (`guarded`) and
// throw the first run's class, which every later run exports too.
const ERROR_CLASS = Symbol.for('vitrina.OutsideRepositoryError');
const shared = globalThis as { [ERROR_CLASS]?: typeof RepositoryGuardError };
export const OutsideRepositoryError = (shared[ERROR_CLASS] ??= RepositoryGuardError);

function pathOf(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (target instanceof URL) return target.protocol === 'file:' ? fileURLToPath(target) : null;
  if (Buffer.isBuffer(target)) return target.toString();
  return null; // a file descriptor or a FileHandle: opened elsewhere
}

/** Whether a test may read `target` (a path, file URL or descriptor). */
export function readable(target: unknown): boolean {
  const path = pathOf(target);
  if (path === null) return true;
  const abs = resolve(path);
  const under = (root: string): boolean =>
    abs === root || abs.startsWith(root.endsWith(sep) ? root : root + sep);
  if (DENIED.some(under)) return false;
  return ALLOWED.some(under);
}

function check(fn: string, target: unknown): void {
  if (!readable(target))
    throw new OutsideRepositoryError(
      `${fn}(${String(pathOf(target))}): a test read a file outside the repository ` +
        `(${REPO_ROOT}); keep test data inside it (tests/helpers/repo-guard.ts)`,
    );
}

type AnyFn = (...args: unknown[]) => unknown;

function wrap(owner: object, names: string[], label: string, promises = false): void {
  const o = owner as Record<string, AnyFn>;
  for (const name of names) {
    const original = o[name];
    if (typeof original !== 'function' || (original as { guarded?: true }).guarded) continue;
    const guarded = function (this: unknown, ...args: unknown[]): unknown {
      try {
        check(`${label}${name}`, args[0]);
      } catch (error) {
        if (promises) return Promise.reject(error);
        throw error;
      }
      return original.apply(this, args);
    };
    Object.defineProperty(guarded, 'guarded', { value: true });
    o[name] = guarded;
  }
}

wrap(
  fs,
  [
    'readFile',
    'readFileSync',
    'readdir',
    'readdirSync',
    'opendir',
    'opendirSync',
    'createReadStream',
  ],
  'fs.',
);
wrap(fsp, ['readFile', 'readdir', 'opendir'], 'fs/promises.', true);
wrap(fs.promises, ['readFile', 'readdir', 'opendir'], 'fs.promises.', true);
syncBuiltinESMExports();
