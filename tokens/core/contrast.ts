/**
 * Contrast checks on tokens: which colour token the storefront styles put on which
 * background token, read from the compiled storefront CSS (sass output of the widgets' SCSS, where
 * every token is `var(--name, fallback)`), and whether each pair meets WCAG 2.2: 4.5:1 for text,
 * 3:1 for large text (≥ 24px, or ≥ 18.66px bold) and for the boundaries of controls (borders of
 * inputs and buttons, a button's fill, the focus outline). A failing colour gets the nearest
 * passing one: the same hue and chroma in OKLCH, lightness moved as little as needed.
 *
 * Pure: the caller passes the CSS text (the CLI and the server compile it with sass, the studio
 * gets it from Vite) and a resolver from custom property names to colours (the compiled tokens).
 */
import postcss from 'postcss';
import type { Declaration, Rule } from 'postcss';
import { clampChroma, converter, formatHex, parse, wcagContrast } from 'culori';
import type { Color } from 'culori';

/** A colour as the styles name it: a custom property (`colors-text`) with its fallback, or a literal. */
export interface StyleColor {
  /** Custom property name without `--`, null for a literal colour. */
  token: string | null;
  /** The fallback of `var()`, or the literal. */
  fallback: string;
}

export type ContrastKind = 'text' | 'large-text' | 'ui';

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

/** Text is large from 24px, or 18.66px (14pt) when bold (WCAG 2.2 "large scale"). */
export const LARGE_TEXT_PX = 24;
export const LARGE_BOLD_TEXT_PX = 18.66;
export const REQUIRED: Record<ContrastKind, number> = { text: 4.5, 'large-text': 3, ui: 3 };

interface RuleStyle {
  color?: StyleColor | 'inherit';
  background?: StyleColor | 'none';
  border?: StyleColor;
  outline?: StyleColor;
  fontSize?: StyleColor;
  bold?: boolean;
}

const VAR = /^var\(\s*--([\w-]+)\s*(?:,\s*(.+))?\)$/s;
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

/** Resolves a custom property name (without `--`) to its value, undefined when the set lacks it. */
export type TokenResolver = (name: string) => string | undefined;

export interface ContrastFinding {
  kind: ContrastKind;
  property: string;
  /** Token names (custom properties without `--`), null for a literal colour of the styles. */
  foregroundToken: string | null;
  backgroundToken: string | null;
  /** The colours compared (hex). */
  foreground: string;
  background: string;
  /** WCAG contrast ratio, two decimals. */
  ratio: number;
  required: number;
  pass: boolean;
  /** The selectors using this pair. */
  selectors: string[];
  /** Nearest passing colours: for the foreground token and for the background token. */
  suggestForeground?: string | undefined;
  suggestBackground?: string | undefined;
}

const toRgb = converter('rgb');
const toOklch = converter('oklch');

/** A colour over another (alpha compositing); undefined when either does not parse. */
function solid(value: string, under: Color | undefined): Color | undefined {
  const c = parse(value);
  if (!c) return undefined;
  const rgb = toRgb(c);
  const alpha = rgb.alpha ?? 1;
  if (alpha >= 1) return { ...rgb, alpha: undefined } as Color;
  const base = toRgb(under ?? { mode: 'rgb', r: 1, g: 1, b: 1 });
  return {
    mode: 'rgb',
    r: rgb.r * alpha + base.r * (1 - alpha),
    g: rgb.g * alpha + base.g * (1 - alpha),
    b: rgb.b * alpha + base.b * (1 - alpha),
  };
}

/** A font size in px: px, rem/em (× 16), or undefined. */
function pixels(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(-?[\d.]+)(px|rem|em)?$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'rem' || m[2] === 'em' ? n * 16 : n;
}

/**
 * The colour nearest to `color` (same OKLCH hue and chroma, lightness moved by the smallest step
 * found) that reaches `required` against `against`: first moving away from `against` (a dark text
 * gets darker), then, if that cannot pass, the other way; undefined if nothing does.
 */
