/**
 * The one Handlebars template compiler: the storefront's own templates at build time
 * (precompile-templates.ts), the configs' templates in the server's bundle build
 * (server/publishing/bundle/templates.ts) and the part a designer edits in the studio's preview frame
 * (studio/preview/compile-template.ts) all compile here, to the JavaScript text of a template spec
 * that the storefront runtime binds with `handlebars/runtime`. Isomorphic (Node and the browser);
 * build-time only: the full compiler never ships in the storefront runtime.
 */
import Handlebars from 'handlebars';

export interface TemplateProblem {
  message: string;
  /** 1-based line in the template source. */
  line?: number;
  /** 0-based column. */
  column?: number;
}

export type CompiledTemplate =
  /** `code`: a JavaScript expression, the precompiled spec. */
  | { ok: true; code: string }
  /** `detail`: the compiler's own text of the problem, whitespace collapsed. */
  | ({ ok: false; detail: string } & TemplateProblem);

export interface CompileTemplateOptions {
  /**
   * Keep source positions (`loc`) in the spec: a render error then names its line. Dropped by
   * default: they only feed error messages and are most of a shipped spec's weight.
   */
  positions?: boolean;
  /**
   * The helpers and partials the runtime has: a call of any other is a problem with its line
   * (the preview's check; the bundle build leaves it to the runtime).
   */
  known?: { helpers: ReadonlySet<string>; partials: ReadonlySet<string> };
}

const LOC = /,"loc":\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;

/** Handlebars' own block helpers: always known. */
export const BUILTIN_HELPERS: readonly string[] = ['each', 'if', 'unless', 'with', 'lookup', 'log'];

/** The spec's JavaScript text without source positions. */
export function withoutPositions(code: string): string {
  return code.replace(LOC, '');
}

type Node = { type: string; loc?: { start: { line: number; column: number } } } & Record<
  string,
  unknown
>;

function at(node: Node, message: string): TemplateProblem {
  return node.loc
    ? { message, line: node.loc.start.line, column: node.loc.start.column }
    : { message };
}

/** The first helper call or partial the runtime does not know, in source order. */
function findUnknown(
  node: unknown,
  known: NonNullable<CompileTemplateOptions['known']>,
): TemplateProblem | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findUnknown(child, known);
      if (found) return found;
    }
    return null;
  }
  const n = node as Node;
  const path = n['path'] as
    { type?: string; original?: unknown; parts?: unknown[]; data?: boolean } | undefined;
  const params = (n['params'] as unknown[] | undefined) ?? [];
  const hash = n['hash'] as { pairs?: unknown[] } | undefined;
  const isCall =
    (n.type === 'MustacheStatement' || n.type === 'BlockStatement' || n.type === 'SubExpression') &&
    (params.length > 0 || (hash?.pairs?.length ?? 0) > 0);
  if (
    isCall &&
    path?.type === 'PathExpression' &&
    path.data !== true &&
    path.parts?.length === 1 &&
    typeof path.original === 'string' &&
    !BUILTIN_HELPERS.includes(path.original) &&
    !known.helpers.has(path.original)
  ) {
    return at(n, `Unknown helper "${path.original}"`);
  }
  if (n.type === 'BlockStatement' && path?.original === 'each' && params.length === 0) {
    return at(n, '#each needs a list to iterate');
  }
  if (n.type === 'PartialStatement') {
    const name = n['name'] as { type?: string; original?: unknown } | undefined;
    if (
      name?.type === 'PathExpression' &&
      typeof name.original === 'string' &&
      !known.partials.has(name.original)
    ) {
      return at(n, `Unknown partial "${name.original}"`);
    }
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc' || key === 'path') continue;
    if (typeof value === 'object' && value !== null) {
      const found = findUnknown(value, known);
      if (found) return found;
    }
  }
  return null;
}

/** A Handlebars error's message and position (parse errors carry the line in their text). */
export function describeTemplateError(error: unknown): TemplateProblem {
  const e = error as { message?: unknown; lineNumber?: unknown; column?: unknown };
  const raw = typeof e?.message === 'string' ? e.message : String(error);
  if (typeof e?.lineNumber === 'number') {
    // Exceptions append " - line:column" to the message.
    const message = raw.replace(/ - \d+:\d+$/, '');
    return {
      message,
      line: e.lineNumber,
      ...(typeof e.column === 'number' ? { column: e.column } : {}),
    };
  }
  const parse = /^Parse error on line (\d+):/.exec(raw);
  if (parse) {
    const lines = raw.split('\n');
    const expected = lines.slice(3).join(' ').trim();
    return {
      message: expected ? `Parse error: ${expected}` : 'Parse error',
      line: Number(parse[1]),
    };
  }
  return { message: raw };
}

const detailOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

/** Compiles one template source to its spec's JavaScript text, or the first problem found. */
export function compileTemplate(
  source: string,
  options: CompileTemplateOptions = {},
): CompiledTemplate {
  try {
    const ast = Handlebars.parse(source);
    if (options.known) {
      const unknown = findUnknown(ast.body, options.known);
      if (unknown) return { ok: false, detail: unknown.message, ...unknown };
    }
    const code = String(Handlebars.precompile(ast, { strict: false }));
    return { ok: true, code: options.positions ? code : withoutPositions(code) };
  } catch (error) {
    return { ok: false, detail: detailOf(error), ...describeTemplateError(error) };
  }
}
