/**
 * Flattening: token trees → token records keyed by dotted path.
 *
 * An object is a token only if it has exactly `value` and `type`, optionally
 * with `description` and `$extensions` (spec §3). Later sets override earlier
 * ones with the same path (Tokens Studio's set order).
 *
 * Codes: `parse/not-a-token` (value+type plus other keys), `parse/missing-type`
 * (value without type), `parse/bad-type` (type not a string).
 */
import type { Diagnostic, TokenTree } from '../types.ts';
import type { SelectedSet } from './input.ts';

export interface TokenSource {
  path: string;
  type: string;
  value: unknown;
  description?: string;
  extensions?: Record<string, unknown>;
  set: string;
}

const TOKEN_KEYS = new Set(['value', 'type', 'description', '$extensions']);

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Walks one tree without recursion (deep trees never overflow the stack). */
export function flattenTree(
  tree: TokenTree,
  set: string,
  named: boolean,
  out: Map<string, TokenSource>,
  diagnostics: Diagnostic[],
): void {
  interface Frame {
    node: Record<string, unknown>;
    keys: string[];
    i: number;
    prefix: string;
  }
  const stack: Frame[] = [{ node: tree, keys: Object.keys(tree), i: 0, prefix: '' }];
  const file = named ? set : undefined;
  const diag = (code: string, path: string, message: string): void => {
    const d: Diagnostic = { code, path, message, severity: 'warning' };
    if (file !== undefined) d.file = file;
    diagnostics.push(d);
  };
  // an explicit stack of key iterators: source order, no recursion
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as Frame;
    if (f.i >= f.keys.length) {
      stack.pop();
      continue;
    }
    const key = f.keys[f.i++] as string;
    const prefix = f.prefix;
    if (prefix === '' && key.startsWith('$')) continue;
    const child = f.node[key];
    if (!isObj(child)) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if ('value' in child && 'type' in child) {
      let extraCount = 0;
      for (const k in child) if (!TOKEN_KEYS.has(k)) extraCount++;
      if (extraCount > 0) {
        const extra = Object.keys(child).filter((k) => !TOKEN_KEYS.has(k));
        diag(
          'parse/not-a-token',
          path,
          `'${path}' has value and type but also ${extra.map((k) => `'${k}'`).join(', ')}, so it is not a token (only description and $extensions may accompany them)`,
        );
        continue;
      }
      const type = child['type'];
      if (typeof type !== 'string') {
        diag('parse/bad-type', path, `Token '${path}' has a type that is not a string`);
        continue;
      }
      const rec: TokenSource = { path, type, value: child['value'], set };
      const desc = child['description'];
      if (typeof desc === 'string') rec.description = desc;
      const ext = child['$extensions'];
      if (isObj(ext)) rec.extensions = ext;
      out.set(path, rec);
      continue;
    }
    if ('value' in child && !isObj(child['value'])) {
      diag('parse/missing-type', path, `'${path}' has a value but no type, so it is not a token`);
      continue;
    }
    if (key.startsWith('$')) continue;
    stack.push({ node: child, keys: Object.keys(child), i: 0, prefix: path });
  }
}

export function flattenSets(
  sets: SelectedSet[],
  named: boolean,
  diagnostics: Diagnostic[],
): Map<string, TokenSource> {
  const out = new Map<string, TokenSource>();
  for (const s of sets) flattenTree(s.tree, s.name, named, out, diagnostics);
  return out;
}
