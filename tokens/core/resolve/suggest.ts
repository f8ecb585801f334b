/**
 * Near matches for a missing reference: a small edit distance (bounded
 * Levenshtein on paths of similar length), the same last segment elsewhere,
 * or else the tokens sharing the longest prefix with it.
 */

function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] as number;
}

const norm = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '-');

/** Paths prepared once for many look-ups. */
export interface SuggestIndex {
  paths: readonly string[];
  norms: string[];
}

export function suggestIndex(paths: readonly string[]): SuggestIndex {
  return { paths, norms: paths.map(norm) };
}

export function suggest(missing: string, index: SuggestIndex, limit = 3): string[] {
  const { paths, norms } = index;
  const max = Math.max(2, Math.floor(missing.length / 5));
  const scored: [number, string][] = [];
  const nm = norm(missing);
  const last = nm.slice(nm.lastIndexOf('.') + 1);
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i] as string;
    const np = norms[i] as string;
    if (np === nm) {
      scored.push([0, p]);
      continue;
    }
    const d = Math.abs(np.length - nm.length) <= max ? distance(nm, np, max) : max + 1;
    if (d <= max) scored.push([d, p]);
    else if (np.slice(np.lastIndexOf('.') + 1) === last && last.length > 2)
      scored.push([max + 1, p]);
  }
  if (scored.length === 0) {
    // nothing close: the paths sharing the longest prefix (a family of tokens)
    let best = Math.max(8, Math.floor(nm.length / 3));
    let family: string[] = [];
    for (let i = 0; i < paths.length; i++) {
      const np = norms[i] as string;
      let k = 0;
      while (k < np.length && k < nm.length && np.charCodeAt(k) === nm.charCodeAt(k)) k++;
      if (k > best) {
        best = k;
        family = [paths[i] as string];
      } else if (k === best && family.length > 0) family.push(paths[i] as string);
    }
    return family.sort().slice(0, limit);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, limit).map((s) => s[1]);
}
