/**
 * Emission of one token: SCSS variable(s), CSS custom propert(y/ies) and, for
 * typography, a mixin. Per-type value rules live in ../transform; every value
 * passes through safe-value.ts so the text always compiles with sass.
 *
 * Codes: `emit/unsupported-composite` (warning: an object value of a type
 * with no CSS form is skipped), `typography/not-composite` (warning).
 */
import type { Diagnostic } from '../types.ts';
import type { RVal } from '../resolve/resolve.ts';
import { UNDEFINED } from '../resolve/resolve.ts';
import { applyUnits } from '../transform/units.ts';
import { expandTypography, typographyValue } from '../transform/typography.ts';
import { boxShadow } from '../transform/shadow.ts';
import { border } from '../transform/border.ts';
import { fontWeight } from '../transform/font-weight.ts';
import { fontFamilyList, safeValue, quote } from './safe-value.ts';

export interface Chunk {
  vars: string;
  props: string;
  mixin: string;
}

export interface EmitIn {
  path: string;
  type: string;
  name: string;
  value: RVal;
  file?: string;
}

const EMPTY: Chunk = { vars: '', props: '', mixin: '' };

function plain(name: string, value: string): Chunk {
  const v = safeValue(value === '' ? '""' : value);
  return { vars: `$${name}: ${v};\n`, props: `  --${name}: ${v};\n`, mixin: '' };
}

function textValue(type: string, v: string): string {
  switch (type) {
    case 'fontWeights':
    case 'fontWeight':
      return fontWeight(v).weight;
    case 'fontFamilies':
    case 'fontFamily':
      return v.trim() === UNDEFINED ? UNDEFINED : fontFamilyList(v);
    case 'textCase':
      return typographyValue('textCase', v);
    case 'asset': {
      const t = v.trim();
      return t === UNDEFINED || t.startsWith('url(') ? t : `url(${quote(t)})`;
    }
    default:
      return applyUnits(v, type);
  }
}

function report(tok: EmitIn, diags: Diagnostic[], code: string, message: string): void {
  const d: Diagnostic = { code, path: tok.path, severity: 'warning', message };
  if (tok.file !== undefined) d.file = tok.file;
  diags.push(d);
}

export function emitToken(
  tok: EmitIn,
  defaultLineHeight: string | null,
  diags: Diagnostic[],
): Chunk {
  const { name, value, type } = tok;
  if (type === 'typography') {
    if (typeof value !== 'object' || Array.isArray(value)) {
      if (value !== UNDEFINED)
        report(
          tok,
          diags,
          'typography/not-composite',
          `Typography token '${tok.path}' is not a composite; written as a plain variable`,
        );
      return plain(name, typeof value === 'string' ? value : UNDEFINED);
    }
    const props = expandTypography(value, defaultLineHeight);
    let vars = '';
    let cssProps = '';
    let mixin = `@mixin ${name} {\n`;
    for (const p of props) {
      const raw = p.key === 'font-family' ? fontFamilyList(p.value) : p.value;
      const v = safeValue(raw === '' ? '""' : raw);
      vars += `$${name}-${p.key}: ${v};\n`;
      cssProps += `  --${name}-${p.key}: ${v};\n`;
      mixin += `  ${p.css}: $${name}-${p.key};\n`;
    }
    return { vars, props: cssProps, mixin: `${mixin}}\n` };
  }
  if (type === 'boxShadow') {
    const problems: string[] = [];
    const v = boxShadow(value, problems);
    for (const p of problems)
      report(tok, diags, 'shadow/invalid', `Box shadow '${tok.path}': ${p}`);
    return plain(name, v === '' ? 'none' : v);
  }
  if (type === 'border') return plain(name, border(value));
  if (typeof value !== 'string') {
    report(
      tok,
      diags,
      'emit/unsupported-composite',
      `Token '${tok.path}' of type '${type}' has a composite value with no CSS form; skipped`,
    );
    return EMPTY;
  }
  return plain(name, textValue(type, value));
}
