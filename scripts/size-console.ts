/**
 * `npm run size` (console part): builds the console with a manifest and prints, min+gzip, the JS
 * the sign-in route loads (entry + its static imports + the sign-in page + the Russian strings
 * of CORE_LOCALES), what the signed-in frame adds (the layout and its strings), and for every
 * screen what it adds on top of both (its chunks and its route's key domains, in Russian).
 * Budgets (DESIGN.md): sign-in ≤ 150 KB, the frame and each screen ≤ 100 KB more; translations
 * load per language and per route. Exit 1 over budget. `--detail` lists the sign-in chunks,
 * `--detail=recs-ux` a route's own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { APP_ROUTES, LAYOUT_LOCALES } from '../src/app/routes.ts';
import { CORE_LOCALES, type LocaleDomain } from '../src/lib/i18n-domains.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');
const SIGN_IN_BUDGET = 150 * 1024;
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

  /** The chunks of key domains in one language (studio: every studio/locales file). */
  const strings = (domains: readonly LocaleDomain[], lang = 'ru') =>
    Object.keys(manifest).filter((key) => {
      const match = /(src|studio)\/locales\/(\w+)\/([\w-]+)\.json$/.exec(key);
      if (!match || match[2] !== lang) return false;
      const domain = match[1] === 'studio' ? 'studio' : camel(match[3]!);
      return (domains as readonly string[]).includes(domain);
    });
  const camel = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const closureOf = (keys: Iterable<string>, into = new Set<string>()) => {
    for (const key of keys) closure(key, into);
    return into;
  };

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const signIn = closure(entry);
  closureOf([bySource('src/features/auth/login-page.tsx')!, ...strings(CORE_LOCALES)], signIn);
  const signInBytes = total(signIn);
  const frame = closureOf([
    bySource('src/layout/dashboard-layout.tsx')!,
    ...strings(LAYOUT_LOCALES),
  ]);
  const frameBytes = total([...frame].filter((key) => !signIn.has(key)));
  if (process.argv.includes('--detail')) {
    for (const key of [...signIn].sort((a, b) => size(b) - size(a)))
      console.log(`  ${kb(size(key)).padStart(9)}  ${key}`);
  }

  const routeDetail = process.argv.find((arg) => arg.startsWith('--detail='))?.slice(9);
  const rows: [string, number][] = [];
  // Every module a route loads, read from the route table (a module may hold several routes'
  // pages, as reviews/pages.tsx does), so no route goes unbudgeted.
  const routeModules = new Set(
    APP_ROUTES.map((route) => {
      const module = /features\/[^'"]+?\.tsx/.exec(route.page.toString());
      return module ? `src/${module[0]}` : null;
    }),
  );
  const pages = Object.keys(manifest).filter(
    (key) => routeModules.has(key) && !key.includes('login-page'),
  );
  for (const page of pages) {
    // The key domains of the routes showing this page (read from the route table's import).
    const domains = APP_ROUTES.filter((route) =>
      route.page.toString().includes(page.replace(/^src\//, '')),
    ).flatMap((route) => route.locales);
    const added = [...closureOf([page, ...strings(domains)])].filter(
      (key) => !signIn.has(key) && !frame.has(key),
    );
    rows.push([page.replace(/^.*features\//, ''), total(added)]);
    if (routeDetail && page.includes(routeDetail))
      for (const key of added.sort((a, b) => size(b) - size(a)))
        console.log(`  ${kb(size(key)).padStart(9)}  ${key}`);
  }
  const allDomains = [
    ...new Set([...CORE_LOCALES, ...LAYOUT_LOCALES, ...APP_ROUTES.flatMap((r) => r.locales)]),
  ];
  const en = total(strings(allDomains, 'en'));
  const ruAll = total(strings(allDomains));

  console.log(`\nconsole (min+gzip)`);
  console.log(
    `${'sign-in route (entry + login page + ru core strings)'.padEnd(52)} ${kb(signInBytes).padStart(10)}  budget ${kb(SIGN_IN_BUDGET)}`,
  );
  console.log(
    `${'  + signed-in frame (layout + its ru strings)'.padEnd(52)} ${kb(frameBytes).padStart(10)}  budget ${kb(ROUTE_BUDGET)}`,
  );
  rows.push(['signed-in frame', frameBytes]);
  for (const [name, bytes] of rows.slice(0, -1).sort((a, b) => b[1] - a[1])) {
    console.log(
      `${`  + ${name}`.padEnd(52)} ${kb(bytes).padStart(10)}  budget ${kb(ROUTE_BUDGET)}`,
    );
  }
  console.log(
    `${'  all en strings (each domain only when English is chosen and a route needs it)'.padEnd(52)} ${kb(en).padStart(10)}`,
  );
  console.log(`${'  all ru strings, for comparison'.padEnd(52)} ${kb(ruAll).padStart(10)}`);
  const over = signInBytes > SIGN_IN_BUDGET || rows.some(([, bytes]) => bytes > ROUTE_BUDGET);
  if (over) {
    console.error('console is over budget');
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
