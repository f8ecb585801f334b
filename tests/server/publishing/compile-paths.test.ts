/**
 * One template compiler (storefront/build/compile-template.ts) and one config-styles compiler
 * (tokens/core/config-styles.ts): the storefront's precompile script, the server's bundle build
 * and the studio's preview frame and SCSS worker compile the same source to the same output.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileConfigCss } from '#server/publishing/bundle/styles.ts';
import { precompileTemplate } from '#server/publishing/bundle/templates.ts';
import type { BundleDiagnostic } from '#server/publishing/bundle/types.ts';
import { compileTemplate, withoutPositions } from '#storefront/build/compile-template.ts';
import { precompile, templateModules } from '#storefront/build/precompile-templates.ts';
import { bindTemplate, type TemplateSpec } from '#storefront/runtime/templates.ts';
import { compileTemplate as previewCompile } from '#studio/preview/compile-template.ts';
import { compileScss } from '#studio/workers/compile-scss.ts';

const ROOT = join(import.meta.dirname, '../../..');
const VARS = readFileSync(join(ROOT, 'storefront/styles/_vars.scss'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.templates.ts')
      ? [path]
      : [];
  });
}

/** Files of the rooms that compile templates or config styles, calling `pattern`. */
function callers(pattern: RegExp): string[] {
  return ['server', 'studio', 'storefront', 'scripts', 'tokens']
    .flatMap((room) => sourceFiles(join(ROOT, room)))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file))
    .sort();
}

const TEMPLATES = [
  ...templateModules().flatMap((module) =>
    readdirSync(module.from)
      .filter((file) => file.endsWith('.hbs'))
      .map((file) => readFileSync(join(module.from, file), 'utf8')),
  ),
  '<b>{{formatPrice price "RUB"}}</b> {{#if available}}{{name}}{{else}}—{{/if}}',
];

describe('one template compiler', () => {
  it('is the only caller of the Handlebars compiler', () => {
    expect(callers(/Handlebars\.(precompile|compile|parse)\(/)).toEqual([
      'storefront/build/compile-template.ts',
    ]);
  });

  it('gives the precompile script, the bundle build and the preview the same spec', () => {
    for (const source of TEMPLATES) {
      const diagnostics: BundleDiagnostic[] = [];
      const bundle = precompileTemplate(source, 'x', diagnostics);
      expect(diagnostics).toEqual([]);
      expect(precompile(source)).toBe(bundle);
      // The preview keeps source positions (a render error names its line); nothing else differs.
      const preview = compileTemplate(source, { positions: true });
      expect(preview.ok && withoutPositions(preview.code)).toBe(bundle);
    }
  });

  it('renders the same HTML from the preview frame’s spec and the bundle’s', () => {
    const source = TEMPLATES.at(-1)!;
    const bundle = bindTemplate(
      new Function(`return ${precompileTemplate(source, 'x', [])!}`)() as TemplateSpec,
    );
    const preview = previewCompile(source);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    const product = { price: 12990, available: true, name: '<i>Куртка</i>' };
    expect(bindTemplate(preview.spec)(product)).toBe(bundle(product));
  });

  it('reports a syntax error at the same line on both sides', () => {
    const source = '<div>\n  {{#if product}}\n    <p>{{product.name}</p>\n  {{/if}}\n</div>';
    const diagnostics: BundleDiagnostic[] = [];
    expect(precompileTemplate(source, 'x', diagnostics)).toBeNull();
    expect(diagnostics[0]!.message).toMatch(/line 3/);
    expect(previewCompile(source)).toMatchObject({ ok: false, line: 3 });
    expect(() => precompile(source)).toThrow(/line 3/);
  });
});

const STYLES = [
  "@use 'vars' as *;\n.digi-card { color: token('colors-primary'); &__name { font-weight: 700; } }",
  '$c: #123456;\nbody { margin: 0 }\n.x { color: $c; animation: spin 1s; }\n@keyframes spin { to { opacity: 0 } }',
  '@media (min-width: 600px) { .y { width: 50%; } }\n.z::after { content: "→"; }',
];

describe('one config-styles compiler', () => {
  it('is the only caller of sass for config styles', () => {
    // The others compile a token set (tokens/) or the storefront's own stylesheet, not a config's.
    expect(callers(/sass\.compile(String)?\(/)).toEqual([
      'storefront/build/storefront-styles.ts',
      'tokens/core/config-styles.ts',
      'tokens/core/sass.ts',
      'tokens/node/cli.ts',
    ]);
  });

  it('compiles a config’s SCSS to the same CSS in the bundle build and the studio worker', async () => {
    for (const scss of STYLES) {
      const diagnostics: BundleDiagnostic[] = [];
      const bundle = await compileConfigCss(scss, 'x.css', diagnostics);
      expect(diagnostics).toEqual([]);
      expect(bundle).toContain('#digi-shield');
      expect(compileScss(scss, '', { vars: VARS })).toEqual({ css: bundle, diagnostics: [] });
    }
  });

  it('refuses the same things with the same words and positions', async () => {
    for (const [scss, code] of [
      ['.a { color: red; }\n.b {\n  color: $missing;\n}', 'css/scss'],
      ['@use "/etc/passwd";', 'css/scss'],
      ['@font-face { font-family: x; }', 'css/guard'],
    ] as const) {
      const diagnostics: BundleDiagnostic[] = [];
      expect(await compileConfigCss(scss, 'x.css', diagnostics)).toBe('');
      const preview = compileScss(scss, '', { vars: VARS });
      expect(preview.css).toBe('');
      const [problem] = preview.diagnostics;
      const at = code === 'css/scss' ? ` (line ${problem!.line}, column ${problem!.column})` : '';
      expect(diagnostics).toEqual([
        { code, path: 'x.css', message: `${problem!.message}${at}`, severity: 'error' },
      ]);
    }
  });
});
