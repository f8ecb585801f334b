/**
 * vitrina-tokens build <file-or-folder> [--theme NAME]... [--set NAME]...
 *   [--version V3|V3.5] [--scope main|productCard] [--scss out.scss]
 *   [--css out.css] [--strict] [--check-contrast [--styles storefront.scss]]
 *
 * --check-contrast: every text-on-background pair of the storefront styles (the widgets' SCSS,
 * compiled by sass) is checked against WCAG 2.2 with the compiled tokens; each failure is printed
 * with its ratio and the nearest passing colour, and the exit code is 3 when any fails.
 *
 * Prints diagnostics with token paths to stderr; without --scss/--css it
 * prints the SCSS to stdout. Exit codes: 0 done (errors only reported),
 * 1 errors with --strict (or bad arguments), 2 unreadable input, 3 contrast failures.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as sass from 'sass';
import { checkContrast, extractContrastPairs, resolverFromCss } from '../core/contrast.ts';
import type { ContrastFinding } from '../core/contrast.ts';
import { compileTokens } from '../index.ts';
import type { CompileTokensOptions } from '../index.ts';
import { readTokenInput, UnreadableInputError } from './read.ts';

const USAGE =
  'usage: vitrina-tokens build <file-or-folder> [--theme NAME]... [--set NAME]... [--version V3|V3.5] [--scope main|productCard] [--scss out.scss] [--css out.css] [--strict] [--quiet] [--check-contrast [--styles storefront.scss]]';

/** The storefront's stylesheet in this package (read as a file: tokens/ imports nothing of ours). */
export const STOREFRONT_STYLES = fileURLToPath(
  new URL('../../storefront/styles/storefront.scss', import.meta.url),
);

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const stdio: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

export async function main(argv: string[], io: CliIo = stdio): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd !== 'build') {
    io.err(`${USAGE}\n`);
    return cmd === '--help' || cmd === '-h' ? 0 : 1;
  }
  let input: string | undefined;
  const themes: string[] = [];
  const sets: string[] = [];
  const opts: CompileTokensOptions = {};
  let scssOut: string | undefined;
  let cssOut: string | undefined;
  let strict = false;
  let quiet = false;
  let checkContrastFlag = false;
  let styles = STOREFRONT_STYLES;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    const next = (): string | undefined => rest[++i];
    switch (a) {
      case '--theme': {
        const v = next();
        if (v === undefined) return usage(io, '--theme needs a name');
        themes.push(v);
        break;
      }
      case '--set': {
        const v = next();
        if (v === undefined) return usage(io, '--set needs a name');
        sets.push(v);
        break;
      }
      case '--version': {
        const v = next();
        if (v !== 'V3' && v !== 'V3.5') return usage(io, '--version must be V3 or V3.5');
        opts.versionKey = v;
        break;
      }
      case '--scope': {
        const v = next();
        if (v !== 'main' && v !== 'productCard')
          return usage(io, '--scope must be main or productCard');
        opts.scope = v;
        break;
      }
      case '--scss':
        scssOut = next();
        if (scssOut === undefined) return usage(io, '--scss needs a file');
        break;
      case '--css':
        cssOut = next();
        if (cssOut === undefined) return usage(io, '--css needs a file');
        break;
      case '--strict':
        strict = true;
        break;
      case '--quiet':
        quiet = true;
        break;
      case '--check-contrast':
        checkContrastFlag = true;
        break;
      case '--styles': {
        const v = next();
        if (v === undefined) return usage(io, '--styles needs a file');
        styles = v;
        break;
      }
      default:
        if (a.startsWith('--') || input !== undefined)
          return usage(io, `unexpected argument '${a}'`);
        input = a;
    }
  }
  if (input === undefined) return usage(io, 'missing <file-or-folder>');
  let tokens;
  try {
    tokens = await readTokenInput(input);
  } catch (e) {
    io.err(
      `vitrina-tokens: cannot read ${e instanceof UnreadableInputError ? e.message : String(e)}\n`,
    );
    return 2;
  }
  if (themes.length > 0) opts.theme = themes;
  if (sets.length > 0) opts.sets = sets;
  opts.css = cssOut !== undefined;
  const r = compileTokens(tokens, opts);
  let errors = 0;
  let warnings = 0;
  for (const d of r.diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    if (quiet && d.severity === 'info') continue;
    const where = [d.file, d.path].filter((x) => x).join(': ');
    io.err(`${d.severity} ${d.code}${where ? ` ${where}` : ''}: ${d.message}\n`);
  }
  if (scssOut !== undefined) await writeFile(scssOut, r.scss);
  if (cssOut !== undefined) await writeFile(cssOut, r.css);
  if (scssOut === undefined && cssOut === undefined) io.out(r.scss);
  const s = r.stats;
  io.err(
    `vitrina-tokens: ${s.tokens} tokens from ${s.sets.length} sets in ${s.totalMs.toFixed(1)} ms` +
      (s.sassMs !== undefined ? ` (+ sass ${s.sassMs.toFixed(1)} ms)` : '') +
      `; ${errors} errors, ${warnings} warnings\n`,
  );
  if (strict && errors > 0) return 1;
  if (checkContrastFlag) {
    let css: string;
    try {
      css = /\.css$/i.test(styles)
        ? await readFile(styles, 'utf8')
        : sass.compile(styles, { style: 'expanded', logger: sass.Logger.silent }).css;
    } catch (e) {
      io.err(
        `vitrina-tokens: cannot read the styles ${styles}: ${e instanceof Error ? e.message : String(e)}\n`,
      );
      return 2;
    }
    const findings = checkContrast(extractContrastPairs(css), resolverFromCss(r.scss));
    const failures = findings.filter((f) => !f.pass);
    for (const f of failures) io.err(`${contrastLine(f)}\n`);
    io.err(
      `vitrina-tokens: contrast: ${findings.length} pairs checked, ${failures.length} below WCAG 2.2\n`,
    );
    if (failures.length > 0) return 3;
  }
  return 0;
}

/** `contrast text colors-text-muted on colors-surface: 3.1:1 < 4.5:1 (…) → #5a6070 | …` */
export function contrastLine(f: ContrastFinding): string {
  const fg = f.foregroundToken ? `--${f.foregroundToken} ${f.foreground}` : f.foreground;
  const bg = f.backgroundToken ? `--${f.backgroundToken} ${f.background}` : f.background;
  const fixes = [
    f.foregroundToken && f.suggestForeground
      ? `--${f.foregroundToken}: ${f.suggestForeground}`
      : '',
    f.backgroundToken && f.suggestBackground
      ? `--${f.backgroundToken}: ${f.suggestBackground}`
      : '',
  ].filter(Boolean);
  return (
    `contrast ${f.kind} ${f.property} ${fg} on ${bg}: ${f.ratio}:1 < ${f.required}:1` +
    ` (${f.selectors.slice(0, 3).join(', ')}${f.selectors.length > 3 ? ', …' : ''})` +
    (fixes.length ? `; nearest passing: ${fixes.join(' or ')}` : '')
  );
}

function usage(io: CliIo, msg: string): number {
  io.err(`vitrina-tokens: ${msg}\n${USAGE}\n`);
  return 1;
}
