/**
 * The corpus builds (tests/tokens/corpus/README.md: sources and licences), read
 * from disk, for the bench and the tests. The corpus lives inside the repository,
 * so a fresh clone needs nothing beside it.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { readTokenFolder } from '../tokens/node/read.ts';
import type {
  CompileOptions,
  MultiFileInput,
  TokenInput,
  TokenTree,
} from '../tokens/core/types.ts';

export const CORPUS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../tests/tokens/corpus',
);

export interface CorpusBuild {
  id: string;
  input: TokenInput;
  options: CompileOptions;
  /** The sets of the build, in precedence order (for Style Dictionary). */
  sets: TokenTree[];
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

function orderedSets(input: MultiFileInput, names: string[]): TokenTree[] {
  const order = input.metadata?.tokenSetOrder ?? Object.keys(input.sets);
  return order.filter((n) => names.includes(n)).map((n) => input.sets[n] as TokenTree);
}

function themeSets(input: MultiFileInput, wanted: [string, string][]): string[] {
  const out: string[] = [];
  for (const t of input.themes ?? [])
    if (wanted.some(([g, n]) => t.group === g && t.name === n))
      for (const [s, st] of Object.entries(t.selectedTokenSets))
        if ((st === 'enabled' || st === 'source') && !out.includes(s)) out.push(s);
  return out;
}

export async function loadCorpusBuilds(): Promise<CorpusBuild[]> {
  const workday = await readTokenFolder(`${CORPUS_DIR}/workday-canvas`);
  const adobe = await readTokenFolder(`${CORPUS_DIR}/adobe-spectrum`);
  const jane = await readTokenFolder(`${CORPUS_DIR}/3jane-3ds`);
  const crowd = (await readJson(`${CORPUS_DIR}/crowdstrike-falcon/tokens.json`)) as TokenTree;
  const crowdSets = ['reference', 'system', 'light', 'light-component'];
  const wdThemes: [string, string][] = [
    ['System', 'Branded'],
    ['Brand', 'Island'],
  ];
  const adThemes: [string, string][] = [
    ['S.Color-theme', 'light'],
    ['S.Scale', 'desktop'],
  ];
  return [
    {
      id: 'workday-canvas',
      input: workday,
      options: { theme: ['System Branded', 'Brand Island'] },
      sets: orderedSets(workday, themeSets(workday, wdThemes)),
    },
    {
      id: 'crowdstrike-falcon',
      input: crowd,
      options: { sets: crowdSets },
      sets: crowdSets.map((s) => crowd[s] as TokenTree),
    },
    {
      id: '3jane-3ds',
      input: jane,
      options: { theme: 'app light' },
      sets: orderedSets(jane, themeSets(jane, [['app', 'light']])),
    },
    {
      id: 'adobe-spectrum',
      input: adobe,
      options: { theme: ['S.Color-theme light', 'S.Scale desktop'] },
      sets: orderedSets(adobe, themeSets(adobe, adThemes)),
    },
  ];
}

function prefixRefs(v: unknown, prefix: string): unknown {
  if (typeof v === 'string') return v.replaceAll('{', `{${prefix}.`);
  if (Array.isArray(v)) return v.map((x) => prefixRefs(x, prefix));
  if (typeof v === 'object' && v !== null) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = prefixRefs(x, prefix);
    return o;
  }
  return v;
}

/** The 3jane build copied `times` times; each copy under its own group `cN`. */
export function multiply(build: CorpusBuild, times: number): CorpusBuild {
  const sets: Record<string, TokenTree> = {};
  const names: string[] = [];
  const flat: TokenTree[] = [];
  for (let k = 0; k < times; k++) {
    build.sets.forEach((tree, i) => {
      const name = `copy${k}/set${i}`;
      const t = { [`c${k}`]: prefixRefs(tree, `c${k}`) } as TokenTree;
      sets[name] = t;
      names.push(name);
      flat.push(t);
    });
  }
  return {
    id: `${build.id} ×${times}`,
    input: { sets, metadata: { tokenSetOrder: names }, themes: [] },
    options: { sets: names },
    sets: flat,
  };
}
