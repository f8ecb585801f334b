/**
 * Which colour the storefront styles put on which background: the foreground-on-background pairs
 * of a compiled stylesheet (sass output of the widgets' SCSS, where every token is
 * `var(--name, fallback)`), read with postcss. contrast.ts checks them against WCAG 2.2.
 */
import postcss from 'postcss';
import type { Declaration, Rule } from 'postcss';
import { parse } from 'culori';

/** A colour as the styles name it: a custom property (`colors-text`) with its fallback, or a literal. */
export interface StyleColor {
  /** Custom property name without `--`, null for a literal colour. */
  token: string | null;
  /** The fallback of `var()`, or the literal. */
  fallback: string;
}

/** One foreground-on-background use found in the styles. */
export interface ContrastPair {
  /** `text` is decided against the size later (large text needs the resolved font size). */
  use: 'text' | 'ui';
  /** Which declaration gives the foreground (`color`, `border-color`, `background`, `outline`). */
  property: string;
  foreground: StyleColor;
  background: StyleColor;
  /** The font size of the rule or the nearest one above it (text only). */
  fontSize?: StyleColor | undefined;
  bold?: boolean | undefined;
  selector: string;
}

interface RuleStyle {
  color?: StyleColor | 'inherit';
  background?: StyleColor | 'none';
  border?: StyleColor;
  outline?: StyleColor;
  fontSize?: StyleColor;
  bold?: boolean;
}

/** A whole `var(--name, fallback)` value. */
export const VAR = /^var\(\s*--([\w-]+)\s*(?:,\s*(.+))?\)$/s;
const COLOR_IN =
  /var\(\s*--([\w-]+)\s*(?:,\s*([^()]+|[^()]*\([^()]*\)[^()]*))?\)|#[\da-f]{3,8}\b|rgba?\([^)]*\)/i;

/** `var(--x, fb)`, a literal colour, or nothing usable (gradients, currentColor …). */
function styleColorOf(value: string): StyleColor | undefined {
  const v = value.trim();
  const m = VAR.exec(v);
  if (m) return { token: m[1]!, fallback: (m[2] ?? '').trim() };
  if (parse(v)) return { token: null, fallback: v };
  return undefined;
}

