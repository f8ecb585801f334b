/**
 * Safe values: a value goes into the SCSS as written only if sass is sure to
 * parse and evaluate it as the same CSS text; anything else is written as a
 * quoted string. "Safe" is a conservative single-pass scan: ASCII letters,
 * digits, spaces and `. , _ - + % #` `( ) /` plus quoted strings without
 * escapes; `#` only before 3/4/6/8 hex digits; `%` only after a digit;
 * functions only `calc`, `var`, `url` (quoted argument) and colour functions
 * culori parses, CSS gradients; `*` and spaced `+`/`-`/`/` only inside
 * `calc()`; no comments. Quoting escapes `"`, `\\`, control characters and
 * `#{` (sass interpolation).
 */
import { parse } from 'culori';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isHex = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isIdent = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 45 || c === 95;

const COLOR_FNS = new Set(['rgb', 'rgba', 'hsl', 'hsla']);
const GRADIENTS = new Set(
  ['linear', 'radial', 'conic'].flatMap((g) => [`${g}-gradient`, `repeating-${g}-gradient`]),
);

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
      let j = i;
      while (j < n && isIdent(s.charCodeAt(j))) j++;
      const word = s.slice(i, j).toLowerCase();
      if (s.charCodeAt(j) === 40) {
        const end = matching(s, j);
        if (end < 0) return false;
        if (word === 'calc') {
          calcEnds.push(end);
        } else if (word === 'url') {
          const q = s.charCodeAt(j + 1);
          if ((q !== 34 && q !== 39) || s.charCodeAt(end - 1) !== q) return false;
          const inner = s.slice(j + 2, end - 1);
          if (/["'\\\n\r]|#\{/.test(inner)) return false;
          i = end;
          continue;
        } else if (COLOR_FNS.has(word)) {
          if (!parse(s.slice(i, end + 1))) return false;
          if (/[^\d\s.,%a-z()/+-]/i.test(s.slice(j, end + 1))) return false;
        } else if (word !== 'var' && !GRADIENTS.has(word)) return false;
      }
      i = j - 1;
      continue;
    }
    if (isDigit(c) || c === 46 || c === 32 || c === 44 || c === 45) {
      if (c === 45 && !inCalc && s.charCodeAt(i - 1) === 32 && s.charCodeAt(i + 1) === 32)
        return false;
      continue;
    }
    switch (c) {
      case 40:
        depth++;
        continue;
      case 41:
        if (--depth < 0) return false;
        continue;
      case 37: // %
        if (!isDigit(s.charCodeAt(i - 1))) return false;
        continue;
      case 43: // +
        if (!inCalc && s.charCodeAt(i - 1) === 32 && s.charCodeAt(i + 1) === 32) return false;
        continue;
      case 42: // *
        if (!inCalc) return false;
        continue;
      case 47: {
        const next = s.charCodeAt(i + 1);
        const prev = s.charCodeAt(i - 1);
        if (next === 47 || next === 42 || prev === 47 || prev === 42) return false;
        if (!inCalc && prev === 32 && next === 32) return false; // spaced: sass division
        continue;
      }
      case 35: {
        let j = i + 1;
        while (j < n && isHex(s.charCodeAt(j))) j++;
        const len = j - i - 1;
        if (
          (len !== 3 && len !== 4 && len !== 6 && len !== 8) ||
          (j < n && isIdent(s.charCodeAt(j)))
        )
          return false;
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
