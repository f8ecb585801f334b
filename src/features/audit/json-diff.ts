/** Pretty JSON with keys sorted, so two states line up key by key. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((key) => [key, sort((v as Record<string, unknown>)[key])]),
      );
    return v;
  };
  return value === null || value === undefined ? '' : JSON.stringify(sort(value), null, 2);
}

export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Beyond this many lines a side, the diff is the two texts whole (LCS costs n × m). */
const MAX_LINES = 1500;

/** A line diff of two JSON states (longest common subsequence). */
export function diffJson(before: unknown, after: unknown): DiffLine[] {
  const a = stableJson(before).split('\n').filter(Boolean);
  const b = stableJson(after).split('\n').filter(Boolean);
  if (a.length > MAX_LINES || b.length > MAX_LINES)
    return [
      ...a.map((text) => ({ kind: 'removed' as const, text })),
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ];
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i += 1;
      j += 1;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      lines.push({ kind: 'removed', text: a[i]! });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: b[j]! });
      j += 1;
    }
  }
  while (i < n) lines.push({ kind: 'removed', text: a[i++]! });
  while (j < m) lines.push({ kind: 'added', text: b[j++]! });
  return lines;
}
