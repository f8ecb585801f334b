import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const ALIASES: Record<string, string> = {
  '#src/': 'src/',
  '#studio/': 'studio/',
  '#contract/': 'contract/',
  '#storefront/': 'storefront/',
  '#tokens/': 'tokens/',
};

function resolveImport(from: string, spec: string): string | undefined {
  let base: string | undefined;
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) base = join(ROOT, dir, spec.slice(alias.length));
  if (!base && spec.startsWith('.')) base = resolve(dirname(from), spec);
  if (!base) return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * The repository's source files a module reaches through static and dynamic imports. The route
 * table's and the router's dynamic imports (src/app/) are route boundaries, not followed: each
 * route is loaded, and checked, on its own. `staticOnly`: what loads with the module itself (no
 * dynamic import followed anywhere).
 */
export function sourceClosure(entry: string, { staticOnly = false } = {}): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Type-only imports put nothing in a chunk.
    const text = readFileSync(file, 'utf8').replace(/^\s*(import|export) type [^;]*;/gm, '');
    const boundary = /[\\/]src[\\/]app[\\/]/.test(file);
    for (const match of text.matchAll(
      /(?:\b(from)\s*|\b(import)\s*\(\s*|^\s*(import)\s+)['"]([^'"]+)['"]/gm,
    )) {
      if ((boundary || staticOnly) && match[2]) continue;
      const target = resolveImport(file, match[4]!);
      if (target) walk(target);
    }
  };
  walk(resolve(ROOT, entry));
  return seen;
}

/** The packages the files import statically (type-only imports put nothing in a chunk). */
export function packagesImported(files: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/^\s*(import|export) type [^;]*;/gm, '');
    for (const match of text.matchAll(/(?:\bfrom\s*|^\s*import\s+)['"]([^'"]+)['"]/gm))
      if (!resolveImport(file, match[1]!) && !match[1]!.startsWith('#')) found.add(match[1]!);
  }
  return found;
}

/** Translation key domains named in the files' string literals ('ui.toast…', `recsUx.${…}`). */
export function domainsNamed(files: Iterable<string>, domains: readonly string[]): Set<string> {
  const pattern = new RegExp(`['"\`](${domains.join('|')})\\.[A-Za-z$]`, 'g');
  const found = new Set<string>();
  for (const file of files) {
    // Locale and type-only index files list domains, they use no key.
    if (/[\\/]locales[\\/]/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern))
      // A refinement's `i18nKey` is worded through the zod error map, which says the plain
      // refusal where its screen's domain is not loaded (never the raw key); the screens that
      // validate with it load their domain for their own keys.
      if (!/i18nKey:\s*$/.test(text.slice(Math.max(0, match.index - 20), match.index)))
        found.add(match[1]!);
  }
  return found;
}

export function relativeToRoot(file: string): string {
  return file.slice(ROOT.length + 1);
}
