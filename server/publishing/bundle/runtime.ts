/**
 * The storefront runtime every site bundle starts with: a boot entry bundled by esbuild into a
 * minified IIFE exposing `window.digi` — storefront/entries/boot-search.ts (autocomplete,
 * instant search, card) or boot.ts (every widget, Swiper included) — and
 * storefront/styles/storefront.scss compiled by sass. Built once per process and kept in memory;
 * also kept on disk under node_modules/.cache, keyed by a hash of the storefront sources, so a
 * restart reuses it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';
import * as sass from 'sass';
import { compileStorefrontStyles } from '#storefront/build/storefront-styles.ts';

export const STOREFRONT_DIR = fileURLToPath(new URL('../../../storefront', import.meta.url));
const ROOT = join(STOREFRONT_DIR, '..');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/vitrina-runtime');

/** `search`: autocomplete + instant search only; `full`: every widget. */
export type RuntimeVariant = 'search' | 'full';
const ENTRIES: Record<RuntimeVariant, string> = {
  search: join(STOREFRONT_DIR, 'entries/boot-search.ts'),
  full: join(STOREFRONT_DIR, 'entries/boot.ts'),
};
const SOURCE_DIRS = ['runtime', 'widgets', 'entries', 'styles'];
const SOURCE_FILE = /\.(ts|scss|hbs|json)$/;

export interface StorefrontRuntime {
  /** Minified IIFE defining `var digi`. */
  js: string;
  /** The storefront's own stylesheet, every rule under #digi-shield. */
  css: string;
  /** Hash of the sources it was built from and the variant (goes into the manifest). */
  key: string;
  variant: RuntimeVariant;
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
  const hash = createHash('sha256').update(
    `esbuild ${esbuildVersion}\nsass ${sass.info} charset=false\n`,
  );
  for (const file of files) {
    hash
      .update(relative(STOREFRONT_DIR, file))
      .update('\0')
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

async function compileRuntime(variant: RuntimeVariant): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [ENTRIES[variant]],
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
  return { js, css: compileStorefrontStyles() };
}

const cached = new Map<string, Promise<StorefrontRuntime>>();

async function load(key: string, variant: RuntimeVariant): Promise<StorefrontRuntime> {
  const t0 = performance.now();
  const jsFile = join(CACHE_DIR, `${key}.js`);
  const cssFile = join(CACHE_DIR, `${key}.css`);
  try {
    const js = readFileSync(jsFile, 'utf8');
    const css = readFileSync(cssFile, 'utf8');
    return { js, css, key, variant, from: 'disk', ms: performance.now() - t0 };
  } catch {
    // not cached yet
  }
  const { js, css } = await compileRuntime(variant);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // written aside and renamed: other processes (test workers, servers) may be reading the cache
    for (const [file, text] of [
      [cssFile, css],
      [jsFile, js],
    ] as const) {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, file);
    }
  } catch {
    // a read-only install still works, it only rebuilds after each restart
  }
  return { js, css, key, variant, from: 'build', ms: performance.now() - t0 };
}

/**
 * The runtime for the current storefront sources: from memory, else disk, else built. Sources
 * are re-hashed on every call (a few ms) so an edited storefront is never served stale.
 */
export async function storefrontRuntime(
  variant: RuntimeVariant = 'full',
): Promise<StorefrontRuntime> {
  const key = `${runtimeSourceKey()}-${variant}`;
  const hit = cached.get(key);
  if (hit) {
    const t0 = performance.now();
    const runtime = await hit;
    return { ...runtime, from: 'memory', ms: performance.now() - t0 };
  }
  const loading = load(key, variant);
  cached.set(key, loading);
  loading.catch(() => cached.delete(key));
  return loading;
}

/** Builds a runtime without any cache (for measurements). */
export async function buildRuntimeUncached(
  variant: RuntimeVariant = 'full',
): Promise<{ js: string; css: string; ms: number }> {
  const t0 = performance.now();
  const out = await compileRuntime(variant);
  return { ...out, ms: performance.now() - t0 };
}
