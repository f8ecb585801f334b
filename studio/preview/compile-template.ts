/**
 * Compiles a part's Handlebars SOURCE in the preview frame (the full compiler lives only here; the
 * merchant runtime ships precompiled templates). The result is a precompiled spec, bound by the
 * storefront runtime's own environment, so previews use exactly its helpers and partials.
 * Problems the runtime would only hit while rendering (an unknown helper or partial) are found
 * here, with their template line.
 */
import Handlebars from 'handlebars';
import { partialSpecs } from '#storefront/runtime/partials.templates.ts';
import type { TemplateSpec } from '#storefront/runtime/templates.ts';

/** Helpers of storefront/runtime/templates.ts (a test keeps this list in step with it). */
export const RUNTIME_HELPERS: readonly string[] = [
  'formatPrice',
  'discountPercent',
  'highlight',
  'safeUrl',
  'eq',
  'not',
  'gt',
  'plural',
  'json',
  'concat',
];
const BUILTIN_HELPERS = ['each', 'if', 'unless', 'with', 'lookup', 'log'];
const KNOWN_HELPERS = new Set([...BUILTIN_HELPERS, ...RUNTIME_HELPERS]);
const KNOWN_PARTIALS = new Set(Object.keys(partialSpecs));

export interface TemplateProblem {
  message: string;
  /** 1-based line in the template source. */
  line?: number;
  /** 0-based column. */
  column?: number;
}

export type CompileResult = { ok: true; spec: TemplateSpec } | ({ ok: false } & TemplateProblem);

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
function findUnknown(node: unknown): TemplateProblem | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findUnknown(child);
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
    !KNOWN_HELPERS.has(path.original)
  ) {
    return at(n, `Unknown helper "${path.original}"`);
  }
  if (n.type === 'BlockStatement' && path?.original === 'each' && params.length === 0) {
    return at(n, '#each needs a list to iterate');
  }
  if (n.type === 'PartialStatement' || n.type === 'PartialBlockStatement') {
    const name = n['name'] as { type?: string; original?: unknown } | undefined;
    if (
      name?.type === 'PathExpression' &&
      typeof name.original === 'string' &&
      !KNOWN_PARTIALS.has(name.original) &&
      n.type === 'PartialStatement'
    ) {
      return at(n, `Unknown partial "${name.original}"`);
    }
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc' || key === 'path') continue;
    if (typeof value === 'object' && value !== null) {
      const found = findUnknown(value);
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

export function compileTemplate(source: string): CompileResult {
  try {
    const ast = Handlebars.parse(source);
    const unknown = findUnknown(ast.body);
    if (unknown) return { ok: false, ...unknown };
    const code = Handlebars.precompile(ast) as unknown as string;
    // The precompiled spec is an object literal of functions: evaluating it needs 'unsafe-eval'
    // in the frame's CSP (the full compiler's compile() evaluates code the same way).
    const spec = new Function(`return ${code};`)() as TemplateSpec;
    return { ok: true, spec };
  } catch (error) {
    return { ok: false, ...describeTemplateError(error) };
  }
}
