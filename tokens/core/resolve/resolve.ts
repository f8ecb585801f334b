/**
 * Resolution of one token: references substituted (whole-reference strings
 * take the donor's value as is, so composites pass through), math evaluated
 * on every string, colours normalised and colour modifiers applied. Tokens
 * are resolved donors first (see graph.ts), so this never recurses into donors.
 *
 * Codes: `ref/missing` (value UNDEFINED, names the donor, suggests near
 * matches), `ref/cycle` (every token of the cycle is UNDEFINED),
 * `ref/composite-in-text` (a composite donor inside a longer string),
 * `math/*`, `color/*`, `color-modify/*` (see those transforms).
 */
import type { Diagnostic } from '../types.ts';
import type { StrTpl, Tpl } from '../parse/reference.ts';
import { evaluateMath } from '../transform/math.ts';
import { normalizeColor, normalizeGradient } from '../transform/color.ts';

const NUMBER_OR_PERCENT = /^[-+]?(\d+\.?\d*|\.\d+)%?$/;
import { modifyColor } from '../transform/color-modify.ts';
import type { Modifier } from '../transform/color-modify.ts';

/** A resolved value: text, or a composite (typography, shadow, border …). */
export type RVal = string | RVal[] | { [key: string]: RVal };

export const UNDEFINED = 'UNDEFINED';

export interface ResolveCtx {
  /** The donor's resolved value; undefined when no such token exists or it is in a cycle. */
  donor(path: string): RVal | undefined;
  /** Near matches for a missing path. */
  suggest(path: string): string[];
  /** Paths currently in a cycle (their value is UNDEFINED, already reported). */
  inCycle(path: string): boolean;
}

export interface ResolveIn {
  path: string;
  type: string;
  tpl: Tpl;
  modify?: Tpl;
  file?: string;
}

function donorValue(path: string, tok: ResolveIn, ctx: ResolveCtx, diags: Diagnostic[]): RVal {
  const v = ctx.donor(path);
  if (v !== undefined) return v;
  if (ctx.inCycle(path)) {
    diags.push(
      diag(
        tok,
        'ref/cycle-donor',
        'warning',
        `Token '${tok.path}' references '{${path}}', which is part of a circular reference; value UNDEFINED`,
      ),
    );
  } else {
    const near = ctx.suggest(path);
    diags.push(
      diag(
        tok,
        'ref/missing',
        'error',
        `Token '${tok.path}' references '{${path}}': donor token '${path}' not found, value UNDEFINED` +
          (near.length > 0 ? `. Did you mean ${near.map((n) => `'${n}'`).join(', ')}?` : ''),
      ),
    );
  }
  return UNDEFINED;
}

function substituteString(t: StrTpl, tok: ResolveIn, ctx: ResolveCtx, diags: Diagnostic[]): RVal {
  if (t.refs.length === 0) return t.parts[0] as string;
  if (t.whole) return donorValue((t.refs[0] as { path: string }).path, tok, ctx, diags);
  let s = t.parts[0] as string;
  for (let i = 0; i < t.refs.length; i++) {
    const path = (t.refs[i] as { path: string }).path;
    const v = donorValue(path, tok, ctx, diags);
    if (typeof v === 'string') s += v;
    else {
      diags.push(
        diag(
          tok,
          'ref/composite-in-text',
          'error',
          `Token '${tok.path}' uses composite token '{${path}}' inside a longer text; it is written as UNDEFINED`,
        ),
      );
      s += UNDEFINED;
    }
    s += t.parts[i + 1] as string;
  }
  return s;
}

function diag(
  tok: ResolveIn,
  code: string,
  severity: Diagnostic['severity'],
  message: string,
): Diagnostic {
  const d: Diagnostic = { code, path: tok.path, severity, message };
  if (tok.file !== undefined) d.file = tok.file;
  return d;
}

function mathLeaf(s: string, tok: ResolveIn, diags: Diagnostic[]): string {
  const m = evaluateMath(s);
  switch (m.kind) {
    case 'none':
      return s;
    case 'folded':
      return m.value;
    case 'calc':
      diags.push(
        diag(
          tok,
          'math/unfolded',
          'info',
          `'${s.trim()}' mixes units, so it is kept as ${m.value}`,
        ),
      );
      return m.value;
    case 'invalid':
      diags.push(
        diag(
          tok,
          'math/invalid',
          'error',
          `'${s.trim()}': ${m.reason}; the text is kept as written`,
        ),
      );
      return s;
  }
}

function substitute(t: Tpl, tok: ResolveIn, ctx: ResolveCtx, diags: Diagnostic[]): RVal {
  if (t.k === 's') {
    const v = substituteString(t, tok, ctx, diags);
    return typeof v === 'string' ? mathLeaf(v, tok, diags) : v;
  }
  if (t.k === 'a') {
    const out: RVal[] = [];
    for (const x of t.items) out.push(substitute(x, tok, ctx, diags));
    return out;
  }
  const o: { [key: string]: RVal } = {};
  for (let i = 0; i < t.keys.length; i++)
    o[t.keys[i] as string] = substitute(t.vals[i] as Tpl, tok, ctx, diags);
  return o;
}

const str = (v: RVal | undefined): string | undefined =>
  typeof v === 'string' ? v.trim() : undefined;

/** Resolves one token whose donors are all resolved already. */
export function resolveToken(tok: ResolveIn, ctx: ResolveCtx, diags: Diagnostic[]): RVal {
  let v = substitute(tok.tpl, tok, ctx, diags);
  if (tok.type === 'color' && typeof v === 'string') {
    const t = v.trim();
    if (t !== UNDEFINED && !t.includes(UNDEFINED)) {
      const c = normalizeColor(t);
      if (c !== null) v = c;
      else {
        const g = normalizeGradient(t);
        if (g !== null) v = g;
        else if (NUMBER_OR_PERCENT.test(t))
          diags.push(
            diag(
              tok,
              'color/number',
              'info',
              `'${t}' is a number, not a colour (an alpha for rgba()?); kept as written`,
            ),
          );
        else
          diags.push(
            diag(tok, 'color/invalid', 'warning', `'${t}' is not a colour; kept as written`),
          );
      }
    }
    if (tok.modify && typeof v === 'string' && v !== UNDEFINED) {
      const m = substitute(tok.modify, tok, ctx, diags);
      if (typeof m === 'object' && !Array.isArray(m)) {
        const mod: Modifier = { type: str(m['type']) ?? '', value: str(m['value']) ?? '' };
        const space = str(m['space']);
        if (space !== undefined) mod.space = space;
        const color = str(m['color']);
        if (color !== undefined) mod.color = color;
        const r = modifyColor(v, mod);
        if ('error' in r) {
          diags.push(
            diag(
              tok,
              r.code,
              r.value === undefined ? 'error' : 'warning',
              `Colour modifier of '${tok.path}': ${r.error}`,
            ),
          );
          if (r.value !== undefined) v = r.value;
        } else v = r.value;
      }
    }
  }
  return v;
}
