/**
 * References: `{path}` inside any string of a token value (composite values
 * included), compiled once into templates so resolution never re-scans text.
 *
 * Accepted inside braces: any character but `{`, `}` and line breaks. That
 * covers the spec's set (letters, digits, spaces, dots, dash, `!`, `?`) and
 * what the corpus uses: `=`, `+`, `%`, `,`, parentheses, `&`, emoji and other
 * non-ASCII letters. Leading and trailing spaces inside the braces are
 * ignored. A multiplier is written as math: `{space.base} * 2` or `{space.base}*2`.
 *
 * Codes: `ref/unclosed` (a `{` without `}`: kept as text).
 */

export interface Ref {
  /** Dotted path of the donor token. */
  path: string;
}

/** A compiled string: literal text and references, alternating. */
export interface StrTpl {
  k: 's';
  /** Literal pieces; `parts.length === refs.length + 1`. */
  parts: string[];
  refs: Ref[];
  /** The string is exactly one reference (composite donors pass through whole). */
  whole: boolean;
}
export interface ArrTpl {
  k: 'a';
  items: Tpl[];
}
export interface ObjTpl {
  k: 'o';
  keys: string[];
  vals: Tpl[];
}
export type Tpl = StrTpl | ArrTpl | ObjTpl;

export interface TplIssue {
  code: string;
  message: string;
}

/** Adds a donor path once (a token has few references: a linear scan is cheapest). */
function addDep(deps: string[], path: string): void {
  if (deps.indexOf(path) < 0) deps.push(path);
}

export function compileString(src: string, deps: string[], issues: TplIssue[]): StrTpl {
  if (src.indexOf('{') < 0) return { k: 's', parts: [src], refs: [], whole: false };
  const parts: string[] = [];
  const refs: Ref[] = [];
  let text = '';
  let i = 0;
  const n = src.length;
  while (i < n) {
    const open = src.indexOf('{', i);
    if (open < 0) {
      text += src.slice(i);
      break;
    }
    let close = -1;
    for (let j = open + 1; j < n; j++) {
      const c = src.charCodeAt(j);
      if (c === 125 /* } */) {
        close = j;
        break;
      }
      if (c === 123 /* { */ || c === 10 || c === 13) break;
    }
    if (close < 0) {
      issues.push({ code: 'ref/unclosed', message: `Unclosed '{' in '${src}' is kept as text` });
      text += src.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    const path = src.slice(open + 1, close).trim();
    if (path === '') {
      text += src.slice(i, close + 1);
      i = close + 1;
      continue;
    }
    text += src.slice(i, open);
    parts.push(text);
    text = '';
    refs.push({ path });
    addDep(deps, path);
    i = close + 1;
  }
  parts.push(text);
  const whole = refs.length === 1 && parts[0]?.trim() === '' && parts[1]?.trim() === '';
  return { k: 's', parts, refs, whole };
}

/** Compiles a raw JSON value; iterative so hostile nesting never overflows. */
function leaf(v: unknown, deps: string[], issues: TplIssue[]): Tpl | null {
  if (typeof v === 'string') return compileString(v, deps, issues);
  if (typeof v === 'number' || typeof v === 'boolean')
    return { k: 's', parts: [String(v)], refs: [], whole: false };
  if (v === null || v === undefined || typeof v !== 'object')
    return { k: 's', parts: [''], refs: [], whole: false };
  return null;
}

function mk(v: object): ArrTpl | ObjTpl {
  return Array.isArray(v) ? { k: 'a', items: [] } : { k: 'o', keys: [], vals: [] };
}

export function compileValue(raw: unknown, deps: string[], issues: TplIssue[]): Tpl {
  const first = leaf(raw, deps, issues);
  if (first) return first;
  const root = mk(raw as object);
  const stack: [unknown, ArrTpl | ObjTpl][] = [[raw, root]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop() as [unknown, ArrTpl | ObjTpl];
    const entries: [string, unknown][] = Array.isArray(src)
      ? src.map((v, i) => [String(i), v])
      : Object.entries(src as Record<string, unknown>);
    for (const [key, v] of entries) {
      let t = leaf(v, deps, issues);
      if (!t) {
        const c = mk(v as object);
        stack.push([v, c]);
        t = c;
      }
      if (dst.k === 'a') dst.items.push(t);
      else {
        dst.keys.push(key);
        dst.vals.push(t);
      }
    }
  }
  return root;
}
