/**
 * Input normalisation: one tree, a multi-file export or a single-file export
 * with set keys → the ordered list of sets to build.
 *
 * Codes: `input/unknown-theme`, `input/unknown-set`, `input/invalid`.
 */
import type {
  CompileOptions,
  Diagnostic,
  MultiFileInput,
  ThemeEntry,
  TokenInput,
  TokenTree,
  VersionKey,
} from '../types.ts';

export interface SelectedSet {
  name: string;
  tree: TokenTree;
  /** `source` sets resolve references; they are emitted too (see docs/tokens.md). */
  status: 'enabled' | 'source';
}

export interface NormalizedInput {
  sets: SelectedSet[];
  versionKey: VersionKey;
  /** Whether set names are meaningful (multi/single-file) and go into diagnostics. */
  named: boolean;
  themeLabel: string;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isMultiFile(input: TokenInput): input is MultiFileInput {
  return isObj(input) && isObj(input['sets']) && ('metadata' in input || 'themes' in input);
}

/** Turns any accepted input into `{sets, metadata, themes}`. */
export function toMultiFile(input: TokenInput): MultiFileInput & { named: boolean } {
  if (!isObj(input)) return { sets: { tokens: {} }, named: false };
  if (isMultiFile(input)) return { ...input, named: true };
  if ('$metadata' in input || '$themes' in input) {
    const sets: Record<string, TokenTree> = {};
    for (const key of Object.keys(input)) {
      if (key.startsWith('$')) continue;
      const v = input[key];
      if (isObj(v)) sets[key] = v;
    }
    const meta = input['$metadata'];
    const themes = input['$themes'];
    const out: MultiFileInput & { named: boolean } = { sets, named: true };
    if (isObj(meta)) out.metadata = meta as MultiFileInput['metadata'] & object;
    if (Array.isArray(themes)) out.themes = themes as ThemeEntry[];
    const vk = input['tokenVersionKey'];
    if (vk === 'V3' || vk === 'V3.5') out.tokenVersionKey = vk;
    return out;
  }
  const vk = input['tokenVersionKey'];
  const tree: TokenTree = {};
  for (const key of Object.keys(input)) if (key !== 'tokenVersionKey') tree[key] = input[key];
  const out: MultiFileInput & { named: boolean } = { sets: { tokens: tree }, named: false };
  if (vk === 'V3' || vk === 'V3.5') out.tokenVersionKey = vk;
  return out;
}

function themeMatches(theme: ThemeEntry, wanted: string): boolean {
  const w = wanted.trim();
  if (theme.id !== undefined && theme.id === w) return true;
  if (theme.name === w) return true;
  if (theme.group === undefined) return false;
  return `${theme.group} ${theme.name}` === w || `${theme.group}/${theme.name}` === w;
}

/** Picks and orders the sets to build; never throws. */
export function selectSets(
  input: TokenInput,
  options: CompileOptions,
  diagnostics: Diagnostic[],
): NormalizedInput {
  const mf = toMultiFile(input);
  const allNames = Object.keys(mf.sets);
  const order = (mf.metadata?.tokenSetOrder ?? []).filter((n) => n in mf.sets);
  for (const n of allNames) if (!order.includes(n)) order.push(n);

  const status = new Map<string, 'enabled' | 'source'>();
  let themeLabel = '';
  if (options.sets && options.sets.length > 0) {
    for (const s of options.sets) {
      if (s in mf.sets) status.set(s, 'enabled');
      else
        diagnostics.push({
          code: 'input/unknown-set',
          path: '',
          severity: 'error',
          message: `Token set '${s}' is not in the input (sets: ${allNames.join(', ')})`,
        });
    }
    themeLabel = options.sets.join(' + ');
  } else if (options.theme !== undefined) {
    const wanted = Array.isArray(options.theme) ? options.theme : [options.theme];
    const themes = Array.isArray(mf.themes) ? mf.themes : [];
    for (const w of wanted) {
      const hits = themes.filter((t) => isObj(t) && themeMatches(t, w));
      if (hits.length === 0) {
        const known = themes.map((t) => (t.group ? `${t.group} ${t.name}` : t.name));
        diagnostics.push({
          code: 'input/unknown-theme',
          path: '',
          severity: 'error',
          message: `Theme '${w}' is not defined (themes: ${[...new Set(known)].join(', ') || 'none'})`,
        });
        continue;
      }
      for (const t of hits) {
        for (const [set, st] of Object.entries(t.selectedTokenSets ?? {})) {
          if (st !== 'enabled' && st !== 'source') continue;
          if (!(set in mf.sets)) {
            diagnostics.push({
              code: 'input/unknown-set',
              path: '',
              severity: 'warning',
              message: `Theme '${w}' selects set '${set}', which is not in the input`,
            });
            continue;
          }
          if (status.get(set) !== 'enabled') status.set(set, st);
        }
      }
    }
    themeLabel = wanted.join(' + ');
  }
  if (status.size === 0) for (const n of order) status.set(n, 'enabled');

  const sets: SelectedSet[] = [];
  for (const name of order) {
    const st = status.get(name);
    const tree = mf.sets[name];
    if (st === undefined || tree === undefined) continue;
    if (!isObj(tree)) {
      diagnostics.push({
        code: 'input/invalid',
        path: '',
        severity: 'error',
        message: `Token set '${name}' is not an object`,
        file: name,
      });
      continue;
    }
    sets.push({ name, tree, status: st });
  }
  return {
    sets,
    versionKey: options.versionKey ?? mf.tokenVersionKey ?? 'V3.5',
    named: mf.named,
    themeLabel: themeLabel || sets.map((s) => s.name).join(' + '),
  };
}
