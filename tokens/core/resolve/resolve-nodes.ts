/**
 * Resolves a set of the compiler's nodes in dependency order: strongly connected components
 * first, so every token of a cycle becomes UNDEFINED and each cycle is reported once.
 */
import type { Diagnostic } from '../types.ts';
import { nodeDiag, NONE_D } from '../token-node.ts';
import type { TokenNode } from '../token-node.ts';
import { findCycle, stronglyConnected } from './graph.ts';
import { resolveToken, UNDEFINED } from './resolve.ts';
import type { ResolveCtx } from './resolve.ts';

const scratch: Diagnostic[] = [];

/** Re-resolves the nodes `ids` (values and resolve diagnostics), reading donors through `ctx`. */
export function resolveNodes(nodes: readonly TokenNode[], ids: number[], ctx: ResolveCtx): void {
  const scope = new Uint8Array(nodes.length);
  for (const id of ids) scope[id] = 1;
  const g = { deps: (id: number) => (nodes[id] as TokenNode).deps };
  const comps = stronglyConnected(ids, g, (id) => scope[id] === 1, nodes.length);
  for (const comp of comps) {
    const first = nodes[comp[0] as number] as TokenNode;
    const cyclic = comp.length > 1 || first.deps.includes(first.id);
    if (!cyclic) {
      first.inCycle = false;
      scratch.length = 0;
      first.value = resolveToken(first, ctx, scratch);
      first.resolveDiags = scratch.length === 0 ? NONE_D : scratch.slice();
      continue;
    }
    const members = new Set(comp);
    for (const id of comp) {
      const n = nodes[id] as TokenNode;
      n.inCycle = true;
      n.value = UNDEFINED;
      n.resolveDiags = [];
    }
    // report each cycle once, starting from the member that comes first in the input
    const start = Math.min(...comp);
    const cycle = findCycle(start, members, g).map((id) => (nodes[id] as TokenNode).path);
    const head = nodes[start] as TokenNode;
    const others = comp.length > cycle.length ? ` (${comp.length} tokens are caught in it)` : '';
    head.resolveDiags.push(
      nodeDiag(
        head,
        'ref/cycle',
        'error',
        `Circular reference: ${[...cycle, cycle[0]].join(' → ')}; these tokens are UNDEFINED${others}`,
      ),
    );
  }
}