/** The colour inside a shorthand (`1px solid var(--colors-border, #d5d9e0)`). */
function colorInShorthand(value: string): StyleColor | undefined {
  if (/gradient\(/i.test(value)) return undefined;
  const m = COLOR_IN.exec(value);
  if (!m) return undefined;
  if (m[1]) return { token: m[1], fallback: (m[2] ?? '').trim() };
  return { token: null, fallback: m[0] };
}

function readDeclarations(rule: Rule): RuleStyle {
  const style: RuleStyle = {};
  rule.each((node) => {
    if (node.type !== 'decl') return;
    const decl = node as Declaration;
    const prop = decl.prop.toLowerCase();
    const value = decl.value;
    if (prop === 'color') {
      if (/^(inherit|currentcolor)$/i.test(value.trim())) style.color = 'inherit';
      else {
        const c = styleColorOf(value);
        if (c) style.color = c;
      }
    } else if (prop === 'background' || prop === 'background-color') {
      if (/^(transparent|none)$/i.test(value.trim())) style.background = 'none';
      else {
        const c = prop === 'background' ? colorInShorthand(value) : styleColorOf(value);
        if (c && !/gradient\(/i.test(value)) style.background = c;
      }
    } else if (prop === 'border' || prop === 'border-color' || prop === 'border-bottom') {
      if (/^(0|none)$/.test(value.trim())) return;
      const c = colorInShorthand(value);
      if (c) style.border = c;
    } else if (prop === 'outline' || prop === 'outline-color') {
      const c = colorInShorthand(value);
      if (c) style.outline = c;
    } else if (prop === 'font-size') {
      const c = styleColorOf(value) ?? { token: null, fallback: value.trim() };
      style.fontSize = c;
    } else if (prop === 'font-weight') {
      const m = VAR.exec(value.trim());
      const raw = m ? (m[2] ?? '') : value;
      style.bold = /bold/i.test(value) || Number.parseInt(raw, 10) >= 700;
    }
  });
  return style;
}

/** Interactive parts whose boundary must be seen (WCAG 1.4.11). */
const CONTROL =
  /input|button|btn|buy|select|checkbox|radio|option|chip|toggle|switch|pagination__|page|arrow|favorite|cart|dot|bullet/i;
/** Controls known by their fill alone (no text or border tells them apart). */
const FILLED_CONTROL = /button|btn|buy|toggle|switch|checkbox|radio|dot|bullet/i;
/** Parts that hold no text, whatever background they have. */
const NO_TEXT = /dot|bullet|skeleton|backdrop|picture|image|__track|__thumb|spinner/i;
/** Inactive parts: WCAG 2.2 exempts them from both text and non-text contrast. */
const INACTIVE = /:disabled|--disabled|--unavailable|\[disabled\]/i;

/** The selectors a rule's surroundings may be styled by, nearest first. */
export function surroundingSelectors(selector: string, outside = false): string[] {
  const out: string[] = [];
  // outside: not the element itself in another state or modifier (what surrounds its border)
  const self = new Set<string>();
  const push = (s: string, same = false) => {
    const t = s.trim().replace(/\s+/g, ' ');
    if (outside && same) {
      self.add(t);
      return;
    }
    if (t && !out.includes(t) && t !== selector && !self.has(t)) out.push(t);
  };
  let first = true;
  let current = selector.trim();
  for (;;) {
    // the same element without states and pseudo-elements, then without its modifier
    const plain = current.replace(/::?[\w-]+(\([^)]*\))?/g, '');
    push(plain, first);
    const parts = plain.split(/\s+|\s*>\s*|\s*\+\s*|\s*~\s*/).filter(Boolean);
    const last = parts.at(-1) ?? '';
    const head = parts.slice(0, -1).join(' ');
    const classes = last.match(/\.[\w-]+/g) ?? [];
    const unmodified = classes.filter((c) => !/--/.test(c));
    if (unmodified.length && unmodified.length < classes.length) {
      push(`${head} ${unmodified.join('')}`, first);
    }
    for (const c of classes) {
      const modified = /^(\.[\w-]+?)--/.exec(c);
      if (modified) push(`${head} ${modified[1]}`, first);
      const block = /^(\.[\w-]+?)__/.exec(c);
      if (block) push(`${head} ${block[1]}`);
    }
    first = false;
    if (parts.length <= 1) break;
    current = head;
  }
  return out;
}

/**
 * Every foreground-on-background pair of a compiled stylesheet. A rule's background is its own,
 * else the one of the nearest surrounding rule (same element without state or modifier, its BEM
 * block, then its ancestors), else the root's (`#digi-shield`), else `colors-background`.
 */
export function extractContrastPairs(css: string, root = '#digi-shield'): ContrastPair[] {
  const styles = new Map<string, RuleStyle>();
  const order: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes/i.test((parent as { name: string }).name)) return;
    const style = readDeclarations(rule);
    for (const raw of rule.selectors) {
      const selector = raw.replace(/\s+/g, ' ').trim();
      const known = styles.get(selector);
      if (known) Object.assign(known, style);
      else {
        styles.set(selector, { ...style });
        order.push(selector);
      }
    }
  });
  const rootStyle = styles.get(root) ?? {};
  const page: StyleColor = { token: 'colors-background', fallback: '#ffffff' };

  const lookup = <K extends keyof RuleStyle>(
    selector: string,
    key: K,
    skipOwn: boolean,
  ): RuleStyle[K] | undefined => {
    const chain = skipOwn
      ? surroundingSelectors(selector, true)
      : [selector, ...surroundingSelectors(selector)];
    for (const s of chain) {
      const value = styles.get(s)?.[key];
      if (value !== undefined && value !== 'inherit' && value !== 'none') return value;
    }
    return undefined;
  };
  const backgroundOf = (selector: string, skipOwn: boolean): StyleColor => {
    const bg = lookup(selector, 'background', skipOwn);
    if (bg && bg !== 'none') return bg;
    return rootStyle.background && rootStyle.background !== 'none' ? rootStyle.background : page;
  };
  const colorOf = (selector: string): StyleColor => {
    const c = lookup(selector, 'color', false);
    if (c && c !== 'inherit') return c;
    return rootStyle.color && rootStyle.color !== 'inherit'
      ? rootStyle.color
      : { token: 'colors-text', fallback: '#1f2328' };
  };

  const pairs: ContrastPair[] = [];
  for (const selector of order) {
    const style = styles.get(selector)!;
    if (INACTIVE.test(selector)) continue;
    const isRoot = selector === root;
    const ownBackground = style.background && style.background !== 'none';
    // text: an own colour, or an own background under the inherited colour
    const hasText = !NO_TEXT.test(selector);
    if (
      hasText &&
      ((style.color && style.color !== 'inherit') || (ownBackground && !isRoot) || isRoot)
    ) {
      const fontSize = lookup(selector, 'fontSize', false) ?? rootStyle.fontSize;
      const bold = lookup(selector, 'bold', false) ?? false;
      pairs.push({
        use: 'text',
        property: 'color',
        foreground: colorOf(selector),
        background: backgroundOf(selector, false),
        fontSize,
        bold,
        selector,
      });
    }
    const control = CONTROL.test(selector);
    if (style.border && control) {
      pairs.push({
        use: 'ui',
        property: 'border-color',
        foreground: style.border,
        background: backgroundOf(selector, true),
        selector,
      });
    } else if (
      ownBackground &&
      FILLED_CONTROL.test(selector) &&
      !lookup(selector, 'border', false)
    ) {
      pairs.push({
        use: 'ui',
        property: 'background',
        foreground: style.background as StyleColor,
        background: backgroundOf(selector, true),
        selector,
      });
    }
    if (style.outline) {
      pairs.push({
        use: 'ui',
        property: 'outline',
        foreground: style.outline,
        background: backgroundOf(selector, true),
        selector,
      });
    }
  }
  return pairs.filter((p) => p.foreground.token !== null || p.background.token !== null);
}
