/**
 * Pure diff of two config versions for the versions panel: long text fields (templates, SCSS,
 * scripts) are compared as texts (shown in a merge view), every other setting is flattened to a
 * dotted path and compared as a value.
 */

export type TextLanguage = 'handlebars' | 'scss' | 'javascript';

export interface TextChange {
  path: string;
  language: TextLanguage;
  before: string;
  after: string;
}

export type FieldChangeKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  path: string;
  kind: FieldChangeKind;
  /** undefined when the field is absent on that side. */
  before: unknown;
  after: unknown;
}

export interface ConfigDiff {
  texts: TextChange[];
  fields: FieldChange[];
  /** texts.length + fields.length */
  count: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const SCRIPT_KEYS = new Set(['script', 'condition', 'cartStateSource', 'zeroSearchPredicate']);

/**
 * Whether a flattened path names a text field (template, SCSS, script). Known keys:
 * `css`, `htmlTemplate.*`, `template.*`, `hookConfig.hooks.*`, `…Function`, `…script`,
 * `…condition`.
 */
export function textLanguage(path: string): TextLanguage | null {
  const segments = path.split('.');
  const last = (segments[segments.length - 1] ?? '').replace(/\[\d+\]$/, '');
  if (last === 'css') return 'scss';
  if (segments[0] === 'htmlTemplate' || segments[0] === 'template') {
    return last === 'script' ? 'javascript' : 'handlebars';
  }
  if (segments[0] === 'hookConfig' && segments[1] === 'hooks' && segments.length > 2) {
    return 'javascript';
  }
  if (last.endsWith('Function') || SCRIPT_KEYS.has(last)) return 'javascript';
  return null;
}

/**
 * Flattens a config into leaf paths: objects by key (`a.b`), arrays of objects by index
 * (`rules[0].name`); primitives and arrays of primitives are leaves (an array's order is its
 * value, so a reordered list shows as one change). Empty objects vanish.
 */
export function flattenConfig(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const stack: { path: string; value: unknown }[] = [{ path: '', value }];
  while (stack.length > 0) {
    const item = stack.pop() as { path: string; value: unknown };
    const v = item.value;
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ path: item.path === '' ? key : `${item.path}.${key}`, value: v[key] });
      }
    } else if (Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ path: `${item.path}[${i}]`, value: v[i] });
      }
      if (v.length === 0) out.set(item.path, []);
    } else if (item.path !== '') {
      out.set(item.path, v);
    }
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** Compares two configs; only changed paths are listed, texts first, each in path order. */
export function diffConfigs(before: unknown, after: unknown): ConfigDiff {
  const a = flattenConfig(before);
  const b = flattenConfig(after);
  const paths = [...a.keys()];
  for (const path of b.keys()) if (!a.has(path)) paths.push(path);
  const texts: TextChange[] = [];
  const fields: FieldChange[] = [];
  for (const path of paths) {
    const x = a.get(path);
    const y = b.get(path);
    if (sameValue(x, y)) continue;
    const language = textLanguage(path);
    const textual =
      language !== null &&
      (x === undefined || typeof x === 'string') &&
      (y === undefined || typeof y === 'string');
    if (textual) {
      const xs = x ?? '';
      const ys = y ?? '';
      if (xs !== ys) texts.push({ path, language, before: xs, after: ys });
      continue;
    }
    const kind: FieldChangeKind = !a.has(path) ? 'added' : !b.has(path) ? 'removed' : 'changed';
    fields.push({ path, kind, before: x, after: y });
  }
  texts.sort((p, q) => p.path.localeCompare(q.path));
  fields.sort((p, q) => p.path.localeCompare(q.path));
  return { texts, fields, count: texts.length + fields.length };
}

/** A field value as one short line for the list (strings quoted, absent as an em dash). */
export function formatDiffValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}
