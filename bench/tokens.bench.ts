/**
 * npm run bench:tokens — our compiler vs Style Dictionary 5 +
 * @tokens-studio/sd-transforms 2 on the same sets, in the same run.
 *
 * Per build: median of N runs of our SCSS generation (parse → resolve →
 * transform → emit), of sass on our SCSS, and of Style Dictionary
 * (`formatPlatform('css')`, css/variables, no file writes); the ratio
 * SD / ours (SCSS) and SD / (ours + sass). Then the 3jane build copied 8×
 * (~22 000 tokens), and one-token incremental recompiles on it.
 * Prints figures only; nothing here asserts timings.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import StyleDictionary from 'style-dictionary';
import type { DesignTokens } from 'style-dictionary/types';
import { register } from '@tokens-studio/sd-transforms';
import { compileScss, compileTokensToScss, TokenCompiler } from '../tokens/index.ts';
import type { CorpusBuild } from './tokens-corpus.ts';
import { loadCorpusBuilds, multiply } from './tokens-corpus.ts';
import type { TokenTree } from '../tokens/core/types.ts';

register(StyleDictionary);

// Collect garbage before every timed run, for both compilers alike, so one's
// garbage is not charged to the other.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

function deepMerge(target: Record<string, unknown>, src: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(src)) {
    const t = target[k];
    const isLeafToken = typeof v === 'object' && v !== null && 'value' in v && 'type' in v;
    if (
      !isLeafToken &&
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      typeof t === 'object' &&
      t !== null
    )
      deepMerge(t as Record<string, unknown>, v as Record<string, unknown>);
    else target[k] = structuredClone(v);
  }
}

function mergedSets(sets: TokenTree[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of sets) deepMerge(out, s);
  return out;
}

async function runSd(tokens: Record<string, unknown>): Promise<number> {
  const t0 = performance.now();
  const sd = new StyleDictionary({
    tokens: tokens as DesignTokens,
    preprocessors: ['tokens-studio'],
    log: { verbosity: 'silent', warnings: 'disabled', errors: { brokenReferences: 'console' } },
    platforms: {
      css: {
        transformGroup: 'tokens-studio',
        transforms: ['name/kebab'],
        files: [{ destination: 'tokens.css', format: 'css/variables' }],
      },
    },
  });
  await sd.formatPlatform('css');
  return performance.now() - t0;
}

interface Row {
  build: string;
  tokens: number;
  ours: number;
  sass: number;
  sd: number;
  oursMin: number;
  sdMin: number;
}

async function benchBuild(b: CorpusBuild, runs: number): Promise<Row> {
  const ours: number[] = [];
  const sass: number[] = [];
  const sd: number[] = [];
  let tokens = 0;
  const merged = mergedSets(b.sets);
  // warm-up of both
  for (let i = 0; i < 3; i++) compileTokensToScss(b.input, b.options);
  await runSd(structuredClone(merged));
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = performance.now();
    const r = compileTokensToScss(b.input, b.options);
    ours.push(performance.now() - t0);
    tokens = r.stats.tokens;
    gc();
    sass.push(compileScss(r.scss, []).ms);
    const copy = structuredClone(merged); // SD mutates its input: a fresh copy, not timed
    gc();
    sd.push(await runSd(copy));
  }
  return {
    build: b.id,
    tokens,
    ours: median(ours),
    sass: median(sass),
    sd: median(sd),
    oursMin: Math.min(...ours),
    sdMin: Math.min(...sd),
  };
}

const f = (n: number): string => n.toFixed(1).padStart(8);
const r = (n: number): string => `${n.toFixed(1)}×`.padStart(8);

const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');

async function main(): Promise<void> {
  const builds = await loadCorpusBuilds();
  const jane = builds.find((b) => b.id === '3jane-3ds') as CorpusBuild;
  const big = multiply(jane, 8);
  const rows: Row[] = [];
  for (const b of builds) rows.push(await benchBuild(b, RUNS));
  rows.push(await benchBuild(big, Math.max(3, Math.floor(RUNS / 2))));

  console.log(
    `\nDesign-token compile, median of ${RUNS} runs (3jane ×8: ${Math.max(3, Math.floor(RUNS / 2))}), ms; ` +
      `ours = SCSS generation, sass on it separately, SD5+ts = Style Dictionary 5 + sd-transforms 2; ` +
      `load average at start: ${loadAtStart}`,
  );
  console.log(
    `${'build'.padEnd(20)}${'tokens'.padStart(8)}${'ours'.padStart(8)}${'sass'.padStart(8)}${'SD5+ts'.padStart(8)}${'SD/ours'.padStart(9)}${'SD/(o+s)'.padStart(9)}${'µs/tok'.padStart(8)}${'min: ours'.padStart(11)}${'SD'.padStart(9)}${'SD/ours'.padStart(9)}`,
  );
  for (const x of rows)
    console.log(
      `${x.build.padEnd(20)}${String(x.tokens).padStart(8)}${f(x.ours)}${f(x.sass)}${f(x.sd)}${r(x.sd / x.ours)} ${r(x.sd / (x.ours + x.sass))}${((x.ours * 1000) / x.tokens).toFixed(1).padStart(8)}${f(x.oursMin).padStart(11)}${f(x.sdMin).padStart(9)}${r(x.sdMin / x.oursMin).padStart(9)}`,
    );

  // incremental: one token changed on the largest build
  const compiler = new TokenCompiler(big.input, big.options);
  const paths = compiler.paths().filter((p) => p.startsWith('c7.'));
  let hub = paths[0] as string;
  let hubCount = -1;
  for (const p of paths) {
    const c = compiler.dependantCount(p);
    if (c > hubCount) [hub, hubCount] = [p, c];
  }
  const leaf = paths.find(
    (p) => compiler.dependantCount(p) === 0 && typeof compiler.valueOf(p) === 'string',
  ) as string;
  const cases: [string, string, unknown][] = [
    ['token without dependants', leaf, '#ff0000'],
    ['token with most dependants', hub, '#fafafa'],
  ];
  console.log('\nIncremental recompile on 3jane ×8 (median of 20), ms');
  for (const [label, path, value] of cases) {
    const v = compiler.valueOf(path);
    if (v === undefined) {
      console.log(`  ${label}: ${path} not found`);
      continue;
    }
    const type = 'color';
    const upd: number[] = [];
    const withText: number[] = [];
    let n = 0;
    for (let i = 0; i < 20; i++) {
      gc();
      const t0 = performance.now();
      const res = compiler.set(path, { value: i % 2 ? value : v, type });
      upd.push(performance.now() - t0);
      n = res.recompiled;
      void compiler.scss;
      withText.push(performance.now() - t0);
    }
    console.log(
      `  ${label.padEnd(28)} ${path.padEnd(44)} ${String(n).padStart(5)} tokens recompiled: ${median(upd).toFixed(3)} ms; with the full SCSS text re-joined: ${median(withText).toFixed(2)} ms`,
    );
  }
}

await main();
