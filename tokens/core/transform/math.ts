/**
 * Math: `{a} * 2`, `{a} + {b}`, `({a} - 4) / 2` … after references are
 * substituted. Operators are spaced and the expression is wrapped in
 * `calc()`; it folds to a plain number only when the operands allow it:
 *
 * - `+`/`-`: same unit (a bare number next to `px` counts as px);
 * - `*`: at most one operand has a unit, or both have the same one (Tokens
 *   Studio's reading: `1rem * 1.5rem` = `1.5rem`);
 * - `/`: the divisor is a bare number (or has the dividend's unit).
 *
 * Mixed lengths (`1rem + 2px`, `50% - 8px`) stay as `calc()` (bare numbers
 * next to a non-px length become px, since bare numbers mean px). Operands of
 * incompatible kinds (`2px * 3px`, `1s + 1px`) or a non-finite result are
 * errors and the text is kept as it was. A string that is not made of numbers,
 * units, operators and parentheses is not math and is left alone. Parsing is
 * shunting-yard (no recursion), so any nesting depth is safe.
 *
 * Codes: `math/unfolded` (info: kept as calc()), `math/invalid` (error).
 */

const LENGTH = new Set(
  'px rem em ex ch cap ic lh rlh vw vh vi vb vmin vmax svw svh lvw lvh dvw dvh cqw cqh cqi cqb cqmin cqmax cm mm q in pt pc'.split(
    ' ',
  ),
);
const ANGLE = new Set(['deg', 'rad', 'grad', 'turn']);
const TIME = new Set(['s', 'ms']);
const FREQ = new Set(['hz', 'khz']);
const RES = new Set(['dpi', 'dpcm', 'dppx', 'x']);

type Cat = 'number' | 'length' | 'percent' | 'angle' | 'time' | 'freq' | 'res';

function unitCat(unit: string): Cat | null {
  if (unit === '') return 'number';
  if (unit === '%') return 'percent';
  const u = unit.toLowerCase();
  if (LENGTH.has(u)) return 'length';
  if (ANGLE.has(u)) return 'angle';
  if (TIME.has(u)) return 'time';
  if (FREQ.has(u)) return 'freq';
  if (RES.has(u)) return 'res';
  return null;
}

interface Num {
  n: number;
  unit: string;
}
interface Expr {
  text: string;
  prec: number; // 1 additive, 2 multiplicative, 3 atom
  cat: Cat;
}
type Val = Num | Expr;
const isNum = (v: Val): v is Num => 'n' in v;

type Tok =
  { t: 'num'; n: number; unit: string } | { t: 'op'; op: string } | { t: '(' } | { t: ')' };

