/**
 * Builds the storefront runtime for a plain HTML page into dist/storefront/:
 *   digi.js       IIFE exposing `window.digi` (every widget, Swiper included)
 *   digi.esm.js   the same as an ES module
 *   digi-demo.js  IIFE with the fixture catalog's in-memory source added (demo only)
 *   digi.css      storefront.scss compiled, every rule under #digi-shield
 *   index.html    the demo page (storefront/demo/index.html)
 *
 *   node --import tsx storefront/build/build-runtime.ts
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { compileStorefrontStyles } from './storefront-styles.ts';

const storefront = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(storefront, '..');
const out = join(root, 'dist/storefront');

async function bundle(entry: string, fileName: string, format: 'iife' | 'es'): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir: out,
      emptyOutDir: false,
      minify: true,
      sourcemap: true,
      lib: {
        entry: join(storefront, entry),
        formats: [format],
        name: 'digi',
        fileName: () => fileName,
      },
    },
  });
}

export async function buildRuntime(): Promise<string> {
  mkdirSync(out, { recursive: true });
  await bundle('entries/full.ts', 'digi.js', 'iife');
  await bundle('entries/full.ts', 'digi.esm.js', 'es');
  await bundle('entries/demo.ts', 'digi-demo.js', 'iife');
  writeFileSync(join(out, 'digi.css'), compileStorefrontStyles());
  copyFileSync(join(storefront, 'demo/index.html'), join(out, 'index.html'));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await buildRuntime();
  process.stdout.write(`built ${dir}\n`);
}
