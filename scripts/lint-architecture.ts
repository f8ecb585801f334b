/**
 * The mechanical rules of docs/architecture.md that ESLint cannot see file by file: server rooms
 * that import each other, SQL in route files, hand-written tables and tab lists in features,
 * features importing each other, inline query keys, long files, comments that cite a tracker's issue numbers.
 *
 * Each rule counts its offences. A rule not yet met everywhere has a ceiling in
 * scripts/architecture-baseline.json: over it fails (the debt may only shrink); under it prints
 * the new figure to write down. `--list` prints every offence.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baselinePath = join(root, 'scripts/architecture-baseline.json');
const listAll = process.argv.includes('--list');
// Piped into `head`: a closed pipe ends the listing, not in a stack trace.
process.stdout.on('error', () => process.exit(0));

const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'migrations',
  'test-results',
  'playwright-report',
]);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...walk(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Generated code and data tables, exempt from the length rule. */
const GENERATED = [
  /\.generated\.tsx?$/,
  // The widgets' precompiled Handlebars (npm run templates; not in git).
  /^storefront\/.*\.templates\.ts$/,
  /^storefront\/templates\/compiled\//,
  /\/data\//,
];
const isTest = (path: string) =>
  path.startsWith('tests/') || path.startsWith('e2e/') || /\.(test|spec|stories)\.tsx?$/.test(path);

interface Rule {
  name: string;
  offences: string[];
}

const productRooms = ['server', 'src', 'contract', 'storefront', 'studio', 'tokens', 'scripts'];
const product = productRooms.flatMap(walk);
const everything = [...product, ...['tests', 'e2e', 'bench'].flatMap(walk)];

/** A server file's room: its first folder under server/ (platform/x counts as one room each). */
function serverRoom(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'server' || parts.length < 3) return null;
  return parts[1] === 'platform' && parts.length > 3 ? `platform/${parts[2]}` : parts[1]!;
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

function importsOf(path: string): string[] {
  const text = read(path);
  const targets: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1]!;
    if (spec.startsWith('#server/')) targets.push(`server/${spec.slice('#server/'.length)}`);
    else if (spec.startsWith('.')) targets.push(join(dirname(path), spec));
  }
  return targets;
}

function roomsImportingEachOther(): Rule {
  const arrows = new Map<string, Set<string>>();
  for (const path of product.filter((p) => p.startsWith('server/'))) {
    const from = serverRoom(path);
    if (!from) continue;
    for (const target of importsOf(path)) {
      const to = serverRoom(target);
      if (!to || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)!.add(to);
    }
  }
  const offences: string[] = [];
  for (const [from, tos] of arrows)
    for (const to of tos)
      if (from < to && arrows.get(to)?.has(from)) offences.push(`${from} ⇄ ${to}`);
  return { name: 'server rooms that import each other', offences: offences.sort() };
}

/** The floor (server/platform) imports no room above it. */
function floorImportsRooms(): Rule {
  const offences: string[] = [];
  for (const path of product.filter((p) => p.startsWith('server/platform/'))) {
    for (const target of importsOf(path)) {
      const room = serverRoom(target);
      if (room && room !== 'platform' && !room.startsWith('platform/'))
        offences.push(`${path} → ${target}`);
    }
  }
  return { name: 'server/platform files importing a room', offences };
}

function sqlInRoutes(): Rule {
  const offences = product
    .filter((p) => p.startsWith('server/routes/'))
    .filter((p) => {
      const text = read(p);
      return (
        /from ['"]drizzle-orm/.test(text) ||
        /\bsql`|executeSql\(|\.select\(\)\s*\.from\(/.test(text)
      );
    });
  return { name: 'route files with SQL or Drizzle', offences };
}

function matches(name: string, files: string[], pattern: RegExp): Rule {
  const offences: string[] = [];
  for (const path of files) {
    read(path)
      .split('\n')
      .forEach((line, index) => {
        if (pattern.test(line)) offences.push(`${path}:${index + 1}`);
      });
  }
  return { name, offences };
}

const features = product.filter((p) => p.startsWith('src/features/') && !isTest(p));

/** A feature's folder under src/features/, from a path or an import specifier. */
const featureOf = (path: string) => /^(?:#src|src)\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** Features import the shared layers (src/ui, src/lib, src/config-studio), never each other. */
function featuresImportingFeatures(): Rule {
  const offences: string[] = [];
  for (const path of features) {
    const own = featureOf(path);
    for (const match of read(path).matchAll(IMPORT)) {
      const spec = match[1]!;
      const target = spec.startsWith('.') ? join(dirname(path), spec) : spec;
      const other = featureOf(target);
      if (other && other !== own) offences.push(`${path} → ${spec}`);
    }
  }
  return { name: 'features importing another feature', offences };
}

function longFiles(): Rule {
  const offences = product
    .filter((p) => !isTest(p) && !GENERATED.some((pattern) => pattern.test(p)))
    .map((p) => [p, read(p).split('\n').length] as const)
    .filter(([, lines]) => lines > 400)
    .map(([p, lines]) => `${p} (${lines})`);
  return { name: 'source files over 400 lines', offences };
}

const rules: Rule[] = [
  roomsImportingEachOther(),
  floorImportsRooms(),
  sqlInRoutes(),
  matches('hand-written <table> in src/features', features, /<table[\s>]/),
  matches(
    'hand-written tab lists',
    [...features, ...product.filter((p) => p.startsWith('studio/') && !isTest(p))],
    /role=["']tablist["']/,
  ),
  matches(
    'inline queryKey arrays',
    product.filter((p) => (p.startsWith('src/') || p.startsWith('studio/')) && !isTest(p)),
    /queryKey:\s*\[/,
  ),
  featuresImportingFeatures(),
  longFiles(),
  matches(
    'comments citing issue numbers',
    everything,
    /(?:\/\/|\/\*|^\s*\*).*(?:\b[Ii]ssues?\s+#?\d+|\(#\d+\))/,
  ),
];

const baseline = JSON.parse(read('scripts/architecture-baseline.json')) as Record<string, number>;
let failed = false;
for (const rule of rules) {
  const ceiling = baseline[rule.name] ?? 0;
  const count = rule.offences.length;
  const verdict = count > ceiling ? 'OVER' : count < ceiling ? 'down' : 'ok';
  if (count > ceiling) failed = true;
  console.log(`${verdict.padEnd(4)} ${String(count).padStart(4)} / ${ceiling}  ${rule.name}`);
  if (listAll || count > ceiling)
    for (const offence of rule.offences) console.log(`        ${offence}`);
}
const lower = rules.filter((r) => r.offences.length < (baseline[r.name] ?? 0));
if (lower.length)
  console.log(
    `\nDebt shrank: lower ${relative(root, baselinePath)} to ${lower
      .map((r) => `"${r.name}": ${r.offences.length}`)
      .join(', ')}`,
  );
if (failed) {
  console.log('\nA rule went over its ceiling (offences listed above); see docs/architecture.md.');
  process.exit(1);
}
