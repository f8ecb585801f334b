/**
 * The four corpus design systems put under the storefront: each build's sets plus a small set
 * binding the storefront's colour roles (`Colors.text`, `Colors.primary` …) to the design system's
 * own tokens (`<id>.storefront.json`, the way a merchant would bind them), compiled as one tree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sass from 'sass';
import { compileTokens } from '#tokens/index.ts';
import type { CompileResult, TokenTree } from '#tokens/index.ts';
import { checkContrast, extractContrastPairs, resolverFromCss } from '#tokens/core/contrast.ts';
import type { ContrastFinding } from '#tokens/core/contrast.ts';
import { loadCorpusBuilds } from '../../../bench/tokens-corpus.ts';

const isToken = (v: unknown) => typeof v === 'object' && v !== null && 'value' in v;

/** Later sets override earlier ones token by token. */
export function mergeSets(sets: TokenTree[]): TokenTree {
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      const have = into[k];
      if (
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        !isToken(v) &&
        typeof have === 'object' &&
        have !== null &&
        !isToken(have)
      ) {
        merge(have as Record<string, unknown>, v as Record<string, unknown>);
      } else into[k] = structuredClone(v);
    }
  };
  const out: Record<string, unknown> = {};
  for (const set of sets) merge(out, set as Record<string, unknown>);
  return out as TokenTree;
}

export const storefrontCss = (): string =>
  sass.compile('storefront/styles/storefront.scss', { style: 'expanded' }).css;

export interface CorpusContrast {
  id: string;
  compiled: CompileResult;
  findings: ContrastFinding[];
}

export async function corpusContrast(): Promise<CorpusContrast[]> {
  const pairs = extractContrastPairs(storefrontCss());
  const out: CorpusContrast[] = [];
  for (const build of await loadCorpusBuilds()) {
    const binding = JSON.parse(
      readFileSync(join(import.meta.dirname, `${build.id}.storefront.json`), 'utf8'),
    ) as TokenTree;
    const compiled = compileTokens(mergeSets([...build.sets, binding]));
    out.push({
      id: build.id,
      compiled,
      findings: checkContrast(pairs, resolverFromCss(compiled.scss)),
    });
  }
  return out;
}
