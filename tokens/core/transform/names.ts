/**
 * Names: the dotted path in kebab-case (`fontSize.Body Large` →
 * `font-size-body-large`); every run of characters other than letters and
 * digits becomes one `-` (so `o=4` → `o-4`, emoji drop out); a name starting
 * with a digit is prefixed with `_` (SCSS variables cannot start with one).
 * Two paths that meet on one name are reported; the later gets `-2`, `-3` ….
 *
 * Codes: `name/collision` (warning).
 */

const codes: number[] = [];

/** ASCII fast path: one pass over char codes, no regular expressions. */
function kebabAscii(path: string): string | null {
  codes.length = 0;
  let pendingDash = false;
  let prevLowerOrDigit = false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c > 127) return null;
    const lower = c >= 97 && c <= 122;
    const upper = c >= 65 && c <= 90;
    const digit = c >= 48 && c <= 57;
    if (!lower && !upper && !digit) {
      pendingDash = codes.length > 0;
      prevLowerOrDigit = false;
      continue;
    }
    if (upper && prevLowerOrDigit) pendingDash = true;
    if (pendingDash) {
      codes.push(45);
      pendingDash = false;
    }
    codes.push(upper ? c + 32 : c);
    prevLowerOrDigit = lower || digit;
  }
  return String.fromCharCode.apply(null, codes);
}

export function kebabName(path: string): string {
  const fast = kebabAscii(path);
  if (fast !== null) return finish(fast);
  let s = path.replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1-$2').toLowerCase();
  s = s.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return finish(s);
}

function finish(name: string): string {
  let s = name;
  if (s === '') s = 'token';
  const c = s.charCodeAt(0);
  if (c >= 48 && c <= 57) s = `_${s}`;
  return s;
}

export interface NameAssignment {
  name: string;
  /** Path that already held the base name, when this one collided. */
  collidesWith?: string;
}

export class NameTable {
  private readonly owner = new Map<string, string>();

  assign(path: string): NameAssignment {
    const base = kebabName(path);
    const first = this.owner.get(base);
    if (first === undefined) {
      this.owner.set(base, path);
      return { name: base };
    }
    let i = 2;
    while (this.owner.has(`${base}-${i}`)) i++;
    const name = `${base}-${i}`;
    this.owner.set(name, path);
    return { name, collidesWith: first };
  }

  release(name: string): void {
    this.owner.delete(name);
  }
}
