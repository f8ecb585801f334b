/**
 * The one compiler of a config's own styles (its `css` field, SCSS): the server's bundle build
 * runs it in a worker thread (server/publishing/bundle/scss-worker.mjs), the studio's preview in a Web
 * Worker (studio/workers/scss.worker.ts). sass compiles the text with only the modules the caller
 * hands in loadable (the storefront's `vars`: `@use 'vars' as *` gives `token()`), every rule is
 * scoped under #digi-shield, and what would act on the whole page is refused (the guard below).
 * Isomorphic; never part of the storefront runtime.
 */
import postcss, { type AtRule } from 'postcss';
import * as sass from 'sass';
import { scopeCss } from './scope.ts';

export interface StyleProblem {
  /** `css/scss`: sass refused the text; `css/scope`: the CSS could not be scoped; `css/guard`: refused CSS. */
  code: 'css/scss' | 'css/scope' | 'css/guard';
  /** sass's own words (`Undefined variable.`) or the guard's. */
  message: string;
  /** 1-based, in the SCSS the author wrote (sass errors only). */
  line?: number;
  /** 1-based. */
  column?: number;
}

export interface CompiledStyles {
  /** Scoped CSS; '' when there is a problem. */
  css: string;
  problems: StyleProblem[];
}

export interface CompileStylesOptions {
  /**
   * SCSS modules the text may `@use` by name (`vars` for `@use 'vars' as *`, also reachable as
   * `_vars`, `vars.scss`); loading anything else (a file, `../`, a URL) is an error.
   */
  modules?: Readonly<Record<string, string>>;
  /**
   * A token set's SCSS, its variables in scope (`@use 'vitrina-tokens' as *` before the text) and
   * its CSS first in the output. The studio's preview passes the site's set; the bundle build
   * emits the tokens' CSS on its own and passes none.
   */
  tokensScss?: string;
}

/** Compiled CSS of one config above this is refused (a bundle is loaded on every page view). */
export const CSS_SIZE_LIMIT = 256 * 1024;

/** At-rules that only group scoped rules; anything else is refused. */
const ALLOWED_AT_RULES = new Set(['media', 'supports', 'container', 'starting-style']);
const KEYFRAMES = /^(-webkit-|-moz-)?keyframes$/i;
export const KEYFRAMES_PREFIX = 'digi-shield-';

const TOKENS_MODULE = 'vitrina-tokens';
const SCHEME = 'vitrina-storefront:';

/** A module's name as `@use` may spell it: `vars`, `_vars`, `vars.scss`, `_vars.scss`. */
const moduleName = (url: string): string => url.replace(/^_/, '').replace(/\.scss$/, '');

/**
 * What a config's compiled CSS may hold: its rules are scoped under #digi-shield, but some
 * at-rules act on the whole page whatever their place — `@font-face` and `@property` define
 * page-wide names, `@page` styles printing, `@import` loads other sheets, and `@keyframes` names
 * are global. Those are refused, keyframes renamed into the site's own namespace (with the
 * `animation`/`animation-name` declarations naming them), and the compiled CSS has a size cap.
 */
export function guardCss(css: string): { css: string } | { error: string } {
  const bytes = new TextEncoder().encode(css).length;
  if (bytes > CSS_SIZE_LIMIT) {
    return {
      error: `the compiled CSS has ${bytes} bytes, more than the ${CSS_SIZE_LIMIT} allowed`,
    };
  }
  const root = postcss.parse(css);
  const refused = new Set<string>();
  const names = new Map<string, string>();
  root.walkAtRules((rule: AtRule) => {
    const name = rule.name.toLowerCase();
    if (KEYFRAMES.test(name)) {
      const original = rule.params.trim().replace(/^["']|["']$/g, '');
      const renamed = original.startsWith(KEYFRAMES_PREFIX)
        ? original
        : `${KEYFRAMES_PREFIX}${original}`;
      names.set(original, renamed);
      rule.params = renamed;
      return;
    }
    if (!ALLOWED_AT_RULES.has(name)) refused.add(`@${rule.name}`);
  });
  if (refused.size > 0) {
    return {
      error: `${[...refused].join(', ')} cannot be used in a config's styles: it would act outside #digi-shield`,
    };
  }
  if (names.size > 0) {
    root.walkDecls(/^(-webkit-)?animation(-name)?$/i, (decl) => {
      decl.value = decl.value.replace(/[\w-]+/g, (word) => names.get(word) ?? word);
    });
  }
  return { css: root.toString() };
}

/** Compiles a config's SCSS to scoped, guarded CSS, or the problem that stopped it. */
export function compileStyles(scss: string, options: CompileStylesOptions = {}): CompiledStyles {
  const tokensScss = options.tokensScss ?? '';
  if (scss.trim() === '' && tokensScss.trim() === '') return { css: '', problems: [] };
  const known: Record<string, string> = { ...options.modules };
  if (tokensScss.trim() !== '') known[TOKENS_MODULE] = tokensScss;
  // On the first line, so sass's line numbers are the author's.
  const source = tokensScss.trim() === '' ? scss : `@use '${TOKENS_MODULE}' as *; ${scss}`;

  let compiled: string;
  try {
    compiled = sass.compileString(source, {
      style: 'expanded',
      // No @charset/BOM: this CSS is concatenated after the storefront's (a mid-file BOM drops a rule).
      charset: false,
      logger: sass.Logger.silent,
      importers: [
        {
          canonicalize(url) {
            if (url.startsWith(SCHEME)) return new URL(url);
            const name = moduleName(url);
            if (!(name in known)) {
              throw new Error(
                `cannot load "${url}": only the storefront's modules (@use 'vars' as *) are available`,
              );
            }
            return new URL(`${SCHEME}${name}`);
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
      const shift = start.line === 0 && source !== scss ? source.length - scss.length : 0;
      return {
        css: '',
        problems: [
          {
            code: 'css/scss',
            message: error.sassMessage,
            line: start.line + 1,
            column: Math.max(1, start.column + 1 - shift),
          },
        ],
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { css: '', problems: [{ code: 'css/scss', message }] };
  }

  let guarded: ReturnType<typeof guardCss>;
  try {
    guarded = guardCss(scopeCss(compiled));
  } catch (error) {
    const message = `could not scope the compiled CSS: ${error instanceof Error ? error.message : String(error)}`;
    return { css: '', problems: [{ code: 'css/scope', message }] };
  }
  if ('error' in guarded)
    return { css: '', problems: [{ code: 'css/guard', message: guarded.error }] };
  return { css: guarded.css, problems: [] };
}
