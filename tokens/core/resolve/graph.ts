/**
 * Dependency graph: Tarjan's strongly connected components, iterative (no
 * recursion, so 10 000-deep chains are fine). Components come out donors
 * first, i.e. in evaluation order; a component of more than one token, or a
 * token referring to itself, is a cycle.
 */

export interface GraphView {
  /** Donor paths of a token (only those inside the graph are followed). */
  deps(id: number): readonly number[];
}

/**
 * @param ids tokens to order (indices)
 * @param inScope whether an index belongs to the ordered subset
 * @returns components in evaluation order (donors before dependants)
 */
export function stronglyConnected(
  ids: readonly number[],
  g: GraphView,
  inScope: (id: number) => boolean,
  size: number,
): number[][] {
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const workNode: number[] = [];
  const workEdge: number[] = [];
  for (const root of ids) {
    if (index[root] !== -1) continue;
    workNode.push(root);
    workEdge.push(0);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (workNode.length > 0) {
      const v = workNode[workNode.length - 1] as number;
      const ei = workEdge[workEdge.length - 1] as number;
      const ds = g.deps(v);
      if (ei < ds.length) {
        workEdge[workEdge.length - 1] = ei + 1;
        const w = ds[ei] as number;
        if (!inScope(w)) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          workNode.push(w);
          workEdge.push(0);
        } else if (onStack[w]) {
          if ((index[w] as number) < (low[v] as number)) low[v] = index[w] as number;
        }
        continue;
      }
      workNode.pop();
      workEdge.pop();
      const parent = workNode[workNode.length - 1];
      if (parent !== undefined && (low[v] as number) < (low[parent] as number))
        low[parent] = low[v] as number;
      if (low[v] === index[v]) {
        const comp: number[] = [];
        for (;;) {
          const w = stack.pop() as number;
          onStack[w] = 0;
          comp.push(w);
          if (w === v) break;
        }
        out.push(comp);
      }
    }
  }
  return out;
}

/** One concrete cycle through `start` inside a component (BFS), as indices. */
export function findCycle(start: number, comp: ReadonlySet<number>, g: GraphView): number[] {
  const prev = new Map<number, number>();
  const queue: number[] = [start];
  for (let qi = 0; qi < queue.length; qi++) {
    const v = queue[qi] as number;
    for (const w of g.deps(v)) {
      if (!comp.has(w)) continue;
      if (w === start) {
        const path = [v];
        let cur = v;
        while (cur !== start) {
          cur = prev.get(cur) as number;
          path.push(cur);
        }
        path.reverse();
        return path;
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
