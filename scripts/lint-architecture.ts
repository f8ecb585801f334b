/**
 * The mechanical rules of docs/architecture.md that ESLint cannot see file by file: import cycles
 * between server rooms and between product files, SQL in route files, hand-written tables and tab
 * lists in features, features importing each other, inline query keys, server calls written
 * outside a feature's api/ folder, hand-registered /public routes, long files, comments that cite
 * a tracker's issue numbers.
 *
 * Each rule counts its offences. A rule not yet met everywhere has a ceiling in
 * scripts/architecture-baseline.json: over it fails (the debt may only shrink); under it prints
 * the new figure to write down. `--list` prints every offence.
 */
import { dirname, join, relative } from 'node:path';
import { addEdge, cycles } from './architecture/cycles.ts';
import {
  IMPORT,
  everyFile,
  isCode,
  isGenerated,
  isStyle,
  isTest,
  productCode,
  read,
  root,
  runtimeImportsOf,
  serverImportsOf,
  serverRoom,
} from './architecture/files.ts';

const baselinePath = join(root, 'scripts/architecture-baseline.json');
const listAll = process.argv.includes('--list');
// Piped into `head`: a closed pipe ends the listing, not in a stack trace.
process.stdout.on('error', () => process.exit(0));

interface Rule {
  name: string;
  offences: string[];
}

/**
 * Server rooms whose imports (of any kind: type-only and dynamic ones too) come back to them,
 * directly or through other rooms: each strongly connected group of rooms is one offence.
 */
function roomCycles(): Rule {
  const arrows = new Map<string, Set<string>>();
  for (const path of productCode.filter((p) => p.startsWith('server/'))) {
    const from = serverRoom(path);
    if (!from) continue;
    for (const target of serverImportsOf(path)) {
      const to = serverRoom(target);
      if (to && to !== from) addEdge(arrows, from, to);
    }
  }
  return {
    name: 'server room import cycles (rooms reaching each other, any import)',
    offences: cycles(arrows).map((group) => group.join(' ⇄ ')),
  };
}

/**
 * Product files (tests, stories and specs left out) that load each other when they run: static
 * imports and re-exports only; `import type` / `export type` (erased) and dynamic `import()`
 * (loaded later, on demand) do not close a cycle. Each strongly connected group is one offence.
 */
function fileCycles(): Rule {
  const arrows = new Map<string, Set<string>>();
  for (const path of productCode.filter((p) => !isTest(p)))
    for (const target of runtimeImportsOf(path)) addEdge(arrows, path, target);
  return {
    name: 'import cycles between product files (static imports; import type and import() excluded)',
    offences: cycles(arrows).map((group) => `${group.length} files: ${group.join(', ')}`),
  };
}

/** The floor (server/platform) imports no room above it. */
function floorImportsRooms(): Rule {
  const offences: string[] = [];
  for (const path of productCode.filter((p) => p.startsWith('server/platform/'))) {
    for (const target of serverImportsOf(path)) {
      const room = serverRoom(target);
      if (room && room !== 'platform' && !room.startsWith('platform/'))
        offences.push(`${path} → ${target}`);
    }
  }
  return { name: 'server/platform files importing a room', offences };
}

function sqlInRoutes(): Rule {
  const offences = productCode
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

const features = productCode.filter((p) => p.startsWith('src/features/') && !isTest(p));

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

/**
 * Storefront routes registered by hand in server/routes/ instead of from their contract entry:
 * `<app>.route(` calls, `<app>.get('/public…` and its sibling methods, and a `url: '/public…'`
 * that no `.route(` call in the five lines above it owns (that one is counted already).
 */
function handRegisteredPublicRoutes(): Rule {
  const offences: string[] = [];
  for (const path of productCode.filter((p) => p.startsWith('server/routes/') && !isTest(p))) {
    const lines = read(path).split('\n');
    lines.forEach((line, index) => {
      const registers =
        /\b\w+\.route\(/.test(line) ||
        /\b\w+\.(?:get|post|put|patch|delete|head|options|all)\(\s*['"`]\/public/.test(line) ||
        (/\burl:\s*['"`]\/public/.test(line) &&
          !lines.slice(Math.max(0, index - 5), index).some((above) => /\.route\(/.test(above)));
      if (registers) offences.push(`${path}:${index + 1}`);
    });
  }
  return { name: 'hand-registered /public routes', offences };
}

/**
 * Code and style sheets (.css, .scss) over 400 lines, tests, e2e specs and benchmarks included
 * (they are source files too); generated code and data exempt.
 */
function longFiles(): Rule {
  const offences = everyFile
    .filter((p) => (isCode(p) || isStyle(p)) && !isGenerated(p))
    .map((p) => [p, read(p).split('\n').length] as const)
    .filter(([, lines]) => lines > 400)
    .map(([p, lines]) => `${p} (${lines})`);
  return { name: 'source files over 400 lines', offences };
}

const rules: Rule[] = [
  roomCycles(),
  floorImportsRooms(),
  sqlInRoutes(),
  matches('hand-written <table> in src/features', features, /<table[\s>]/),
  matches(
    'hand-written tab lists',
    [...features, ...productCode.filter((p) => p.startsWith('studio/') && !isTest(p))],
    /role=["']tablist["']/,
  ),
  matches(
    'inline queryKey arrays',
    productCode.filter((p) => (p.startsWith('src/') || p.startsWith('studio/')) && !isTest(p)),
    /queryKey:\s*\[/,
  ),
  featuresImportingFeatures(),
  // A feature's reads and writes are queryOptions and mutation hooks in its api/ folder (or a
  // sub-area's, such as reports/custom/api/), beside their keys.
  matches(
    "queryFn/mutationFn outside a feature's api/ folder",
    features.filter((p) => !/^src\/features\/(?:[^/]+\/)+api\//.test(p)),
    /\b(?:queryFn|mutationFn)\s*[:,}(]/,
  ),
  handRegisteredPublicRoutes(),
  fileCycles(),
  longFiles(),
  // Code, style sheets, SQL (migrations included: drizzle's migrator compares only a migration's
  // journal timestamp with the last one applied, never its text) and Handlebars templates.
  matches(
    'comments citing issue numbers',
    everyFile,
    /(?:\/\/|\/\*|^\s*\*|--|\{\{!|<!--).*(?:\b[Ii]ssues?\s+#?\d+|\(#\d+\))/,
  ),
];

const baseline = JSON.parse(read('scripts/architecture-baseline.json')) as Record<string, number>;
let failed = false;
// A ceiling no rule reads (a rule renamed or removed) would silently stop guarding anything.
for (const name of Object.keys(baseline).filter((n) => !rules.some((r) => r.name === n))) {
  console.log(`OVER ceiling for an unknown rule: "${name}"`);
  failed = true;
}
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
