/**
 * The studio's SCSS compile (run by scss.worker.ts, callable directly in tests): the template
 * styles with the site's compiled tokens, then scoped under #digi-shield. The SCSS may
 * `@use 'vars' as *` (the storefront's `token()` function) like the server's bundle build; the
 * token set's SCSS (tokens/core `compileTokensToScss`) is available as its variables and mixins.
 */
import * as sass from 'sass';
import { scopeCss } from '#tokens/core/scope.ts';

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
  const known: Record<string, string> = { ...modules, 'vitrina-tokens': tokensScss };
  // On the first line, so sass's line numbers are the designer's.
  const source = tokensScss.trim() === '' ? scss : `@use 'vitrina-tokens' as *; ${scss}`;
  let css: string;
  try {
    css = sass.compileString(source, {
      style: 'expanded',
      logger: sass.Logger.silent,
      importers: [
        {
          canonicalize(url) {
            const name = url
              .replace(/^vitrina:/, '')
              .replace(/^_/, '')
              .replace(/\.scss$/, '');
            return name in known ? new URL(`vitrina:${name}`) : null;
          },
          load(url) {
            const contents = known[url.pathname];
            return contents === undefined ? null : { contents, syntax: 'scss' };
          },
        },
      ],
    }).css;
  } catch (error) {
    if (error instanceof sass.Exception) {
      const start = error.span.start;
      const onFirstLine = start.line === 0 && source !== scss;
      const shift = onFirstLine ? source.length - scss.length : 0;
      return {
        css: '',
        diagnostics: [
          {
            message: error.sassMessage,
            line: start.line + 1,
            column: Math.max(1, start.column + 1 - shift),
          },
        ],
      };
    }
    return { css: '', diagnostics: [{ message: String(error), line: 1, column: 1 }] };
  }
  try {
    return { css: scopeCss(css), diagnostics: [] };
  } catch (error) {
    return {
      css: '',
      diagnostics: [
        { message: error instanceof Error ? error.message : String(error), line: 1, column: 1 },
      ],
    };
  }
}