export function formatNumber(n: number): string {
  if (Object.is(n, -0)) return '0';
  if (Math.abs(n) < 1e15) {
    const r = Math.round(n * 1e4) / 1e4;
    return String(Object.is(r, -0) ? 0 : r);
  }
  return String(n);
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/** Tokenises; null when the text is not an arithmetic expression. */
function tokenize(s: string): Tok[] | null {
  const toks: Tok[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    const prev = toks[toks.length - 1];
    const expectOperand = !prev || prev.t === 'op' || prev.t === '(';
    if (c === 40) {
      toks.push({ t: '(' });
      i++;
      continue;
    }
    if (c === 41) {
      toks.push({ t: ')' });
      i++;
      continue;
    }
    // `calc(` of a substituted donor behaves as a plain parenthesis
    if (expectOperand && s.startsWith('calc(', i)) {
      toks.push({ t: '(' });
      i += 5;
      continue;
    }
    let signed = false;
    if ((c === 45 || c === 43) && expectOperand) {
      const d = s.charCodeAt(i + 1);
      if (isDigit(d) || d === 46) signed = true;
      else if (c === 45 && (d === 40 || s.startsWith('calc(', i + 1))) {
        // unary minus before a group: -(x) == (-1 * (x))
        toks.push({ t: 'num', n: -1, unit: '' }, { t: 'op', op: '*' });
        i++;
        continue;
      } else return null;
    }
    if (signed || isDigit(c) || c === 46) {
      let j = i + (signed ? 1 : 0);
      const start = i;
      let digits = 0;
      while (j < n && isDigit(s.charCodeAt(j))) {
        j++;
        digits++;
      }
      if (s.charCodeAt(j) === 46) {
        j++;
        while (j < n && isDigit(s.charCodeAt(j))) {
          j++;
          digits++;
        }
      }
      if (digits === 0) return null;
      const e = s.charCodeAt(j);
      if (
        (e === 101 || e === 69) &&
        (isDigit(s.charCodeAt(j + 1)) ||
          ((s.charCodeAt(j + 1) === 45 || s.charCodeAt(j + 1) === 43) &&
            isDigit(s.charCodeAt(j + 2))))
      ) {
        j += 2;
        while (j < n && isDigit(s.charCodeAt(j))) j++;
      }
      const num = Number(s.slice(start, j));
      let k = j;
      if (s.charCodeAt(k) === 37) k++;
      else while (k < n && isLetter(s.charCodeAt(k))) k++;
      const unit = s.slice(j, k);
      if (unitCat(unit) === null || !Number.isFinite(num)) return null;
      toks.push({ t: 'num', n: num, unit: unit === '%' ? '%' : unit.toLowerCase() });
      i = k;
      continue;
    }
    if (c === 42 || c === 47 || c === 43 || c === 45) {
      if (expectOperand) return null;
      toks.push({ t: 'op', op: s[i] as string });
      i++;
      continue;
    }
    return null;
  }
  return toks;
}

const PREC: Record<string, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };

function toRpn(toks: Tok[]): Tok[] | null {
  const out: Tok[] = [];
  const ops: Tok[] = [];
  let expectOperand = true;
  for (const tk of toks) {
    if (tk.t === 'num') {
      if (!expectOperand) return null; // two numbers in a row: a list, not math
      out.push(tk);
      expectOperand = false;
    } else if (tk.t === 'op') {
      if (expectOperand) return null;
      const p = PREC[tk.op] as number;
      for (;;) {
        const top = ops[ops.length - 1];
        if (!top || top.t !== 'op' || (PREC[top.op] as number) < p) break;
        out.push(ops.pop() as Tok);
      }
      ops.push(tk);
      expectOperand = true;
    } else if (tk.t === '(') {
      if (!expectOperand) return null;
      ops.push(tk);
    } else {
      if (expectOperand) return null;
      for (;;) {
        const top = ops.pop();
        if (!top) return null;
        if (top.t === '(') break;
        out.push(top);
      }
    }
  }
  if (expectOperand) return null;
  while (ops.length > 0) {
    const top = ops.pop() as Tok;
    if (top.t === '(') return null;
    out.push(top);
  }
  return out;
}

function numText(v: Num): string {
  return formatNumber(v.n) + v.unit;
}
function valText(v: Val, minPrec: number, strictRight: boolean): string {
  if (isNum(v)) return v.n < 0 && minPrec > 1 ? `(${numText(v)})` : numText(v);
  if (v.prec < minPrec || (strictRight && v.prec === minPrec)) return `(${v.text})`;
  return v.text;
}
const catOf = (v: Val): Cat => (isNum(v) ? (unitCat(v.unit) as Cat) : v.cat);

