/**
 * Safe values: a value goes into the SCSS as written only if sass is sure to
 * parse and evaluate it as the same CSS text; anything else is written as a
 * quoted string. "Safe" is a conservative single-pass scan: ASCII letters,
 * digits, spaces and `. , _ - + % #` `( ) /` plus quoted strings without
 * escapes; `#` only before 3/4/6/8 hex digits; `%` only after a digit;
 * functions only `calc`, `var`, `url` (quoted argument) and colour functions
 * culori parses, CSS gradients; `*` and spaced `+`/`-`/`/` only inside
 * `calc()`; no comments; no `and`/`or`/`not` words (sass operators). Quoting escapes `"`, `\\`, control characters and
 * `#{` (sass interpolation).
 */
import { evaluateMath } from '../transform/math.ts';
import { safeParse } from '../transform/color.ts';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isHex = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isIdent = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 45 || c === 95;

const NUMBER = /[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?(?:%|[a-zA-Z]+)?/y;

const ARG = '[-+]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:e[-+]?\\d+)?(?:%|deg)?';
/** `(a, b, c[, d])` or `(a b c[ / d])` with plain numbers only. */
const COLOR_ARGS = new RegExp(
  `^\\(\\s*${ARG}(?:\\s*,\\s*${ARG}){2,3}\\s*\\)$|^\\(\\s*${ARG}(?:\\s+${ARG}){2}(?:\\s*/\\s*${ARG})?\\s*\\)$`,
  'i',
);

const COLOR_FNS = new Set(['rgb', 'rgba', 'hsl', 'hsla']);
const GRADIENTS = new Set(
  ['linear', 'radial', 'conic'].flatMap((g) => [`${g}-gradient`, `repeating-${g}-gradient`]),
);

/** Start of text, space, comma, `(` or `/` before index i. */
function delimBefore(s: string, i: number): boolean {
  if (i === 0) return true;
  const c = s.charCodeAt(i - 1);
  return c === 32 || c === 44 || c === 40 || c === 47;
}
/** End of text, space, comma, `)` or `/` at index i. */
function delimAfter(s: string, i: number): boolean {
  if (i >= s.length) return true;
  const c = s.charCodeAt(i);
  return c === 32 || c === 44 || c === 41 || c === 47;
}

/** Index of the `)` matching the `(` at `open`, or -1. */
function matching(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i;
  }
  return -1;
}

