/**
 * Box shadows: one layer or many (arrays, nested arrays from referenced
 * shadow tokens, flattened), `dropShadow` and `innerShadow` (→ `inset`),
 * written as one `box-shadow` value: `[inset] x y blur spread color`, layers
 * joined by `, `. Bare numbers get px, in text layers too.
 *
 * Codes: `shadow/invalid` (warning: a layer that is neither text nor an object).
 */
import { applyUnits } from './units.ts';
import { normalizeColor } from './color.ts';

const len = (v: unknown): string =>
  typeof v === 'string' && v.trim() !== '' ? applyUnits(v, 'dimension') : '0';

export function boxShadow(value: unknown, problems: string[]): string {
  const layers: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
      continue;
    }
    if (typeof v === 'string') {
      if (v.trim() !== '') layers.push(applyUnits(v, 'dimension'));
      continue;
    }
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      const colorText = typeof o['color'] === 'string' ? o['color'].trim() : '';
      const color = normalizeColor(colorText) ?? colorText;
      const parts = [
        o['type'] === 'innerShadow' ? 'inset' : '',
        len(o['x'] ?? o['offsetX']),
        len(o['y'] ?? o['offsetY']),
        len(o['blur']),
        len(o['spread']),
        color,
      ];
      layers.push(parts.filter((p) => p !== '').join(' '));
      continue;
    }
    problems.push('a shadow layer is neither text nor an object');
  }
  return layers.join(', ');
}