export function nearestPassing(color: Color, against: Color, required: number): string | undefined {
  const start = toOklch(color);
  const l0 = start.l ?? 0;
  const away = l0 >= (toOklch(against).l ?? 0) ? 1 : -1;
  for (const direction of [away, -away]) {
    for (let step = 0.005; step <= 1.0001; step += 0.005) {
      const l = l0 + direction * step;
      if (l < 0 || l > 1) break;
      const hex = formatHex(clampChroma({ ...start, l }, 'oklch'));
      // judged as it will be written (rounded to hex)
      if (wcagContrast(hex, against) >= required) return hex;
    }
  }
  return undefined;
}

const round2 = (n: number) => Math.floor(n * 100) / 100;

/**
 * Checks every pair against the resolved tokens; one finding per distinct (kind, property,
 * foreground, background), passing ones included (`pass`).
 */
export function checkContrast(pairs: ContrastPair[], resolve: TokenResolver): ContrastFinding[] {
  const valueOf = (c: StyleColor): string =>
    (c.token !== null ? resolve(c.token) : undefined) ?? c.fallback;
  const byKey = new Map<string, ContrastFinding>();
  for (const pair of pairs) {
    const bgValue = valueOf(pair.background);
    const bg = solid(bgValue, undefined);
    const fg = solid(valueOf(pair.foreground), bg);
    if (!bg || !fg) continue;
    let kind: ContrastKind = 'ui';
    if (pair.use === 'text') {
      const px = pair.fontSize ? pixels(valueOf(pair.fontSize)) : undefined;
      const large =
        px !== undefined &&
        (px >= LARGE_TEXT_PX || (pair.bold === true && px >= LARGE_BOLD_TEXT_PX));
      kind = large ? 'large-text' : 'text';
    }
    const foreground = formatHex(fg);
    const background = formatHex(bg);
    const key = [
      kind,
      pair.property,
      pair.foreground.token ?? foreground,
      pair.background.token ?? background,
    ].join('|');
    const known = byKey.get(key);
    if (known) {
      if (!known.selectors.includes(pair.selector)) known.selectors.push(pair.selector);
      continue;
    }
    const required = REQUIRED[kind];
    const ratio = round2(wcagContrast(fg, bg));
    const pass = ratio >= required;
    byKey.set(key, {
      kind,
      property: pair.property,
      foregroundToken: pair.foreground.token,
      backgroundToken: pair.background.token,
      foreground,
      background,
      ratio,
      required,
      pass,
      selectors: [pair.selector],
      suggestForeground: pass ? undefined : nearestPassing(fg, bg, required),
      suggestBackground: pass ? undefined : nearestPassing(bg, fg, required),
    });
  }
  return [...byKey.values()];
}

/** Failing findings by token name (each finding under its foreground and its background token). */
export function failuresByToken(findings: ContrastFinding[]): Map<string, ContrastFinding[]> {
  const map = new Map<string, ContrastFinding[]>();
  const add = (token: string | null, f: ContrastFinding) => {
    if (token === null) return;
    const list = map.get(token);
    if (list) {
      if (!list.includes(f)) list.push(f);
    } else map.set(token, [f]);
  };
  for (const f of findings) {
    if (f.pass) continue;
    add(f.foregroundToken, f);
    add(f.backgroundToken, f);
  }
  return map;
}

/** A resolver over custom property declarations (`--name: value;`) of compiled token CSS/SCSS. */
export function resolverFromCss(text: string): TokenResolver {
  const values = new Map<string, string>();
  for (const m of text.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) values.set(m[1]!, m[2]!.trim());
  const resolve = (name: string, depth = 0): string | undefined => {
    const v = values.get(name);
    if (v === undefined || depth > 20) return undefined;
    const ref = VAR.exec(v);
    if (ref) return resolve(ref[1]!, depth + 1) ?? (ref[2]?.trim() || undefined);
    return v;
  };
  return (name) => resolve(name);
}
