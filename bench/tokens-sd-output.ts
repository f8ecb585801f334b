/** Prints Style Dictionary 5 + sd-transforms CSS for one corpus build (for comparing outputs). */
import StyleDictionary from 'style-dictionary';
import type { DesignTokens } from 'style-dictionary/types';
import { register } from '@tokens-studio/sd-transforms';
import { loadCorpusBuilds } from './tokens-corpus.ts';

register(StyleDictionary);
const id = process.argv[2] ?? 'workday-canvas';
const b = (await loadCorpusBuilds()).find((x) => x.id === id);
if (!b) throw new Error(`no build ${id}`);
const merged: Record<string, unknown> = {};
const merge = (t: Record<string, unknown>, s: Record<string, unknown>): void => {
  for (const [k, v] of Object.entries(s)) {
    const cur = t[k];
    if (
      typeof v === 'object' &&
      v !== null &&
      !('value' in v) &&
      typeof cur === 'object' &&
      cur !== null
    )
      merge(cur as Record<string, unknown>, v as Record<string, unknown>);
    else t[k] = structuredClone(v);
  }
};
for (const s of b.sets) merge(merged, s);
const sd = new StyleDictionary({
  tokens: merged as DesignTokens,
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
const out = await sd.formatPlatform('css');
for (const o of out) process.stdout.write(String(o.output));
