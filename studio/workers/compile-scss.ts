/**
 * The studio's SCSS compile (run by scss.worker.ts, callable directly in tests): the one
 * config-styles compiler of the bundle build (tokens/core/config-styles.ts: sass with only the
 * given modules loadable, scoped under #digi-shield, guarded), with the site's token set. The
 * SCSS may `@use 'vars' as *` (the storefront's `token()` function) like the server's bundle
 * build; the token set's SCSS (tokens/core `compileTokensToScss`) is available as its variables
 * and mixins, and its CSS comes first.
 */
import { compileStyles } from '#tokens/core/config-styles.ts';

export interface ScssDiagnostic {
  message: string;
  /** 1-based, in the SCSS the designer wrote. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface ScssResult {
  css: string;
  diagnostics: ScssDiagnostic[];
}

/**
 * `modules`: SCSS modules the text may `@use` by name (the worker passes the storefront's
 * `vars`: there is no file system in a worker).
 */
export function compileScss(
  scss: string,
  tokensScss = '',
  modules: Readonly<Record<string, string>> = {},
): ScssResult {
  const { css, problems } = compileStyles(scss, { modules, tokensScss });
  return {
    css,
    diagnostics: problems.map((problem) => ({
      message: problem.message,
      line: problem.line ?? 1,
      column: problem.column ?? 1,
    })),
  };
}
