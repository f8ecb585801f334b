/**
 * The storefront runtime every site bundle starts with: storefront/entries/boot.ts bundled by
 * esbuild into a minified IIFE exposing `window.digi`, and storefront/styles/storefront.scss
 * compiled by sass. Built once per process and kept in memory; also kept on disk under
 * node_modules/.cache, keyed by a hash of the storefront sources, so a restart reuses it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';
import * as sass from 'sass';

export const STOREFRONT_DIR = fileURLToPath(new URL('../../storefront', import.meta.url));
const ROOT = join(STOREFRONT_DIR, '..');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/vitrina-runtime');
const ENTRY = join(STOREFRONT_DIR, 'entries/boot.ts');
const SOURCE_DIRS = ['runtime', 'widgets', 'entries', 'styles'];
const SOURCE_FILE = /\.(ts|scss|hbs|json)$/;

export interface StorefrontRuntime {
  /** Minified IIFE defining `var digi`. */
  js: string;
  /** The storefront's own stylesheet, every rule under #digi-shield. */
  css: string;
  /** Hash of the sources it was built from (goes into the manifest). */
  key: string;
  /** Where this process got it from, and how long that took. */
  from: 'memory' | 'disk' | 'build';
  ms: number;
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE_FILE.test(name) && !/\.(stories|test)\.ts$/.test(name)) out.push(path);
  }
}

/** Hash of every storefront source the runtime is built from (and of the builder's versions). */
export function runtimeSourceKey(): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(join(STOREFRONT_DIR, dir), files);
  files.sort();
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\nsass ${sass.info}\n`);
  for (const file of files) {
    hash
      .update(relative(STOREFRONT_DIR, file))
      .update('\0')
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

async function compileRuntime(): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'digi',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const js = result.outputFiles[0]?.text;
  if (!js) throw new Error('esbuild produced no storefront runtime');
  const css = sass.compile(join(STOREFRONT_DIR, 'styles/storefront.scss'), {
    style: 'compressed',
  }).css;
  return { js, css };
}

let cached: Promise<StorefrontRuntime> | null = null;
let cachedKey = '';

async function load(key: string): Promise<StorefrontRuntime> {
  const t0 = performance.now();
  const jsFile = join(CACHE_DIR, `${key}.js`);
  const cssFile = join(CACHE_DIR, `${key}.css`);
  try {
    const js = readFileSync(jsFile, 'utf8');
    const css = readFileSync(cssFile, 'utf8');
    return { js, css, key, from: 'disk', ms: performance.now() - t0 };
  } catch {
    // not cached yet
  }
  const { js, css } = await compileRuntime();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(jsFile, js);
    writeFileSync(cssFile, css);
  } catch {
    // a read-only install still works, it only rebuilds after each restart
  }
  return { js, css, key, from: 'build', ms: performance.now() - t0 };
}

/**
 * The runtime for the current storefront sources: from memory, else disk, else built. Sources
 * are re-hashed on every call (a few ms) so an edited storefront is never served stale.
 */
export async function storefrontRuntime(
  options: { fresh?: boolean } = {},
): Promise<StorefrontRuntime> {
  const key = runtimeSourceKey();
  if (options.fresh || !cached || cachedKey !== key) {
    cachedKey = key;
    const loading = load(key);
    cached = loading;
    loading.catch(() => {
      if (cached === loading) cached = null;
    });
    return loading;
  }
  const t0 = performance.now();
  const runtime = await cached;
  return { ...runtime, from: 'memory', ms: performance.now() - t0 };
}

/** Builds the runtime without any cache (for measurements). */
export async function buildRuntimeUncached(): Promise<{ js: string; css: string; ms: number }> {
  const t0 = performance.now();
  const out = await compileRuntime();
  return { ...out, ms: performance.now() - t0 };
}
