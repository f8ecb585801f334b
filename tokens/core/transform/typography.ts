/**
 * Typography composites → every property kept (nothing folded into the
 * lossy `font` shorthand): font family, weight, style, size, line height,
 * letter spacing, paragraph spacing, paragraph indent, text case and
 * decoration. Each becomes a per-property variable and a declaration of the
 * token's mixin. Unknown keys are kept as kebab-case properties.
 *
 * Codes: `typography/not-composite` (warning: a typography token whose value
 * is not an object is written as a plain variable).
 */
import { applyUnits } from './units.ts';
import { fontWeight } from './font-weight.ts';

export interface TypoProp {
  /** Suffix of the per-property variable (`font-size`). */
  key: string;
  /** CSS property the mixin sets. */
  css: string;
  value: string;
}

interface PropDef {
  key: string;
  css: string;
  unitType: string;
}

const PROPS: Record<string, PropDef> = {
  fontFamily: { key: 'font-family', css: 'font-family', unitType: 'fontFamilies' },
  fontFamilies: { key: 'font-family', css: 'font-family', unitType: 'fontFamilies' },
  fontWeight: { key: 'font-weight', css: 'font-weight', unitType: 'fontWeights' },
  fontWeights: { key: 'font-weight', css: 'font-weight', unitType: 'fontWeights' },
  fontStyle: { key: 'font-style', css: 'font-style', unitType: 'fontStyle' },
  fontSize: { key: 'font-size', css: 'font-size', unitType: 'fontSizes' },
  fontSizes: { key: 'font-size', css: 'font-size', unitType: 'fontSizes' },
  lineHeight: { key: 'line-height', css: 'line-height', unitType: 'lineHeights' },
  lineHeights: { key: 'line-height', css: 'line-height', unitType: 'lineHeights' },
  letterSpacing: { key: 'letter-spacing', css: 'letter-spacing', unitType: 'letterSpacing' },
  paragraphSpacing: {
    key: 'paragraph-spacing',
    css: 'margin-block-end',
    unitType: 'paragraphSpacing',
  },
  paragraphIndent: { key: 'paragraph-indent', css: 'text-indent', unitType: 'paragraphIndent' },
  textCase: { key: 'text-case', css: 'text-transform', unitType: 'textCase' },
  textTransform: { key: 'text-case', css: 'text-transform', unitType: 'textCase' },
  textDecoration: { key: 'text-decoration', css: 'text-decoration', unitType: 'textDecoration' },
};

const ORDER = [
  'font-family',
  'font-weight',
  'font-style',
  'font-size',
  'line-height',
  'letter-spacing',
  'paragraph-spacing',
  'paragraph-indent',
  'text-case',
  'text-decoration',
];

const TEXT_CASE: Record<string, string> = {
  none: 'none',
  uppercase: 'uppercase',
  upper: 'uppercase',
  lowercase: 'lowercase',
  lower: 'lowercase',
  capitalize: 'capitalize',
  title: 'capitalize',
  'small-caps': 'none',
};

const kebab = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** One property value of a typography composite, transformed. */
export function typographyValue(unitType: string, raw: string): string {
  const v = raw.trim();
  if (unitType === 'textCase') return TEXT_CASE[v.toLowerCase()] ?? v;
  return applyUnits(v, unitType);
}

/**
 * @param value the resolved composite (string values only are used)
 * @param defaultLineHeight V3 default, used when the composite has none
 */
export function expandTypography(
  value: { [key: string]: unknown },
  defaultLineHeight: string | null,
): TypoProp[] {
  const byKey = new Map<string, TypoProp>();
  const extra: TypoProp[] = [];
  for (const k of Object.keys(value)) {
    const raw = value[k];
    if (typeof raw !== 'string') continue;
    const def = PROPS[k];
    if (!def) {
      const key = kebab(k);
      if (key) extra.push({ key, css: key, value: raw.trim() });
      continue;
    }
    if (def.key === 'font-weight') {
      const fw = fontWeight(raw);
      byKey.set('font-weight', { key: 'font-weight', css: 'font-weight', value: fw.weight });
      if (fw.italic && !byKey.has('font-style'))
        byKey.set('font-style', { key: 'font-style', css: 'font-style', value: 'italic' });
      continue;
    }
    byKey.set(def.key, { key: def.key, css: def.css, value: typographyValue(def.unitType, raw) });
  }
  if (!byKey.has('line-height') && defaultLineHeight !== null)
    byKey.set('line-height', { key: 'line-height', css: 'line-height', value: defaultLineHeight });
  const out: TypoProp[] = [];
  for (const k of ORDER) {
    const p = byKey.get(k);
    if (p) out.push(p);
  }
  return out.concat(extra);
}
