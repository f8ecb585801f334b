/**
 * Border composites `{color, width, style}` → `width style color` (bare
 * width numbers get px). A text value is kept as written.
 */
import { applyUnits } from './units.ts';
import { normalizeColor } from './color.ts';

export function border(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const o = value as Record<string, unknown>;
  const s = (k: string): string => (typeof o[k] === 'string' ? (o[k] as string).trim() : '');
  const color = s('color');
  return [
    s('width') ? applyUnits(s('width'), 'borderWidth') : '',
    s('style'),
    normalizeColor(color) ?? color,
  ]
    .filter((p) => p !== '')
    .join(' ');
}
