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
import type { ResolveCtx, RVal } from './resolve/resolve.ts';
import { resolveNodes } from './resolve/resolve-nodes.ts';
import { suggest, suggestIndex } from './resolve/suggest.ts';
import type { SuggestIndex } from './resolve/suggest.ts';
import { NameTable } from './transform/names.ts';
import { defaultLineHeight } from './transform/line-height.ts';
import { emitToken } from './emit/scss.ts';
import { ScssBlocks } from './emit/scss-blocks.ts';
import { newNode, nodeDiag, NONE_D, NONE_N, parseNode } from './token-node.ts';
import type { TokenNode as Node } from './token-node.ts';

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

const scratch: Diagnostic[] = [];

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

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

  private addNode(src: TokenSource): Node {
    const node = newNode(this.nodes.length, src, this.named);
    parseNode(node, src);
    this.nodes.push(node);
    this.byPath.set(src.path, node.id);
    this.pathList = null;
    const a = this.names.assign(src.path);
    node.name = a.name;
    if (a.collidesWith !== undefined)
      node.nameDiags = [
        nodeDiag(
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
    resolveNodes(this.nodes, ids, this.ctx);
  }

  // ---- emit --------------------------------------------------------------

  private emit(n: Node): void {
    scratch.length = 0;
    n.chunk = emitToken(n, this.lineHeight, scratch);
    n.emitDiags = scratch.length === 0 ? NONE_D : scratch.slice();
    this.blocks.invalidate(n.id);
  }

  /** Joined text of 256 tokens at a time; only blocks with a changed token are re-joined. */
  private readonly blocks = new ScssBlocks();

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
      parseNode(n, src);
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
    this.blocks.invalidate(id);
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
    const { vars, mixins, props, count } = this.blocks.join(this.nodes);
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
