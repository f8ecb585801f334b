/**
 * Colours: parsed with culori and written as `#rrggbb` (opaque) or
 * `rgba(r, g, b, a)`. Tokens Studio's `rgba(<colour>, <alpha>)` form (a hex or
 * a referenced colour plus an alpha) is understood. Results of colour
 * modifiers are gamut-mapped to sRGB with the CSS Color 4 algorithm.
 *
 * Codes: `color/invalid` (warning: the text is kept as written).
 */
import { converter, formatHex, parse, toGamut } from 'culori';
import type { Color } from 'culori';
import { formatNumber } from './math.ts';

const toRgbGamut = toGamut('rgb', 'oklch');
const toRgb = converter('rgb');
const EPS = 1e-6;
const inUnit = (v: number): boolean => v >= -EPS && v <= 1 + EPS;

/** culori's parse, which throws on some malformed input, made total. */
export function safeParse(text: string): Color | undefined {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

/** Parses any CSS colour culori knows plus `rgba(<colour>, <alpha>)`. */
export function parseColor(text: string): Color | undefined {
  const s = text.trim();
  const direct = safeParse(s);
  if (direct) return direct;
  const m = /^(rgba?|hsla?)\(\s*([^,()]+(?:\([^()]*\))?)\s*,\s*([-+\d.eE]+%?)\s*\)$/.exec(s);
  if (!m) return undefined;
  const base = safeParse((m[2] as string).trim());
  if (!base) return undefined;
  const a = m[3] as string;
  const alpha = a.endsWith('%') ? Number(a.slice(0, -1)) / 100 : Number(a);
  if (!Number.isFinite(alpha)) return undefined;
  return { ...base, alpha: Math.max(0, Math.min(1, alpha)) };
}

const ch = (v: number | undefined): number =>
  Math.round(Math.max(0, Math.min(1, Number.isFinite(v) ? (v as number) : 0)) * 255);

/** sRGB text of any culori colour: `#rrggbb` or `rgba(r, g, b, a)`. */
export function formatColor(c: Color): string {
  // in-gamut colours (nearly all) skip the gamut-mapping search
  let rgb = toRgb(c);
  if (!inUnit(rgb.r) || !inUnit(rgb.g) || !inUnit(rgb.b)) rgb = toRgbGamut(c);
  const alpha = c.alpha === undefined ? 1 : Math.max(0, Math.min(1, c.alpha));
  if (alpha >= 1)
    return formatHex({ mode: 'rgb', r: ch(rgb.r) / 255, g: ch(rgb.g) / 255, b: ch(rgb.b) / 255 });
  return `rgba(${ch(rgb.r)}, ${ch(rgb.g)}, ${ch(rgb.b)}, ${formatNumber(alpha)})`;
}

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\s*\(/i;

/** A CSS gradient in a colour token: `linear-gradient (…)` loses the stray space. */
export function normalizeGradient(text: string): string | null {
  const m = GRADIENT.exec(text);
  if (!m || !text.endsWith(')')) return null;
  return `${m[0].replace(/\s+/g, '')}${text.slice(m[0].length)}`;
}

const cache = new Map<string, string | null>();

/** Normalises a colour text; null when it is not a colour. Memoised. */
export function normalizeColor(text: string): string | null {
  let hit = cache.get(text);
  if (hit !== undefined) return hit;
  const c = parseColor(text);
  hit = c ? formatColor(c) : null;
  if (cache.size > 50_000) cache.clear();
  cache.set(text, hit);
  return hit;
}
