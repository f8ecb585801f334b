/**
 * Pure helpers of the tokens panel: list the tokens of a tree (one tree, a multi-file or a
 * single-file export), group them by the spec's groups, update one value immutably, and the
 * `{reference}` completion under the caret.
 */
import type { TokenTree } from '#tokens/core/types.ts';

export interface TokenEntry {
  /** Keys from the root of the stored tree to the token object. */
  keys: string[];
  /** Set name for multi-file and single-file exports, else null. */
  set: string | null;
  /** Dotted path inside its set: what references and diagnostics name. */
  path: string;
  type: string;
  value: unknown;
  description?: string;
  /** Top-level group (first path segment). */
  group: string;
}

/** Spec part 1 §3 "Design token": the tree's groups, in this order. */
export const TOKEN_GROUPS = [
  'Primary',
  'Secondary',
  'Tech',
  'Elements',
  'Colors',
  'Borders',
  'Shadows',
  'Typography',
  'Desktop',
  'Mobile',
  'Sizing',
  'Spacing',
  'Padding',
  'Gap',
  'Margin',
] as const;

const TOKEN_KEYS = new Set(['value', 'type', 'description', '$extensions']);

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The compiler's rule (spec §3): exactly value and type, optionally description, $extensions. */
export function isToken(v: unknown): v is { value: unknown; type: string; description?: string } {
  if (!isObj(v) || !('value' in v) || typeof v.type !== 'string') return false;
  for (const k of Object.keys(v)) if (!TOKEN_KEYS.has(k)) return false;
  return true;
}

/** The sets of a stored tree: [set name | null, keys to the set's root, the set's tree]. */
function setsOf(tree: TokenTree): [string | null, string[], Record<string, unknown>][] {
  if (isObj(tree.sets) && ('metadata' in tree || 'themes' in tree)) {
    return Object.entries(tree.sets)
      .filter((e): e is [string, Record<string, unknown>] => isObj(e[1]))
      .map(([name, set]) => [name, ['sets', name], set]);
  }
  if ('$metadata' in tree || '$themes' in tree) {
    return Object.entries(tree)
      .filter((e): e is [string, Record<string, unknown>] => !e[0].startsWith('$') && isObj(e[1]))
      .map(([name, set]) => [name, [name], set]);
  }
  return [[null, [], tree]];
}

/** Every token of the tree, in source order (no recursion: deep trees are fine). */
export function listTokens(tree: TokenTree | null): TokenEntry[] {
  if (!tree) return [];
  const out: TokenEntry[] = [];
  for (const [set, root, setTree] of setsOf(tree)) {
    const stack: { node: Record<string, unknown>; path: string[] }[] = [
      { node: setTree, path: [] },
    ];
    const frames: { node: Record<string, unknown>; path: string[] }[] = [];
    while (stack.length > 0) {
      const frame = stack.pop() as { node: Record<string, unknown>; path: string[] };
      frames.length = 0;
      for (const [key, child] of Object.entries(frame.node)) {
        if (frame.path.length === 0 && key.startsWith('$')) continue;
        if (!isObj(child)) continue;
        const path = [...frame.path, key];
        if (isToken(child)) {
          const entry: TokenEntry = {
            keys: [...root, ...path],
            set,
            path: path.join('.'),
            type: child.type,
            value: child.value,
            group: path[0] as string,
          };
          if (typeof child.description === 'string') entry.description = child.description;
          out.push(entry);
        } else if (!('value' in child && 'type' in child)) {
          frames.push({ node: child, path });
        }
      }
      // children pushed in reverse so the walk keeps source order
      for (let i = frames.length - 1; i >= 0; i--) stack.push(frames[i] as (typeof frames)[number]);
    }
  }
  return out;
}

/** Sets the value of the token at `keys`, copying only the objects on the way. */
export function updateTokenValue(
  tree: TokenTree,
  keys: readonly string[],
  value: unknown,
): TokenTree {
  const copy = (node: unknown, depth: number): unknown => {
    if (!isObj(node)) return node;
    if (depth === keys.length) return { ...node, value };
    const key = keys[depth] as string;
    return { ...node, [key]: copy(node[key], depth + 1) };
  };
  return copy(tree, 0) as TokenTree;
}

export interface TokenGroup {
  name: string;
  entries: TokenEntry[];
}

const groupRank = (name: string): number => {
  const n = name.toLowerCase();
  const i = TOKEN_GROUPS.findIndex((g) => {
    const l = g.toLowerCase();
    return l === n || l === `${n}s` || l.slice(0, -1) === n;
  });
  return i === -1 ? TOKEN_GROUPS.length : i;
};

/** Groups in the spec's order, then the others in the order they first appear. */
export function groupTokens(entries: readonly TokenEntry[]): TokenGroup[] {
  const groups = new Map<string, TokenEntry[]>();
  for (const e of entries) {
    const list = groups.get(e.group);
    if (list) list.push(e);
    else groups.set(e.group, [e]);
  }
  const named = [...groups.keys()].map((name, i) => ({ name, i, rank: groupRank(name) }));
  named.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return named.map(({ name }) => ({ name, entries: groups.get(name) ?? [] }));
}

export function tokenValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Matches path, type, value or set, case-insensitively. */
export function filterTokens(entries: readonly TokenEntry[], query: string): TokenEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...entries];
  return entries.filter(
    (e) =>
      e.path.toLowerCase().includes(q) ||
      e.type.toLowerCase().includes(q) ||
      tokenValueText(e.value).toLowerCase().includes(q) ||
      (e.set?.toLowerCase().includes(q) ?? false),
  );
}

/** An unclosed `{` before the caret: the reference being typed. */
export function referenceAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const open = before.lastIndexOf('{');
  if (open === -1 || before.indexOf('}', open) !== -1) return null;
  const query = before.slice(open + 1);
  if (/[\r\n{]/.test(query)) return null;
  return { start: open, query: query.trim() };
}

/** Paths for a reference query: prefix matches first, then substring matches. */
export function suggestReferences(paths: readonly string[], query: string, limit = 8): string[] {
  const q = query.toLowerCase();
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const p of paths) {
    const l = p.toLowerCase();
    if (l.startsWith(q)) prefix.push(p);
    else if (q !== '' && l.includes(q)) inner.push(p);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inner].slice(0, limit);
}

/** Replaces the reference being typed (from `start` to the caret, plus a closing brace). */
export function insertReference(
  text: string,
  start: number,
  caret: number,
  path: string,
): { text: string; caret: number } {
  const after = text.slice(caret).startsWith('}') ? text.slice(caret + 1) : text.slice(caret);
  const inserted = `{${path}}`;
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}
