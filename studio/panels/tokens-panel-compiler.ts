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
    const previous = this.tree;
    this.tree = tree;
    if (!tree) {
      this.compiler = null;
      this.flat = null;
      this.last = EMPTY;
      return EMPTY;
    }
    let recompiled = -1;
    if (this.compiler && previous && isOneTree(tree) && isOneTree(previous)) {
      // one tree: only the objects on the way to an edit are new, so a walk that skips
      // unchanged references finds the edited tokens without flattening everything
      const edited: [string, Record<string, unknown>][] = [];
      if (editedTokens(previous, tree, '', edited)) {
        recompiled = 0;
        for (const [path, token] of edited) recompiled += this.setToken(path, token);
      }
      this.flat = null;
    } else if (!isOneTree(tree)) {
      recompiled = this.updateSets(tree);
    }
    if (recompiled === -1) {
      this.compiler = new TokenCompiler(tree, this.options);
      this.flat = null;
      recompiled = this.compiler.paths().length;
    }
    const compiler = this.compiler as TokenCompiler;
    this.last = {
      scss: compiler.scss,
      diagnostics: compiler.diagnostics,
      valueOf: (path) => compiler.valueOf(path),
      recompiled,
    };
    return this.last;
  }

  private setToken(path: string, src: Record<string, unknown>, set?: string): number {
    const token: Parameters<TokenCompiler['set']>[1] = {
      value: src.value,
      type: src.type as string,
    };
    if (typeof src.description === 'string') token.description = src.description;
    if (isObj(src.$extensions)) token.$extensions = src.$extensions;
    return (this.compiler as TokenCompiler).set(path, token, set).recompiled;
  }

  /** Multi-file and single-file exports: compare the flattened sets (set precedence applies). */
  private updateSets(tree: TokenTree): number {
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
    const previous = this.flat;
    const same = previous !== null && shape === this.shape && sameKeys(previous, flat);
    this.flat = flat;
    this.shape = shape;
    if (!same) return -1;
    let recompiled = 0;
    for (const [path, src] of flat) {
      const before = previous.get(path);
      if (before && sameToken(before, src)) continue;
      const token: Record<string, unknown> = { value: src.value, type: src.type };
      if (src.description !== undefined) token.description = src.description;
      if (src.extensions !== undefined) token.$extensions = src.extensions;
      recompiled += this.setToken(path, token, src.set);
    }
    return recompiled;
  }
}

const TOKEN_KEYS = new Set(['value', 'type', 'description', '$extensions']);

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One token tree (not a multi-file or single-file export with sets). */
function isOneTree(tree: TokenTree): boolean {
  if (isObj(tree.sets) && ('metadata' in tree || 'themes' in tree)) return false;
  return !('$metadata' in tree || '$themes' in tree);
}

/**
 * Collects the tokens that differ between two trees of the same shape; false when the shape
 * changed (keys added, removed, reordered, a token turned into a group…): then rebuild.
 */
function editedTokens(
  a: unknown,
  b: unknown,
  path: string,
  out: [string, Record<string, unknown>][],
): boolean {
  if (a === b) return true;
  if (!isObj(a) || !isObj(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return false;
  const aToken = 'value' in a && 'type' in a;
  const bToken = 'value' in b && 'type' in b;
  if (aToken || bToken) {
    if (!aToken || !bToken || typeof b.type !== 'string' || path === '') return false;
    // what the parser would not take as a token (extra keys) needs the full build's verdict
    for (const key of kb) if (!TOKEN_KEYS.has(key)) return false;
    out.push([path, b]);
    return true;
  }
  for (const key of ka) {
    // top-level $-keys and the version key steer the whole build
    if (path === '' && (key.startsWith('$') || key === 'tokenVersionKey') && a[key] !== b[key])
      return false;
    if (!editedTokens(a[key], b[key], path === '' ? key : `${path}.${key}`, out)) return false;
  }
  return true;
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
