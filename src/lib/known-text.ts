/*
 * What errorText and rejectionText share: the server's English messages matched against known
 * patterns, and a translation that falls back when the key has no text.
 */

/** A known message: its pattern, its text's key, and the names of the values its groups capture. */
export type KnownMessage<K extends string> = readonly [RegExp, K, ...string[]];

/** The first known message `message` matches, with its captured values by name; null when none. */
export function matchKnown<K extends string>(
  known: ReadonlyArray<KnownMessage<K>>,
  message: string,
): { key: K; values: Record<string, string | undefined> } | null {
  for (const [pattern, key, ...names] of known) {
    const match = pattern.exec(message);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, at) => [name, match[at + 1]])) };
  }
  return null;
}

type Translate = (key: string, values: Record<string, unknown>) => string;

/** `t(key, values)`, or `fallback` where the key has no text (texts not loaded, key unknown). */
export function textOr(
  t: unknown,
  key: string,
  values: Record<string, unknown>,
  fallback: string,
): string {
  const text = (t as Translate)(key, values);
  return text && text !== key ? text : fallback;
}
