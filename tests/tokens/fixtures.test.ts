/**
 * One fixture folder per rule: input.json (+ options.json) → want.scss and
 * want.diagnostics.txt file snapshots; the SCSS must compile with sass.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTokens } from '#tokens/index.ts';
import type { CompileTokensOptions, Diagnostic } from '#tokens/index.ts';

const DIR = join(import.meta.dirname, 'fixtures');

export function formatDiagnostics(ds: Diagnostic[]): string {
  return (
    ds.map((d) => `${d.severity} ${d.code} [${d.file ?? ''}] ${d.path}: ${d.message}`).join('\n') +
    '\n'
  );
}

describe('fixtures', () => {
  const names = readdirSync(DIR).filter((n) => statSync(join(DIR, n)).isDirectory());
  for (const name of names.sort()) {
    it(name, async () => {
      const input = JSON.parse(readFileSync(join(DIR, name, 'input.json'), 'utf8'));
      const optFile = join(DIR, name, 'options.json');
      const options: CompileTokensOptions = existsSync(optFile)
        ? JSON.parse(readFileSync(optFile, 'utf8'))
        : {};
      const r = compileTokens(input, options);
      await expect(r.scss).toMatchFileSnapshot(join(DIR, name, 'want.scss'));
      await expect(formatDiagnostics(r.diagnostics)).toMatchFileSnapshot(
        join(DIR, name, 'want.diagnostics.txt'),
      );
      expect(r.diagnostics.filter((d) => d.code === 'sass/error')).toEqual([]);
      expect(r.css).toContain('#digi-shield');
    });
  }
});
