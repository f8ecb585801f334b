/**
 * One token in the compiler's graph: its record (templates, donors, resolved value, emitted chunk,
 * diagnostics by stage) and the parse step that turns its JSON value into templates.
 */
import type { Diagnostic } from './types.ts';
import type { TokenSource } from './parse/flatten.ts';
import { compileValue } from './parse/reference.ts';
import type { Tpl, TplIssue } from './parse/reference.ts';
import { UNDEFINED } from './resolve/resolve.ts';
import type { RVal } from './resolve/resolve.ts';
import type { Chunk } from './emit/scss.ts';

export interface TokenNode {
  id: number;
  path: string;
  type: string;
  set: string;
  file?: string;
  tpl: Tpl;
  modify?: Tpl;
  depPaths: string[];
  /** Donor ids (existing tokens only). */
  deps: number[];
  value: RVal;
  inCycle: boolean;
  parseDiags: Diagnostic[];
  nameDiags: Diagnostic[];
  resolveDiags: Diagnostic[];
  emitDiags: Diagnostic[];
  name: string;
  chunk: Chunk;
  alive: boolean;
}

// shared empty values: never mutated (nodes get fresh arrays when they have content)
export const NONE_S: string[] = [];
export const NONE_N: number[] = [];
export const NONE_D: Diagnostic[] = [];
const EMPTY_CHUNK: Chunk = { vars: '', props: '', mixin: '' };

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A fresh node for a token source, not yet parsed, named or linked. */
export function newNode(id: number, src: TokenSource, named: boolean): TokenNode {
  const node: TokenNode = {
    id,
    path: src.path,
    type: src.type,
    set: src.set,
    tpl: { k: 's', parts: [''], refs: [], whole: false },
    depPaths: NONE_S,
    deps: NONE_N,
    value: UNDEFINED,
    inCycle: false,
    parseDiags: NONE_D,
    nameDiags: NONE_D,
    resolveDiags: NONE_D,
    emitDiags: NONE_D,
    name: '',
    chunk: EMPTY_CHUNK,
    alive: true,
  };
  if (named) node.file = src.set;
  return node;
}

/** A diagnostic about a node (with its file when the input has named sets). */
export function nodeDiag(
  n: TokenNode,
  code: string,
  severity: Diagnostic['severity'],
  message: string,
): Diagnostic {
  const d: Diagnostic = { code, path: n.path, severity, message };
  if (n.file !== undefined) d.file = n.file;
  return d;
}

/** Parses the source's value (and its Tokens Studio modifier) into the node's templates. */
export function parseNode(node: TokenNode, src: TokenSource): void {
  const deps: string[] = [];
  const issues: TplIssue[] = [];
  node.tpl = compileValue(src.value, deps, issues);
  const mod = src.extensions?.['studio.tokens'];
  if (isObj(mod) && isObj(mod['modify'])) node.modify = compileValue(mod['modify'], deps, issues);
  else delete node.modify;
  node.depPaths = deps.length === 0 ? NONE_S : deps;
  node.parseDiags =
    issues.length === 0
      ? NONE_D
      : issues.map((i) => nodeDiag(node, i.code, 'warning', `Token '${node.path}': ${i.message}`));
}
