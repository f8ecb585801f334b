/**
 * Scopes a stylesheet under #digi-shield (DESIGN.md "Tokens": PostCSS scopes every template
 * selector), shared by the server's bundle build and the studio's SCSS worker: every selector goes
 * under the shield, `:root`, `html` and `body` become the shield itself, keyframe steps stay.
 */
import postcss, { type Rule } from 'postcss';

export const SHIELD = '#digi-shield';

export function scopeSelector(selector: string): string {
  const s = selector.trim();
  if (/^#digi-shield(?![\w-])/.test(s)) return s;
  const page = /^(:root|html|body)(?![\w-])\s*/.exec(s);
  if (page) {
    const rest = s.slice(page[0].length);
    if (rest === '') return SHIELD;
    // `body.x` / `html:hover` keep their qualifiers on the shield; `body .x` is a descendant.
    return /^[.:[#]/.test(rest) && !/^\s/.test(s.slice((page[1] ?? '').length))
      ? `${SHIELD}${rest}`
      : `${SHIELD} ${rest}`;
  }
  return `${SHIELD} ${s}`;
}

export function scopeCss(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name)) return;
    rule.selectors = rule.selectors.map(scopeSelector);
  });
  return root.toString();
}
