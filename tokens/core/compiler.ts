/**
 * The compiler: parse → resolve → transform → emit, kept as a dependency
 * graph so one changed token recompiles only itself and its dependants.
 *
 * Nodes are indexed; dependants are kept by donor *path*, so a token added
 * later picks up the tokens that were missing it.
 */
import type {
  CompileOptions,
  Diagnostic,
  ScssResult,
  Scope,
  TokenInput,
  VersionKey,
} from './types.ts';
import { selectSets } from './parse/input.ts';
import { flattenSets } from './parse/flatten.ts';
import type { TokenSource } from './parse/flatten.ts';
import { compileValue } from './parse/reference.ts';
import type { Tpl, TplIssue } from './parse/reference.ts';
import { findCycle, stronglyConnected } from './resolve/graph.ts';
import { resolveToken, UNDEFINED } from './resolve/resolve.ts';
import type { ResolveCtx, RVal } from './resolve/resolve.ts';
import { suggest, suggestIndex } from './resolve/suggest.ts';
import type { SuggestIndex } from './resolve/suggest.ts';
import { NameTable } from './transform/names.ts';
import { defaultLineHeight } from './transform/line-height.ts';
import { emitToken } from './emit/scss.ts';
import type { Chunk } from './emit/scss.ts';

interface Node {
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

/** A token as written in the JSON (`{value, type, description?, $extensions?}`). */
export interface TokenJson {
  value: unknown;
  type: string;
  description?: string;
  $extensions?: Record<string, unknown>;
}

export interface UpdateResult {
  /** Tokens re-resolved and re-emitted. */
  recompiled: number;
  ms: number;
}

// shared empty values: never mutated (nodes get fresh arrays when they have content)
const NONE_S: string[] = [];
const NONE_N: number[] = [];
const NONE_D: Diagnostic[] = [];
const EMPTY_CHUNK: Chunk = { vars: '', props: '', mixin: '' };
const scratch: Diagnostic[] = [];

const BLOCK_BITS = 8;
const BLOCK_SIZE = 1 << BLOCK_BITS;

interface Block {
  vars: string;
  mixins: string;
  props: string;
  count: number;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export class TokenCompiler {
  private readonly nodes: Node[] = [];
  private readonly byPath = new Map<string, number>();
  private readonly dependants = new Map<string, number[]>();
  private readonly names = new NameTable();
  private readonly inputDiags: Diagnostic[] = [];
  private readonly named: boolean;
  private readonly version: VersionKey;
  private readonly scope: Scope;
  private readonly selector: string;
  private readonly lineHeight: string | null;
  private readonly setNames: string[];
  private readonly themeLabel: string;
  private pathList: SuggestIndex | null = null;
  private suggestions = 0;
  private parseMs = 0;
  private resolveMs = 0;
  private emitMs = 0;

  constructor(input: TokenInput, options: CompileOptions = {}) {
    const t0 = now();
    const sel = selectSets(input, options, this.inputDiags);
    this.named = sel.named;
    this.version = sel.versionKey;
    this.scope = options.scope ?? 'main';
    this.selector = options.selector ?? '#digi-shield';
    this.lineHeight = defaultLineHeight(this.version, this.scope);
    this.setNames = sel.sets.map((s) => s.name);
    this.themeLabel = sel.themeLabel;
    const flat = flattenSets(sel.sets, sel.named, this.inputDiags);
    for (const src of flat.values()) this.addNode(src);
    for (const n of this.nodes) this.link(n);
    const t1 = now();
    this.parseMs = t1 - t0;
    this.resolveIds(this.nodes.map((n) => n.id));
    const t2 = now();
    this.resolveMs = t2 - t1;
    for (const n of this.nodes) this.emit(n);
    this.emitMs = now() - t2;
  }

  // ---- parse -------------------------------------------------------------

  private compileNode(node: Node, src: TokenSource): void {
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
        : issues.map((i) =>
            this.diag(node, i.code, 'warning', `Token '${node.path}': ${i.message}`),
          );
  }

  private addNode(src: TokenSource): Node {
    const node: Node = {
      id: this.nodes.length,
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
    if (this.named) node.file = src.set;
    this.compileNode(node, src);
    this.nodes.push(node);
    this.byPath.set(src.path, node.id);
    this.pathList = null;
    const a = this.names.assign(src.path);
    node.name = a.name;
    if (a.collidesWith !== undefined)
      node.nameDiags = [
        this.diag(
          node,
          'name/collision',
          'warning',
          `'${src.path}' and '${a.collidesWith}' both become '${a.name.replace(/-\d+$/, '')}' in kebab-case; '${src.path}' is written as '${a.name}'`,
        ),
      ];
    return node;
  }

  /** Records donor ids and dependant links of a node. */
  private link(n: Node): void {
    if (n.depPaths.length === 0) {
      n.deps = NONE_N;
      return;
    }
    n.deps = [];
    for (const p of n.depPaths) {
      const list = this.dependants.get(p);
      if (!list) this.dependants.set(p, [n.id]);
      else if (list[list.length - 1] !== n.id) list.push(n.id);
      const d = this.byPath.get(p);
      if (d !== undefined) n.deps.push(d);
    }
  }

  private unlink(n: Node): void {
    for (const p of n.depPaths) {
      const list = this.dependants.get(p);
      const i = list ? list.indexOf(n.id) : -1;
      if (list && i >= 0) list.splice(i, 1);
    }
  }

  private diag(
    n: Node,
    code: string,
    severity: Diagnostic['severity'],
    message: string,
  ): Diagnostic {
    const d: Diagnostic = { code, path: n.path, severity, message };
    if (n.file !== undefined) d.file = n.file;
    return d;
  }

  // ---- resolve -----------------------------------------------------------

  private readonly ctx: ResolveCtx = {
    donor: (path) => {
      const id = this.byPath.get(path);
      if (id === undefined) return undefined;
      const n = this.nodes[id] as Node;
      return n.inCycle ? undefined : n.value;
    },
    inCycle: (path) => {
      const id = this.byPath.get(path);
      return id !== undefined && (this.nodes[id] as Node).inCycle;
    },
    suggest: (path) => {
      // bounded work on hostile inputs: near matches for the first 200 misses
      if (++this.suggestions > 200) return [];
      if (!this.pathList) this.pathList = suggestIndex([...this.byPath.keys()]);
      return suggest(path, this.pathList);
    },
  };

  private resolveIds(ids: number[]): void {
    const scope = new Uint8Array(this.nodes.length);
    for (const id of ids) scope[id] = 1;
    const comps = stronglyConnected(
      ids,
      { deps: (id) => (this.nodes[id] as Node).deps },
      (id) => scope[id] === 1,
      this.nodes.length,
    );
    const g = { deps: (id: number) => (this.nodes[id] as Node).deps };
    for (const comp of comps) {
      const first = this.nodes[comp[0] as number] as Node;
      const cyclic = comp.length > 1 || first.deps.includes(first.id);
      if (!cyclic) {
        first.inCycle = false;
        scratch.length = 0;
        first.value = resolveToken(first, this.ctx, scratch);
        first.resolveDiags = scratch.length === 0 ? NONE_D : scratch.slice();
        continue;
      }
      const members = new Set(comp);
      for (const id of comp) {
        const n = this.nodes[id] as Node;
        n.inCycle = true;
        n.value = UNDEFINED;
        n.resolveDiags = [];
      }
      // report each cycle once, starting from the member that comes first in the input
      const start = Math.min(...comp);
      const cycle = findCycle(start, members, g).map((id) => (this.nodes[id] as Node).path);
      const head = this.nodes[start] as Node;
      const others = comp.length > cycle.length ? ` (${comp.length} tokens are caught in it)` : '';
      head.resolveDiags.push(
        this.diag(
          head,
          'ref/cycle',
          'error',
          `Circular reference: ${[...cycle, cycle[0]].join(' → ')}; these tokens are UNDEFINED${others}`,
        ),
      );
    }
  }

  // ---- emit --------------------------------------------------------------

  private emit(n: Node): void {
    scratch.length = 0;
    n.chunk = emitToken(n, this.lineHeight, scratch);
    n.emitDiags = scratch.length === 0 ? NONE_D : scratch.slice();
    this.blocks[n.id >> BLOCK_BITS] = undefined;
  }

  /** Joined text of 256 tokens at a time; only blocks with a changed token are re-joined. */
  private readonly blocks: (Block | undefined)[] = [];

  private block(b: number): Block {
    let blk = this.blocks[b];
    if (blk) return blk;
    const vars: string[] = [];
    const mixins: string[] = [];
    const props: string[] = [];
    let count = 0;
    const end = Math.min(this.nodes.length, (b + 1) << BLOCK_BITS);
    for (let i = b << BLOCK_BITS; i < end; i++) {
      const n = this.nodes[i] as Node;
      if (!n.alive) continue;
      count++;
      if (n.chunk.vars) vars.push(n.chunk.vars);
      if (n.chunk.mixin) mixins.push(n.chunk.mixin);
      if (n.chunk.props) props.push(n.chunk.props);
    }
    blk = { vars: vars.join(''), mixins: mixins.join(''), props: props.join(''), count };
    this.blocks[b] = blk;
    return blk;
  }

  // ---- incremental -------------------------------------------------------

  /** Adds or replaces one token and recompiles what depends on it. */
  set(path: string, token: TokenJson, set?: string): UpdateResult {
    const t0 = now();
    const src: TokenSource = { path, type: token.type, value: token.value, set: set ?? '' };
    if (token.description !== undefined) src.description = token.description;
    if (token.$extensions !== undefined) src.extensions = token.$extensions;
    let id = this.byPath.get(path);
    if (id === undefined) {
      src.set = set ?? this.setNames[this.setNames.length - 1] ?? 'tokens';
      const n = this.addNode(src);
      id = n.id;
      this.link(n);
      // tokens that were missing this one now have a donor
      for (const d of this.dependants.get(path) ?? []) {
        const dn = this.nodes[d] as Node;
        if (!dn.deps.includes(id)) dn.deps = [...dn.deps, id];
      }
    } else {
      const n = this.nodes[id] as Node;
      if (set === undefined) src.set = n.set;
      this.unlink(n);
      n.type = src.type;
      this.compileNode(n, src);
      this.link(n);
    }
    return this.recompileFrom(id, t0);
  }

  /** Removes one token; its dependants now report it missing. */
  remove(path: string): UpdateResult {
    const t0 = now();
    const id = this.byPath.get(path);
    if (id === undefined) return { recompiled: 0, ms: now() - t0 };
    const n = this.nodes[id] as Node;
    this.unlink(n);
    n.alive = false;
    this.blocks[id >> BLOCK_BITS] = undefined;
    n.depPaths = [];
    n.deps = [];
    this.byPath.delete(path);
    this.names.release(n.name);
    this.pathList = null;
    const deps = [...(this.dependants.get(path) ?? [])];
    for (const d of deps) {
      const dn = this.nodes[d] as Node;
      dn.deps = dn.deps.filter((x) => x !== id);
    }
    const affected = this.collectDependants(deps);
    this.resolveIds(affected);
    for (const a of affected) this.emit(this.nodes[a] as Node);
    return { recompiled: affected.length, ms: now() - t0 };
  }

  private collectDependants(start: number[]): number[] {
    const seen = new Set<number>(start);
    const queue = [...start];
    for (let i = 0; i < queue.length; i++) {
      const n = this.nodes[queue[i] as number] as Node;
      for (const d of this.dependants.get(n.path) ?? []) {
        if (seen.has(d) || !(this.nodes[d] as Node).alive) continue;
        seen.add(d);
        queue.push(d);
      }
    }
    return queue;
  }

  private recompileFrom(id: number, t0: number): UpdateResult {
    const affected = this.collectDependants([id]);
    this.resolveIds(affected);
    for (const a of affected) this.emit(this.nodes[a] as Node);
    return { recompiled: affected.length, ms: now() - t0 };
  }

  /** The resolved value of a token (composites as objects). */
  valueOf(path: string): RVal | undefined {
    const id = this.byPath.get(path);
    return id === undefined ? undefined : (this.nodes[id] as Node).value;
  }

  /** Every token path, in output order. */
  paths(): string[] {
    return this.nodes.filter((n) => n.alive).map((n) => n.path);
  }

  /** How many tokens depend on a token, directly or not. */
  dependantCount(path: string): number {
    const id = this.byPath.get(path);
    return id === undefined ? 0 : this.collectDependants([id]).length - 1;
  }

  /** The emitted name of a token. */
  nameOf(path: string): string | undefined {
    const id = this.byPath.get(path);
    return id === undefined ? undefined : (this.nodes[id] as Node).name;
  }

  get diagnostics(): Diagnostic[] {
    const out = [...this.inputDiags];
    for (const n of this.nodes) {
      if (!n.alive) continue;
      for (const d of n.parseDiags) out.push(d);
      for (const d of n.nameDiags) out.push(d);
      for (const d of n.resolveDiags) out.push(d);
      for (const d of n.emitDiags) out.push(d);
    }
    return out;
  }

  /** The whole SCSS text (blocks concatenated without copying them). */
  get scss(): string {
    let vars = '';
    let mixins = '';
    let props = '';
    let count = 0;
    const nb = (this.nodes.length + BLOCK_SIZE - 1) >> BLOCK_BITS;
    for (let b = 0; b < nb; b++) {
      const blk = this.block(b);
      vars += blk.vars;
      mixins += blk.mixins;
      props += blk.props;
      count += blk.count;
    }
    const head =
      `// Generated by vitrina-tokens: ${count} tokens, ${this.themeLabel.replace(/[\r\n]/g, ' ')}` +
      `, version ${this.version}, scope ${this.scope}. Do not edit.\n`;
    return `${head}${vars}${mixins}${this.selector} {\n${props}}\n`;
  }

  result(): ScssResult {
    const t0 = now();
    const scss = this.scss;
    const joinMs = now() - t0;
    const tokens = this.nodes.reduce((c, n) => c + (n.alive ? 1 : 0), 0);
    return {
      scss,
      diagnostics: this.diagnostics,
      stats: {
        tokens,
        sets: this.setNames,
        parseMs: this.parseMs,
        resolveMs: this.resolveMs,
        emitMs: this.emitMs + joinMs,
        totalMs: this.parseMs + this.resolveMs + this.emitMs + joinMs,
      },
    };
  }
}

/** One-shot compile to SCSS (no sass): browser-safe. */
export function compileTokensToScss(input: TokenInput, options: CompileOptions = {}): ScssResult {
  return new TokenCompiler(input, options).result();
}
