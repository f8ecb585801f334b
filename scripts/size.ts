/**
 * `npm run size`: bundles the storefront runtime (autocomplete + instant search + card, no
 * Swiper) and, the same way in the same run, the peer (instantsearch.js searchBox, hits,
 * refinementList, pagination by deep imports + @algolia/autocomplete-js), minified ESM, and prints
 * min and min+gzip sizes. Fails (exit 1) over budget: ≤ 35 KB min+gzip and ≤ half the peer.
 * The console part (sign-in route, lazy routes) is scripts/size-console.ts, run after this one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { build, type Rolldown } from 'vite';

const root = resolve(import.meta.dirname, '..');
const BUDGET_KB = 35;

interface Measured {
  name: string;
  min: number;
  gzip: number;
}

async function bundle(name: string, entry: string): Promise<Measured> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry, formats: ['es'], fileName: name },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const code = outputs
    .flatMap((o) => o.output)
    .filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  // Vite leaves whitespace in ES library output (to keep pure annotations): minify it fully here,
  // the same way for both bundles.
  const min = (await transform(code, { minify: true, format: 'esm', target: 'es2022' })).code;
  return { name, min: Buffer.byteLength(min), gzip: gzipSync(min, { level: 9 }).length };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  // Under the project so that the peer's packages resolve from node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules/.cache/vitrina-size-'));
  try {
    const peerEntry = join(dir, 'peer.js');
    writeFileSync(
      peerEntry,
      [
        "export { default as instantsearch } from 'instantsearch.js/es/index.js';",
        "export { default as searchBox } from 'instantsearch.js/es/widgets/search-box/search-box.js';",
        "export { default as hits } from 'instantsearch.js/es/widgets/hits/hits.js';",
        "export { default as refinementList } from 'instantsearch.js/es/widgets/refinement-list/refinement-list.js';",
        "export { default as pagination } from 'instantsearch.js/es/widgets/pagination/pagination.js';",
        "export { autocomplete } from '@algolia/autocomplete-js';",
        '',
      ].join('\n'),
    );
    const ours = await bundle('storefront-runtime', join(root, 'storefront/entries/search.ts'));
    const peer = await bundle('peer', peerEntry);
    const ratio = ours.gzip / peer.gzip;
    console.log(`${'bundle'.padEnd(22)} ${'min'.padStart(10)} ${'min+gzip'.padStart(12)}`);
    for (const m of [ours, peer]) {
      console.log(`${m.name.padEnd(22)} ${kb(m.min).padStart(10)} ${kb(m.gzip).padStart(12)}`);
    }
    console.log(
      `ratio runtime/peer (min+gzip): ${ratio.toFixed(2)} (budget: ≤ ${BUDGET_KB} KB and ≤ 0.50)`,
    );
    if (ours.gzip > BUDGET_KB * 1024 || ratio > 0.5) {
      console.error('storefront runtime is over budget');
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
