/** Profiling helper: `node --cpu-prof --import tsx bench/tokens-prof.ts <build-id>` (30 compiles, GC before each). */
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadCorpusBuilds } from './tokens-corpus.ts';
import { compileTokensToScss } from '../tokens/index.ts';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const builds = await loadCorpusBuilds();
const only = process.argv[2] ?? '3jane-3ds';
const b = builds.find((x) => x.id === only)!;
const rows: number[][] = [];
for (let k = 0; k < 30; k++) {
  gc();
  const t0 = performance.now();
  const r = compileTokensToScss(b.input, b.options);
  rows.push([performance.now() - t0, r.stats.parseMs, r.stats.resolveMs, r.stats.emitMs]);
}
rows.sort((a, b) => a[0]! - b[0]!);
const m = rows[15]!;
console.log(only, 'min', rows[0]![0]!.toFixed(1), 'median', m.map((x) => x.toFixed(1)).join(' / '));