export function isSafe(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 10_000) return false;
  const calcEnds: number[] = [];
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    while (calcEnds.length > 0 && i > (calcEnds[calcEnds.length - 1] as number)) calcEnds.pop();
    const inCalc = calcEnds.length > 0;
    if (isAlpha(c) || c === 95) {
      if (!delimBefore(s, i)) return false;
      let j = i;
      while (j < n && isIdent(s.charCodeAt(j))) j++;
      const word = s.slice(i, j).toLowerCase();
      if (word === 'and' || word === 'or' || word === 'not') return false; // sass operators
      if (s.charCodeAt(j) === 40) {
        const end = matching(s, j);
        if (end < 0) return false;
        if (word === 'calc') {
          const m = evaluateMath(s.slice(j + 1, end));
          if (m.kind !== 'calc' && m.kind !== 'folded') return false;
          calcEnds.push(end);
        } else if (word === 'url') {
          const q = s.charCodeAt(j + 1);
          if ((q !== 34 && q !== 39) || s.charCodeAt(end - 1) !== q) return false;
          const inner = s.slice(j + 2, end - 1);
          if (/["'\\\n\r]|#\{/.test(inner)) return false;
          i = end;
          continue;
        } else if (COLOR_FNS.has(word)) {
          if (!safeParse(s.slice(i, end + 1))) return false;
          if (!COLOR_ARGS.test(s.slice(j, end + 1))) return false;
          i = end; // validated as a whole
          continue;
        } else if (word !== 'var' && !GRADIENTS.has(word)) return false;
        depth++;
        i = j; // the function's `(`
        continue;
      }
      i = j - 1;
      continue;
    }
    if (c === 32) continue;
    if (c === 44) {
      // a comma between two items: not first, last, doubled, or next to a parenthesis
      let p = i - 1;
      while (p >= 0 && s.charCodeAt(p) === 32) p--;
      let q = i + 1;
      while (q < n && s.charCodeAt(q) === 32) q++;
      const before = s.charCodeAt(p);
      const after = s.charCodeAt(q);
      if (p < 0 || q >= n || before === 44 || before === 40 || after === 44 || after === 41)
        return false;
      continue;
    }
    const next = s.charCodeAt(i + 1);
    if (isDigit(c) || c === 46 || ((c === 45 || c === 43) && (isDigit(next) || next === 46))) {
      // a number: strict form, then a unit or %, between delimiters
      if (!delimBefore(s, i)) return false;
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(s);
      if (!m) return false;
      const end = i + m[0].length;
      if (!delimAfter(s, end)) return false;
      i = end - 1;
      continue;
    }
    if (c === 45) {
      if (next === 45) return false; // `--x` idents confuse sass in values
      if ((isAlpha(next) || next === 95) && delimBefore(s, i)) {
        // `-apple-system`, `-webkit-…`: a vendor ident (no function)
        let j = i + 1;
        while (j < n && isIdent(s.charCodeAt(j))) j++;
        if (s.charCodeAt(j) === 40) return false;
        i = j - 1;
        continue;
      }
      if (!inCalc) return false; // a lone minus: sass arithmetic
      continue;
    }
    switch (c) {
      case 40: // a grouping parenthesis (function ones are taken above)
        if (!inCalc) return false;
        depth++;
        continue;
      case 41:
        if (--depth < 0) return false;
        continue;
      case 37: // % (only as a number's unit, taken above)
        return false;
      case 43: // + (a signed number was taken above)
        if (!inCalc) return false;
        continue;
      case 42: // *
        if (!inCalc) return false;
        continue;
      case 47: {
        const next = s.charCodeAt(i + 1);
        const prev = s.charCodeAt(i - 1);
        if (next === 47 || next === 42 || prev === 47 || prev === 42) return false;
        if (i === 0 || i === n - 1) return false;
        if (inCalc) continue;
        // `a/b` only: operands right next to the slash
        if (prev === 32 || prev === 44 || prev === 40 || next === 32 || next === 44 || next === 41)
          return false;
        continue;
      }
      case 35: {
        let j = i + 1;
        while (j < n && isHex(s.charCodeAt(j))) j++;
        const len = j - i - 1;
        if (len !== 3 && len !== 4 && len !== 6 && len !== 8) return false;
        if (!delimBefore(s, i) || !delimAfter(s, j)) return false;
        i = j - 1;
        continue;
      }
      case 34:
      case 39: {
        const end = s.indexOf(s[i] as string, i + 1);
        if (end < 0) return false;
        const inner = s.slice(i + 1, end);
        if (/[\\\n\r]|#\{/.test(inner)) return false;
        i = end;
        continue;
      }
      default:
        return false;
    }
  }
  return depth === 0;
}

/** A font-family list: each family as written when safe, else quoted on its own. */
export function fontFamilyList(s: string): string {
  return s
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '')
    .map((f) => (isSafe(f) ? f : quote(f.replace(/^(["'])(.*)\1$/, '$2'))))
    .join(', ');
}

/** A double-quoted SCSS string literal of any text. */
export function quote(s: string): string {
  let out = '"';
  let i = -1;
  for (const ch of s) {
    i += ch.length;
    const c = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '#' && s[i + 1] === '{') out += '\\#';
    else if (c < 32 || c === 127) out += `\\${c.toString(16)} `;
    else out += ch;
  }
  return `${out}"`;
}

const memo = new Map<string, string>();

/** The value as written when safe, else quoted. Memoised (values repeat a lot). */
export function safeValue(s: string): string {
  let hit = memo.get(s);
  if (hit !== undefined) return hit;
  const t = s.trim();
  hit = isSafe(t) ? t : quote(t);
  if (memo.size > 100_000) memo.clear();
  memo.set(s, hit);
  return hit;
}
