/**
 * Contrast checks on tokens: which colour token the storefront styles put on which background
 * token (read from the compiled storefront CSS by contrast-pairs.ts, re-exported here), and
 * whether each pair meets WCAG 2.2: 4.5:1 for text, 3:1 for large text (≥ 24px, or ≥ 18.66px
 * bold) and for the boundaries of controls (borders of inputs and buttons, a button's fill, the
 * focus outline). A failing colour gets the nearest passing one: the same hue and chroma in
 * OKLCH, lightness moved as little as needed.
 *
 * Pure: the caller passes the CSS text (the CLI and the server compile it with sass, the studio
 * gets it from Vite) and a resolver from custom property names to colours (the compiled tokens).
 */
import { clampChroma, converter, formatHex, parse, wcagContrast } from 'culori';
import type { Color } from 'culori';
import { VAR } from './contrast-pairs.ts';
import type { ContrastPair, StyleColor } from './contrast-pairs.ts';

export { extractContrastPairs, surroundingSelectors } from './contrast-pairs.ts';
export type { ContrastPair, StyleColor } from './contrast-pairs.ts';

export type ContrastKind = 'text' | 'large-text' | 'ui';

/** Text is large from 24px, or 18.66px (14pt) when bold (WCAG 2.2 "large scale"). */
export const LARGE_TEXT_PX = 24;
export const LARGE_BOLD_TEXT_PX = 18.66;
export const REQUIRED: Record<ContrastKind, number> = { text: 4.5, 'large-text': 3, ui: 3 };

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
