/**
 * Public API of the design-token compiler. See docs/tokens.md.
 *
 * compileTokens(input, options) → {scss, css, diagnostics, stats}
 */
import type { CompileOptions, CompileResult, TokenInput } from './core/types.ts';
import { TokenCompiler } from './core/compiler.ts';
import { compileScss } from './core/sass.ts';

export type * from './core/types.ts';
export { TokenCompiler, compileTokensToScss } from './core/compiler.ts';
export type { TokenJson, UpdateResult } from './core/compiler.ts';
export type { RVal } from './core/resolve/resolve.ts';
export { compileScss } from './core/sass.ts';
export { kebabName } from './core/transform/names.ts';
export { modifyColor } from './core/transform/color-modify.ts';
export type { Modifier } from './core/transform/color-modify.ts';
export { evaluateMath } from './core/transform/math.ts';
export {
  loadTokensFromCdn,
  loadTokensFromJsonStorage,
  loadTokens,
  TokenLoadError,
} from './core/loaders/index.ts';
export type { TokensApiType, TokenSourceConfig } from './core/loaders/index.ts';

export interface CompileTokensOptions extends CompileOptions {
  /** Compile the SCSS to CSS with sass (default true). */
  css?: boolean;
}

/** Compiles a token input to SCSS and (with sass) CSS. Never throws. */
export function compileTokens(
  input: TokenInput,
  options: CompileTokensOptions = {},
): CompileResult {
  let compiler: TokenCompiler;
  try {
    compiler = new TokenCompiler(input, options);
  } catch (e) {
    // a bug of ours must still not take the caller down (STYLE 20)
    return {
      scss: '',
      css: '',
      diagnostics: [
        {
          code: 'internal/error',
          path: '',
          severity: 'error',
          message: `Internal compiler error: ${e instanceof Error ? e.message : String(e)}`,
        },
      ],
      stats: { tokens: 0, sets: [], parseMs: 0, resolveMs: 0, emitMs: 0, totalMs: 0 },
    };
  }
  const r = compiler.result();
  if (options.css === false) return { ...r, css: '' };
  const { css, ms } = compileScss(r.scss, r.diagnostics);
  return { ...r, css, stats: { ...r.stats, sassMs: ms } };
}
