/** Shared types of the design-token compiler (browser and Node). */

export type Severity = 'error' | 'warning' | 'info';

/** A problem found while compiling. Compilers report, never throw (STYLE 20). */
export interface Diagnostic {
  /** Stable code, `stage/what` (e.g. `ref/missing`, `math/unfolded`). */
  code: string;
  /** Dotted token path (`color.bg.primary`), or '' for input-level problems. */
  path: string;
  message: string;
  severity: Severity;
  /** Set (file) the token came from, for multi-file and single-file exports. */
  file?: string;
}

export type VersionKey = 'V3' | 'V3.5';
export type Scope = 'main' | 'productCard';

/** One token tree: nested groups whose leaves are `{value, type}` tokens. */
export type TokenTree = { [key: string]: unknown };

/** One entry of Tokens Studio's `$themes.json`. */
export interface ThemeEntry {
  id?: string;
  name: string;
  group?: string;
  selectedTokenSets: Record<string, 'enabled' | 'source' | 'disabled' | string>;
}

export interface TokenMetadata {
  tokenSetOrder?: string[];
}

/** A multi-file export: one tree per set plus `$metadata` and `$themes`. */
export interface MultiFileInput {
  sets: Record<string, TokenTree>;
  metadata?: TokenMetadata;
  themes?: ThemeEntry[];
  tokenVersionKey?: VersionKey;
}

/**
 * What `compileTokens` takes: a multi-file export, a single-file export
 * (top-level set keys next to `$metadata`/`$themes`), or one token tree.
 */
export type TokenInput = MultiFileInput | TokenTree;

export interface CompileOptions {
  /**
   * Theme(s) to build, matched against `"<group> <name>"`, `"<group>/<name>"`,
   * the name alone or the id. Every matching `$themes` entry is merged.
   */
  theme?: string | string[];
  /** Explicit sets (overrides `theme`), in any order; `$metadata.tokenSetOrder` decides precedence. */
  sets?: string[];
  /** Version key; defaults to the input's `tokenVersionKey`, else V3.5. */
  versionKey?: VersionKey;
  /** Component scope: decides the V3 default line height. Default `main`. */
  scope?: Scope;
  /** Selector the custom properties are scoped to. Default `#digi-shield`. */
  selector?: string;
}

export interface CompileStats {
  tokens: number;
  sets: string[];
  /** ms spent in parse, resolve (+ resolve-time transforms), emit. */
  parseMs: number;
  resolveMs: number;
  emitMs: number;
  /** parse + resolve + emit: the SCSS generation time. */
  totalMs: number;
  /** sass compile time (only when CSS was produced). */
  sassMs?: number;
}

export interface ScssResult {
  scss: string;
  diagnostics: Diagnostic[];
  stats: CompileStats;
}

export interface CompileResult extends ScssResult {
  css: string;
}