function combine(op: string, a: Val, b: Val): Val | string {
  const ca = catOf(a);
  const cb = catOf(b);
  if (op === '+' || op === '-') {
    if (isNum(a) && isNum(b)) {
      let unit: string | null = null;
      if (a.unit === b.unit) unit = a.unit;
      else if ((a.unit === '' && b.unit === 'px') || (a.unit === 'px' && b.unit === ''))
        unit = 'px';
      if (unit !== null) return { n: op === '+' ? a.n + b.n : a.n - b.n, unit };
    }
    // a bare number next to a length means px
    const pa: Val = isNum(a) && ca === 'number' && cb === 'length' ? { n: a.n, unit: 'px' } : a;
    const pb: Val = isNum(b) && cb === 'number' && ca === 'length' ? { n: b.n, unit: 'px' } : b;
    const ka = catOf(pa);
    const kb = catOf(pb);
    let cat: Cat | null = null;
    if (ka === kb) cat = ka;
    else if ((ka === 'length' && kb === 'percent') || (ka === 'percent' && kb === 'length'))
      cat = 'length';
    if (cat === null) return `cannot ${op === '+' ? 'add' : 'subtract'} ${ka} and ${kb}`;
    return { text: `${valText(pa, 1, false)} ${op} ${valText(pb, 1, op === '-')}`, prec: 1, cat };
  }
  if (op === '*') {
    // Tokens Studio multiplies numbers of one unit as if one were bare: 1rem * 1.5rem = 1.5rem
    if (isNum(a) && isNum(b) && a.unit === b.unit) return { n: a.n * b.n, unit: a.unit };
    if (ca !== 'number' && cb !== 'number') return `cannot multiply ${ca} by ${cb}`;
    if (isNum(a) && isNum(b)) return { n: a.n * b.n, unit: a.unit || b.unit };
    return {
      text: `${valText(a, 2, false)} * ${valText(b, 2, false)}`,
      prec: 2,
      cat: ca === 'number' ? cb : ca,
    };
  }
  // division
  if (isNum(a) && isNum(b) && a.unit === b.unit && b.unit !== '') return { n: a.n / b.n, unit: '' };
  if (cb !== 'number') return `cannot divide ${ca} by ${cb}`;
  if (isNum(b) && b.n === 0) return 'division by zero';
  if (isNum(a) && isNum(b)) return { n: a.n / b.n, unit: a.unit };
  return { text: `${valText(a, 2, false)} / ${valText(b, 2, true)}`, prec: 2, cat: ca };
}

export type MathResult =
  | { kind: 'none' }
  | { kind: 'folded'; value: string }
  | { kind: 'calc'; value: string }
  | { kind: 'invalid'; reason: string };

const hasOperator = (s: string): boolean => {
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 42 || c === 47 || c === 43) return true;
    if (c === 45 && s.charCodeAt(i - 1) === 32) return true; // ` -`
    if (c === 45 && (isDigit(s.charCodeAt(i - 1)) || s.charCodeAt(i - 1) === 41)) return true;
  }
  return false;
};

/** Evaluates `s` if it is arithmetic. */
export function evaluateMath(s: string): MathResult {
  if (s.length > 100_000 || !hasOperator(s)) return { kind: 'none' };
  const toks = tokenize(s);
  if (!toks || !toks.some((t) => t.t === 'op')) return { kind: 'none' };
  const rpn = toRpn(toks);
  if (!rpn) return { kind: 'none' };
  const st: Val[] = [];
  for (const tk of rpn) {
    if (tk.t === 'num') {
      st.push({ n: tk.n, unit: tk.unit });
      continue;
    }
    if (tk.t !== 'op') return { kind: 'none' };
    const b = st.pop();
    const a = st.pop();
    if (!a || !b) return { kind: 'none' };
    const r = combine(tk.op, a, b);
    if (typeof r === 'string') return { kind: 'invalid', reason: r };
    if (isNum(r) && !Number.isFinite(r.n))
      return { kind: 'invalid', reason: 'the result is not a finite number' };
    st.push(r);
  }
  const v = st[0];
  if (!v || st.length !== 1) return { kind: 'none' };
  if (isNum(v)) return { kind: 'folded', value: numText(v) };
  return { kind: 'calc', value: `calc(${v.text})` };
}
