/**
 * Precompiles the storefront's Handlebars templates at build time, so the shipped runtime carries
 * `handlebars/runtime` only (DESIGN.md budgets). For every folder of `.hbs` files it writes a
 * `*.templates.ts` module exporting the precompiled specs keyed by part name (file name in
 * camelCase). The output is generated, not committed (.gitignore): `npm run templates` writes
 * it, run by `prepare` (npm install / npm ci), before typecheck, tests, dev and size, and by the
 * vite plugin in vite.config.ts (vite build, the dev server and vitest, which also regenerates a
 * module when one of its `.hbs` files changes). A test fails when a module is stale.
 *
 *   npm run templates
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { compileTemplate } from './compile-template.ts';

const storefront = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface TemplateModule {
  /** Folder holding the `.hbs` files. */
  from: string;
  /** The generated module. */
  to: string;
  /** The exported constant's name. */
  exportName: string;
}

const camel = (name: string): string =>
  name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every template folder of the storefront and the module generated from it. */
export function templateModules(root = storefront): TemplateModule[] {
  const modules: TemplateModule[] = [
    {
      from: join(root, 'runtime/templates'),
      to: join(root, 'runtime/partials.templates.ts'),
      exportName: 'partialSpecs',
    },
  ];
  for (const widget of readdirSync(join(root, 'widgets'))) {
    modules.push({
      from: join(root, 'widgets', widget, 'templates'),
      to: join(root, 'widgets', widget, `${widget}.templates.ts`),
      exportName: `${camel(widget)}Templates`,
    });
  }
  return modules;
}

/**
 * Precompiles one template source into the JavaScript text of its spec, with the one compiler
 * (compile-template.ts; source positions dropped); a template that does not compile stops the
 * build with its line.
 */
export function precompile(source: string): string {
  const result = compileTemplate(source);
  if (!result.ok) throw new Error(`${result.detail}`);
  return result.code;
}

export async function generateModule(module: TemplateModule): Promise<string> {
  const files = readdirSync(module.from)
    .filter((f) => f.endsWith('.hbs'))
    .sort();
  const entries = files.map((file) => {
    const part = camel(basename(file, '.hbs'));
    const source = readFileSync(join(module.from, file), 'utf8');
    return `  ${JSON.stringify(part)}: ${precompile(source)},`;
  });
  const text = [
    `// Generated from ${relative(storefront, module.from)}/*.hbs by storefront/build/precompile-templates.ts. Do not edit.`,
    '/* eslint-disable */',
    '// @ts-nocheck',
    `import type { TemplateSpec } from '${relative(dirname(module.to), join(storefront, 'runtime/templates.ts')).replace(/^(?!\.)/, './')}';`,
    '',
    `export const ${module.exportName}: Readonly<Record<string, TemplateSpec>> = {`,
    ...entries,
    '};',
    '',
  ].join('\n');
  const config = await prettier.resolveConfig(module.to);
  return prettier.format(text, { ...config, filepath: module.to });
}

/** Whether a module is newer than its `.hbs` files and this generator (no need to regenerate). */
function fresh(module: TemplateModule): boolean {
  if (!existsSync(module.to)) return false;
  const built = statSync(module.to).mtimeMs;
  const sources = [
    fileURLToPath(import.meta.url),
    ...readdirSync(module.from)
      .filter((f) => f.endsWith('.hbs'))
      .map((f) => join(module.from, f)),
  ];
  return sources.every((file) => statSync(file).mtimeMs <= built);
}

/**
 * Writes the modules whose text changed (or is missing); returns the files written. `force`:
 * regenerate even modules newer than their sources (`npm run templates -- --force`); otherwise
 * they are skipped (prettier is slow).
 */
export async function writeTemplateModules(
  modules: TemplateModule[] = templateModules(),
  force = false,
): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    modules.map(async (module) => {
      if (!force && fresh(module)) return;
      const text = await generateModule(module);
      if (existsSync(module.to) && readFileSync(module.to, 'utf8') === text) return;
      writeFileSync(module.to, text);
      written.push(module.to);
    }),
  );
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await writeTemplateModules(templateModules(), process.argv.includes('--force'));
  for (const file of written) process.stdout.write(`wrote ${relative(process.cwd(), file)}\n`);
  if (written.length === 0) process.stdout.write('storefront templates up to date\n');
}
