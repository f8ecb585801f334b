/**
 * Browser-side token compilation for the studio: one incremental TokenCompiler per panel. A new
 * tree whose token paths are unchanged (an edited value or type) goes through `set()`, which
 * recompiles only the edited tokens and their dependants; any structural change rebuilds.
 */
import { useMemo } from 'react';
import { TokenCompiler } from '#tokens/core/compiler.ts';
import { selectSets } from '#tokens/core/parse/input.ts';
import { flattenSets } from '#tokens/core/parse/flatten.ts';
import type { TokenSource } from '#tokens/core/parse/flatten.ts';
import type { CompileOptions, Diagnostic, TokenTree } from '#tokens/core/types.ts';

export interface CompiledTokens {
  /** SCSS scoped to #digi-shield ('' without tokens), for the preview's CSS pipeline. */
  scss: string;
  diagnostics: Diagnostic[];
  /** A token's resolved value (e.g. a referenced colour), undefined when unknown. */
  valueOf: (path: string) => unknown;
  /** Tokens recompiled by the last update (all of them after a rebuild). */
  recompiled: number;
}

const EMPTY: CompiledTokens = {
  scss: '',
  diagnostics: [],
  valueOf: () => undefined,
  recompiled: 0,
};

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameToken(a: TokenSource, b: TokenSource): boolean {
  return (
    a.type === b.type &&
    a.set === b.set &&
    a.description === b.description &&
    sameJson(a.value, b.value) &&
    sameJson(a.extensions, b.extensions)
  );
}

/** Keeps a compiler between updates; `update` never throws (the compiler reports instead). */
export class TokenSession {
  private compiler: TokenCompiler | null = null;
  private flat: Map<string, TokenSource> | null = null;
  private shape = '';
  private tree: TokenTree | null = null;
  private last: CompiledTokens = EMPTY;

  constructor(private readonly options: CompileOptions = {}) {}

  update(tree: TokenTree | null): CompiledTokens {
    if (tree === this.tree) return this.last;
    this.tree = tree;
    if (!tree) {
      this.compiler = null;
      this.flat = null;
      this.last = EMPTY;
      return EMPTY;
    }
    const inputDiags: Diagnostic[] = [];
    const sel = selectSets(tree, this.options, inputDiags);
    const flat = flattenSets(sel.sets, sel.named, inputDiags);
    const shape = JSON.stringify([
      sel.versionKey,
      sel.named,
      sel.themeLabel,
      sel.sets.map((s) => s.name),
      inputDiags,
    ]);
    let recompiled = 0;
    const previous = this.flat;
    if (this.compiler && previous && shape === this.shape && sameKeys(previous, flat)) {
      for (const [path, src] of flat) {
        const before = previous.get(path);
        if (before && sameToken(before, src)) continue;
        const token: Parameters<TokenCompiler['set']>[1] = { value: src.value, type: src.type };
        if (src.description !== undefined) token.description = src.description;
        if (src.extensions !== undefined) token.$extensions = src.extensions;
        recompiled += this.compiler.set(path, token, src.set).recompiled;
      }
    } else {
      this.compiler = new TokenCompiler(tree, this.options);
      recompiled = flat.size;
    }
    this.flat = flat;
    this.shape = shape;
    const compiler = this.compiler;
    this.last = {
      scss: compiler.scss,
      diagnostics: compiler.diagnostics,
      valueOf: (path) => compiler.valueOf(path),
      recompiled,
    };
    return this.last;
  }
}

function sameKeys(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  const ia = a.keys();
  for (const key of b.keys()) if (ia.next().value !== key) return false;
  return true;
}

/**
 * The SCSS and diagnostics of a token tree, recompiled incrementally as it changes (an edited
 * token costs well under 5 ms, so nothing is debounced).
 */
export function useCompiledTokens(
  tree: TokenTree | null,
  options?: CompileOptions,
): CompiledTokens {
  const optionsKey = JSON.stringify(options ?? {});
  const session = useMemo(
    () => new TokenSession(JSON.parse(optionsKey) as CompileOptions),
    [optionsKey],
  );
  return useMemo(() => session.update(tree), [session, tree]);
}
