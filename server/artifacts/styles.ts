/**
 * A config's own styles (its `css` field, SCSS) compiled by sass and scoped under #digi-shield,
 * so a merchant-supplied rule never styles the host page.
 */
import { join } from 'node:path';
import postcss, { type Rule } from 'postcss';
import * as sass from 'sass';
import { STOREFRONT_DIR } from './runtime.ts';
import type { BundleDiagnostic } from './types.ts';

const SHIELD = '#digi-shield';
const LOAD_PATHS = [join(STOREFRONT_DIR, 'styles')];

/** Puts one selector under the shield: `:root`, `html` and `body` become the shield itself. */
function scopeSelector(selector: string): string {
  const s = selector.trim();
  if (/^#digi-shield(?![\w-])/.test(s)) return s;
  const page = /^(:root|html|body)(?![\w-])\s*/.exec(s);
  if (page) {
    const rest = s.slice(page[0].length);
    if (rest === '') return SHIELD;
    // `body.x` / `html:hover` keep their qualifiers on the shield; `body .x` becomes a descendant
    return /^[.:[#]/.test(rest) && !/^\s/.test(s.slice(page[1]!.length))
      ? `${SHIELD}${rest}`
      : `${SHIELD} ${rest}`;
  }
  return `${SHIELD} ${s}`;
}

/** Scopes every rule of a stylesheet under #digi-shield (keyframe steps are left alone). */
function scopeCss(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name)) return;
    rule.selectors = rule.selectors.map(scopeSelector);
  });
  return root.toString();
}

/**
 * Compiles a config's SCSS (`@use 'vars' as *` gives it the storefront's `token()` function)
 * and scopes it. A compile error is a diagnostic naming `path` with sass's line and column.
 */
export function compileConfigCss(
  scss: string,
  path: string,
  diagnostics: BundleDiagnostic[],
): string {
  if (scss.trim() === '') return '';
  let css: string;
  try {
    css = sass.compileString(scss, {
      style: 'expanded',
      loadPaths: LOAD_PATHS,
      logger: sass.Logger.silent,
    }).css;
  } catch (error) {
    const message =
      error instanceof sass.Exception
        ? `${error.sassMessage} (line ${error.span.start.line + 1}, column ${error.span.start.column + 1})`
        : String(error);
    diagnostics.push({ code: 'css/scss', path, message, severity: 'error' });
    return '';
  }
  try {
    return scopeCss(css);
  } catch (error) {
    diagnostics.push({
      code: 'css/scope',
      path,
      message: `could not scope the compiled CSS: ${error instanceof Error ? error.message : String(error)}`,
      severity: 'error',
    });
    return '';
  }
}
