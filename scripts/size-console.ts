/**
 * `npm run size` (console part): builds the console with a manifest and prints, min+gzip, the JS
 * the sign-in route loads (entry + its static imports + the sign-in page + the Russian strings)
 * and, for every lazy route, what it adds on top. Budgets (DESIGN.md): sign-in ≤ 200 KB, each
 * other route ≤ 100 KB more; translations load per language. Exit 1 over budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');
const SIGN_IN_BUDGET = 200 * 1024;
const ROUTE_BUDGET = 100 * 1024;

const outDir = mkdtempSync(join(tmpdir(), 'vitrina-size-'));
try {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const gz = new Map<string, number>();
  const size = (key: string) => {
    const file = manifest[key]!.file;
    if (!gz.has(file))
      gz.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  /** A chunk and everything it imports statically. */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, into);
    return into;
  };
  const bySource = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix));
  const total = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + size(key), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const signIn = closure(entry);
  for (const part of ['src/features/auth/login-page.tsx', 'src/locales/ru/index.ts'])
    closure(bySource(part)!, signIn);
  const signInBytes = total(signIn);
  if (process.argv.includes('--detail')) {
    for (const key of [...signIn].sort((a, b) => size(b) - size(a)))
      console.log(`  ${kb(size(key)).padStart(9)}  ${key}`);
  }

  const rows: [string, number][] = [];
  const pages = Object.keys(manifest).filter(
    (key) => /src\/features\/.+-page\.tsx$/.test(key) && !key.includes('login-page'),
  );
  for (const page of pages) {
    const added = [...closure(page)].filter((key) => !signIn.has(key));
    rows.push([page.replace(/^.*features\//, ''), total(added)]);
  }
  const en = total(
    [...closure(bySource('src/locales/en/index.ts')!)].filter((key) => !signIn.has(key)),
  );

  console.log(`\nconsole (min+gzip)`);
  console.log(
    `${'sign-in route (entry + login page + ru strings)'.padEnd(52)} ${kb(signInBytes).padStart(10)}  budget ${kb(SIGN_IN_BUDGET)}`,
  );
  for (const [name, bytes] of rows.sort((a, b) => b[1] - a[1])) {
    console.log(
      `${`  + ${name}`.padEnd(52)} ${kb(bytes).padStart(10)}  budget ${kb(ROUTE_BUDGET)}`,
    );
  }
  console.log(
    `${'  + en strings (only when English is chosen)'.padEnd(52)} ${kb(en).padStart(10)}`,
  );
  const over = signInBytes > SIGN_IN_BUDGET || rows.some(([, bytes]) => bytes > ROUTE_BUDGET);
  if (over) {
    console.error('console is over budget');
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
