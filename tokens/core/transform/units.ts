/**
 * Units. Bare numbers get `px` on the length types below (each
 * space-separated part, so `0 4` → `0 4px`); `0%` becomes `0` on every type.
 * Percentages of letter spacing, paragraph spacing and paragraph indent become
 * `em` (`-2%` → `-0.02em`: Figma's percent is of the font size); line heights
 * in percent become unitless factors (`125%` → `1.25`), `AUTO` becomes
 * `normal`; opacities in percent become factors (`40%` → `0.4`). A bare line
 * height up to 5 is a factor of the font size and stays unitless (`1.4`, not
 * `1.4px`, which collapses every line); above 5 it is pixels (`24` → `24px`).
 *
 * Length types (bare number → px): sizing, spacing, dimension, borderRadius,
 * borderWidth, fontSizes, letterSpacing, paragraphSpacing, paragraphIndent,
 * lineHeights, and the same properties inside typography, boxShadow (x, y,
 * blur, spread) and border (width) composites. `0` stays `0`.
 */
import { formatNumber } from './math.ts';

export const LENGTH_TYPES: ReadonlySet<string> = new Set([
  'sizing',
  'spacing',
  'dimension',
  'borderRadius',
  'borderWidth',
  'fontSizes',
  'fontSize',
  'letterSpacing',
  'paragraphSpacing',
  'paragraphIndent',
  'lineHeights',
  'lineHeight',
]);

const NUM = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** The largest bare line height read as a factor of the font size rather than pixels. */
export const MAX_UNITLESS_LINE_HEIGHT = 5;

const isLineHeight = (type: string): boolean => type === 'lineHeights' || type === 'lineHeight';
const PCT = /^([-+]?(?:\d+\.?\d*|\.\d+))%$/;

function part(p: string, type: string): string {
  if (p === '0%') return '0';
  if (NUM.test(p)) {
    if (Number(p) === 0) return '0';
    if (isLineHeight(type) && Math.abs(Number(p)) <= MAX_UNITLESS_LINE_HEIGHT) return p;
    return LENGTH_TYPES.has(type) ? `${p}px` : p;
  }
  const m = PCT.exec(p);
  if (m) {
    const n = Number(m[1]);
    switch (type) {
      case 'letterSpacing':
      case 'paragraphSpacing':
      case 'paragraphIndent':
        return n === 0 ? '0' : `${formatNumber(n / 100)}em`;
      case 'lineHeights':
      case 'lineHeight':
      case 'opacity':
        return formatNumber(n / 100);
    }
  }
  return p;
}

/** Applies the unit rules to one text value of a given (property) type. */
export function applyUnits(value: string, type: string): string {
  const v = value.trim();
  if (v.length === 0 || v.length > 200 || v.startsWith('calc(')) return v;
  if (isLineHeight(type) && v.toUpperCase() === 'AUTO') return 'normal';
  if (v.indexOf(' ') < 0) return part(v, type);
  if (v.indexOf('(') >= 0) return v;
  return v
    .split(/\s+/)
    .map((p) => part(p, type))
    .join(' ');
}
