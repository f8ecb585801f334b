/**
 * Colour modifiers (`$extensions["studio.tokens"].modify`): lighten, darken,
 * mix and alpha, with the Tokens Studio plugin's formulas in its colour spaces
 * (as ported to @tokens-studio/sd-transforms):
 *
 * - lch: lighten `l += (100 - l) * a`, darken `l -= l * a`, and both reduce
 *   chroma `c -= c * a`;
 * - hsl: lighten `l += (1 - l) * a`, darken `l -= l * a`;
 * - srgb and p3: each channel lighten `v += (1 - v) * a`, darken `v -= v * a`;
 * - no or another space: OKLCh lightness `l *= 1 ± a` (colorjs' own lighten/darken);
 * - mix: interpolation from the base to `color` by `a` in the space (hue the shorter way);
 * - alpha: the alpha channel becomes `a` (clamped to 0..1).
 *
 * The amount may be math (`0.1 * 2`). The result is written in sRGB.
 *
 * Codes: `color-modify/invalid-amount`, `color-modify/invalid-color`,
 * `color-modify/unknown-type`, `color-modify/failed`, `color-modify/unknown-space`
 * (all keep the base colour except the last, which falls back to OKLCh).
 */
import { converter, interpolate } from 'culori';
import type { Color } from 'culori';
import { formatColor, parseColor } from './color.ts';
import { evaluateMath } from './math.ts';

export interface Modifier {
  type: string;
  value: string;
  space?: string;
  color?: string;
}

const toLch = converter('lch');
const toHsl = converter('hsl');
const toRgb = converter('rgb');
const toP3 = converter('p3');
const toOklch = converter('oklch');

export type ModifyResult = { value: string } | { error: string; code: string; value?: string };

function amountOf(text: string): number | null {
  const t = text.trim();
  let n = Number(t);
  if (t === '' || !Number.isFinite(n)) {
    const m = evaluateMath(t);
    if (m.kind !== 'folded') return null;
    n = Number(m.value);
    if (!Number.isFinite(n)) return null;
  }
  return n;
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

function lightenDarken(base: Color, space: string, a: number, up: boolean): Color {
  switch (space) {
    case 'lch': {
      const c = toLch(base);
      const l = c.l ?? 0;
      const chroma = Math.max(0, (c.c ?? 0) - a * (c.c ?? 0));
      const nl = up ? Math.min(100, l + (100 - l) * a) : Math.max(0, l - l * a);
      return { ...c, l: nl, c: chroma };
    }
    case 'hsl': {
      const c = toHsl(base);
      const l = c.l ?? 0;
      return { ...c, l: up ? Math.min(1, l + (1 - l) * a) : Math.max(0, l - l * a) };
    }
    case 'srgb':
    case 'p3': {
      const c = space === 'p3' ? toP3(base) : toRgb(base);
      const f = (v: number): number => (up ? Math.min(1, v + a * (1 - v)) : Math.max(0, v - a * v));
      return { ...c, r: f(c.r), g: f(c.g), b: f(c.b) };
    }
    default: {
      const c = toOklch(base);
      return { ...c, l: clamp((c.l ?? 0) * (up ? 1 + a : 1 - a), 0, 1) };
    }
  }
}

const MIX_MODE: Record<string, 'lch' | 'hsl' | 'rgb' | 'p3' | 'oklch'> = {
  lch: 'lch',
  hsl: 'hsl',
  srgb: 'rgb',
  p3: 'p3',
};

const memo = new Map<string, ModifyResult>();

/** Applies one modifier to a colour text (memoised: themes repeat them). */
export function modifyColor(baseText: string, mod: Modifier): ModifyResult {
  const key = `${baseText}\u0000${mod.type}\u0000${mod.value}\u0000${mod.space ?? ''}\u0000${mod.color ?? ''}`;
  let hit = memo.get(key);
  if (hit === undefined) {
    try {
      hit = modifyUncached(baseText, mod);
    } catch (e) {
      hit = { code: 'color-modify/failed', error: `could not be applied (${String(e)})` };
    }
    if (memo.size > 20_000) memo.clear();
    memo.set(key, hit);
  }
  return hit;
}

function modifyUncached(baseText: string, mod: Modifier): ModifyResult {
  const base = parseColor(baseText);
  if (!base)
    return {
      code: 'color-modify/invalid-color',
      error: `base colour '${baseText}' is not a colour`,
    };
  const a = amountOf(mod.value);
  if (a === null)
    return { code: 'color-modify/invalid-amount', error: `amount '${mod.value}' is not a number` };
  const space = (mod.space ?? '').trim().toLowerCase();
  const known = space in MIX_MODE;
  let out: Color;
  switch (mod.type) {
    case 'lighten':
    case 'darken':
      out = lightenDarken(base, known ? space : 'oklch', a, mod.type === 'lighten');
      break;
    case 'mix': {
      const other = parseColor(mod.color ?? '');
      if (!other)
        return {
          code: 'color-modify/invalid-color',
          error: `mix colour '${mod.color ?? ''}' is not a colour`,
        };
      out = interpolate([base, other], MIX_MODE[space] ?? 'oklch')(clamp(a, 0, 1));
      break;
    }
    case 'alpha':
      out = { ...base, alpha: clamp(a, 0, 1) };
      break;
    default:
      return { code: 'color-modify/unknown-type', error: `unknown modifier type '${mod.type}'` };
  }
  const value = formatColor(out);
  if (!known)
    return {
      code: 'color-modify/unknown-space',
      error: `colour space '${mod.space ?? ''}' is not lch, srgb, p3 or hsl: used OKLCh`,
      value,
    };
  return { value };
}
