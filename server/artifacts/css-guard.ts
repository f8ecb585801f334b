/**
 * What a config's compiled CSS may hold (issue 20.9): its rules are scoped under #digi-shield, but
 * some at-rules act on the whole page whatever their place — `@font-face` and `@property` define
 * page-wide names, `@page` styles printing, `@import` loads other sheets, and `@keyframes` names
 * are global. Those are refused, keyframes renamed into the site's own namespace, and the compiled
 * CSS has a size cap.
 */
import postcss, { type AtRule } from 'postcss';
import type { BundleDiagnostic } from './types.ts';

/** Compiled CSS of one config above this is refused (a bundle is loaded on every page view). */
export const CSS_SIZE_LIMIT = 256 * 1024;

/** At-rules that only group scoped rules; anything else is refused. */
const ALLOWED_AT_RULES = new Set(['media', 'supports', 'container', 'starting-style']);
const KEYFRAMES = /^(-webkit-|-moz-)?keyframes$/i;
export const KEYFRAMES_PREFIX = 'digi-shield-';

/**
 * Checks and rewrites compiled CSS: refused at-rules and a CSS over the cap become error
 * diagnostics naming `path` (the CSS is then dropped); keyframes are renamed with
 * KEYFRAMES_PREFIX, and the `animation`/`animation-name` declarations naming them follow.
 */
export function guardCss(css: string, path: string, diagnostics: BundleDiagnostic[]): string {
  const error = (message: string) => {
    diagnostics.push({ code: 'css/guard', path, message, severity: 'error' });
    return '';
  };
  if (Buffer.byteLength(css) > CSS_SIZE_LIMIT) {
    return error(
      `the compiled CSS has ${Buffer.byteLength(css)} bytes, more than the ${CSS_SIZE_LIMIT} allowed`,
    );
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
    return error(
      `${[...refused].join(', ')} cannot be used in a config's styles: it would act outside #digi-shield`,
    );
  }
  if (names.size > 0) {
    root.walkDecls(/^(-webkit-)?animation(-name)?$/i, (decl) => {
      decl.value = decl.value.replace(/[\w-]+/g, (word) => names.get(word) ?? word);
    });
  }
  return root.toString();
}
