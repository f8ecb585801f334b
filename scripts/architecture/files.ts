/**
 * The files scripts/lint-architecture.ts reads and the imports between them. Plain text and
 * regular expressions, no TypeScript program: the whole tree is read in about a second.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/** Code, style sheets, SQL migrations and Handlebars templates. */
const READ = /\.(ts|tsx|mjs|css|scss|sql|hbs)$/;

function walk(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...walk(path));
    else if (READ.test(name)) out.push(path);
  }
  return out;
}

const texts = new Map<string, string>();
export function read(path: string): string {
  let text = texts.get(path);
  if (text === undefined) texts.set(path, (text = readFileSync(join(root, path), 'utf8')));
  return text;
}

export const isCode = (path: string) => /\.(ts|tsx|mjs)$/.test(path);
export const isStyle = (path: string) => /\.s?css$/.test(path);
export const isTest = (path: string) =>
  path.startsWith('tests/') || path.startsWith('e2e/') || /\.(test|spec|stories)\.tsx?$/.test(path);

/** Generated code and data tables, exempt from the length rule. */
const GENERATED = [
  /\.generated\.tsx?$/,
  // The widgets' precompiled Handlebars (npm run templates; not in git).
  /^storefront\/.*\.templates\.ts$/,
  /^storefront\/templates\/compiled\//,
  /\/data\//,
  // The token compiler's corpus: upstream token files and the style sheets they compile to.
  /^tests\/tokens\/corpus\//,
];
export const isGenerated = (path: string) => GENERATED.some((pattern) => pattern.test(path));

const productRooms = ['server', 'src', 'contract', 'storefront', 'studio', 'tokens', 'scripts'];
/** Every file read, product rooms first. */
export const everyFile = [...productRooms, 'tests', 'e2e', 'bench'].flatMap(walk);
/** The product's own files of any kind read (tests, stories and specs excluded). */
export const productFiles = everyFile.filter(
  (p) => productRooms.includes(p.split('/')[0]!) && !isTest(p),
);
/** Product code, tests included (the rules about rooms and features read these). */
export const productCode = everyFile.filter(
  (p) => productRooms.includes(p.split('/')[0]!) && isCode(p),
);

/** A server file's room: its first folder under server/ (platform/x counts as one room each). */
export function serverRoom(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'server' || parts.length < 3) return null;
  return parts[1] === 'platform' && parts.length > 3 ? `platform/${parts[2]}` : parts[1]!;
}

/** Every import specifier: static, type-only and dynamic alike. */
export const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** Where a server file's imports point (`#server/…` and relative ones), any kind of import. */
export function serverImportsOf(path: string): string[] {
  const targets: string[] = [];
  for (const match of read(path).matchAll(IMPORT)) {
    const spec = match[1]!;
    if (spec.startsWith('#server/')) targets.push(`server/${spec.slice('#server/'.length)}`);
    else if (spec.startsWith('.')) targets.push(join(dirname(path), spec));
  }
  return targets;
}

/**
 * A statement that loads a module when its file runs: `import … from`, `import '…'`,
 * `export … from`. Its clause holds only names, braces, commas, `*` and `as`, so the pattern
 * cannot run on into code.
 */
const STATIC_IMPORT =
  /(?:^|\n)[ \t]*(?:import|export)\s+(type\s+)?(?:([\w\s{},*$]*?)\s*from\s*)?['"]([^'"]+)['"]/g;

/** `{ type A, type B }`: every name a type, nothing loaded at run time. */
const allTypes = (clause: string) => {
  const names = /^\{([^}]*)\}$/
    .exec(clause.trim())?.[1]
    ?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return !!names?.length && names.every((name) => name.startsWith('type '));
};

const codeFiles = new Set(productCode);

/** The product code file a specifier names, if it is one. */
function resolveSpecifier(from: string, spec: string): string | null {
  let path: string;
  if (spec.startsWith('.')) path = join(dirname(from), spec);
  else if (/^#[a-z]+\//.test(spec)) path = spec.slice(1);
  else return null;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`])
    if (codeFiles.has(candidate)) return candidate;
  return null;
}

/** The product files a file loads when it runs: static imports and re-exports, types left out. */
export function runtimeImportsOf(path: string): string[] {
  const targets = new Set<string>();
  for (const match of read(path).matchAll(STATIC_IMPORT)) {
    if (match[1] || allTypes(match[2] ?? '')) continue;
    const target = resolveSpecifier(path, match[3]!);
    if (target) targets.add(target);
  }
  return [...targets];
}
