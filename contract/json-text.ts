/**
 * JSON text edited by hand (spec part 2 §5: "must be valid JSON, otherwise saving fails and the
 * parse error is shown"): a strict JSON parser that reports where it stopped, by line and column,
 * and remembers where every value of the document starts, so that a schema problem found later
 * (an unknown key, a wrong type) can be shown at its line too. The same code runs on the server
 * (the 400 names the line) and in the console (the editor marks the line while typing).
 */

export interface TextPosition {
  /** 0-based offset in the text. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

export interface JsonTextProblem extends TextPosition {
  message: string;
  /** The value's path for a schema problem; absent for a syntax error. */
  path?: (string | number)[];
}

export type JsonTextResult =
  | { ok: true; value: unknown; positions: Map<string, number> }
  | { ok: false; problem: JsonTextProblem };

export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { offset: end, line, column: end - lineStart + 1 };
}

/** The key of a path in the positions map. */
export const pathKey = (path: readonly (string | number)[]): string => JSON.stringify(path);

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const describe = (char: string | undefined): string =>
  char === undefined ? 'the end of the text' : `'${char}'`;

/** Parses JSON text; on failure answers the first problem with its line and column. */
export function parseJsonText(text: string): JsonTextResult {
  const positions = new Map<string, number>();
  let i = 0;

  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at);
  };
  const skipSpace = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i += 1;
      else break;
    }
  };
  const expectChar = (char: string, what: string) => {
    if (text[i] !== char) fail(`Expected ${what} but found ${describe(text[i])}`);
    i += 1;
  };

  const parseString = (): string => {
    const start = i;
    i += 1;
    let out = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail('Unterminated string', start);
      if (c === '"') {
        i += 1;
        return out;
      }
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
          continue;
        }
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        fail('Bad escape in string');
      }
      if (c < ' ') fail('Control character in string (write \\n for a line break)');
      out += c;
      i += 1;
    }
  };

  const parseNumber = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(`Unexpected ${describe(text[i])}`);
    i += match![0].length;
    return Number(match![0]);
  };

  const parseValue = (path: (string | number)[]): unknown => {
    skipSpace();
    positions.set(pathKey(path), i);
    const c = text[i];
    if (c === '{') {
      i += 1;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (text[i] === '}') {
        i += 1;
        return object;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"')
          fail(`Expected a property name in double quotes but found ${describe(text[i])}`);
        const keyAt = i;
        const key = parseString();
        if (Object.hasOwn(object, key)) fail(`Duplicate key "${key}"`, keyAt);
        skipSpace();
        expectChar(':', "':'");
        object[key] = parseValue([...path, key]);
        positions.set(pathKey([...path, key]), keyAt);
        skipSpace();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        if (text[i] === '}') {
          i += 1;
          return object;
        }
        fail(`Expected ',' or '}' but found ${describe(text[i])}`);
      }
    }
    if (c === '[') {
      i += 1;
      const array: unknown[] = [];
      skipSpace();
      if (text[i] === ']') {
        i += 1;
        return array;
      }
      for (;;) {
        array.push(parseValue([...path, array.length]));
        skipSpace();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        if (text[i] === ']') {
          i += 1;
          return array;
        }
        fail(`Expected ',' or ']' but found ${describe(text[i])}`);
      }
    }
    if (c === '"') return parseString();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return parseNumber();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    return fail(`Unexpected ${describe(c)}`);
  };

  try {
    const value = parseValue([]);
    skipSpace();
    if (i < text.length) fail(`Unexpected ${describe(text[i])} after the end of the JSON value`);
    return { ok: true, value, positions };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { ok: false, problem: { message: error.message, ...positionAt(text, error.offset) } };
  }
}

/**
 * Where a schema problem at `path` is in the text: the nearest enclosing value the parser saw
 * (a missing key points at its object).
 */
export function problemAt(
  text: string,
  positions: Map<string, number>,
  path: readonly PropertyKey[],
  message: string,
): JsonTextProblem {
  const clean = path.filter((p): p is string | number => typeof p !== 'symbol');
  for (let n = clean.length; n >= 0; n -= 1) {
    const at = positions.get(pathKey(clean.slice(0, n)));
    if (at !== undefined) return { message, path: clean, ...positionAt(text, at) };
  }
  return { message, path: clean, ...positionAt(text, 0) };
}

/** "line 3, column 5: message" — how the server and the console say a problem. */
export const describeProblem = (problem: JsonTextProblem): string =>
  `Line ${problem.line}, column ${problem.column}: ${
    problem.path?.length ? `${problem.path.join('.')}: ` : ''
  }${problem.message}`;
