/** The CLI: vitrina-tokens build … (exit codes 0, 1 with --strict, 2 on unreadable input). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '#tokens/node/cli.ts';
import { CORPUS_DIR } from '../../bench/tokens-corpus.ts';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('vitrina-tokens CLI', () => {
  it('builds a folder with two themes to SCSS and CSS files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-'));
    const r = await run([
      'build',
      join(CORPUS_DIR, 'workday-canvas'),
      '--theme',
      'System Branded',
      '--theme',
      'Brand Island',
      '--scss',
      join(dir, 'out.scss'),
      '--css',
      join(dir, 'out.css'),
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /514 tokens from 9 sets in [\d.]+ ms \(\+ sass [\d.]+ ms\); 0 errors, 0 warnings/,
    );
    expect(readFileSync(join(dir, 'out.scss'), 'utf8')).toContain('$font-size-1050: 6.5rem;');
    expect(readFileSync(join(dir, 'out.css'), 'utf8')).toContain('--font-size-1050: 6.5rem;');
  });

  it('prints diagnostics with file and path; errors fail only with --strict', async () => {
    const adobe = join(CORPUS_DIR, 'adobe-spectrum');
    const args = ['build', adobe, '--theme', 'S.Color-theme light', '--theme', 'S.Scale desktop'];
    const lax = await run(args);
    expect(lax.code).toBe(0);
    expect(lax.out).toContain('#digi-shield {');
    expect(lax.err).toContain(
      'error ref/missing spectrum/layout.component/desktop: color-area-border-rounding:',
    );
    expect((await run([...args, '--strict'])).code).toBe(1);
  });

  it('single-file export with --set and --version', async () => {
    const r = await run([
      'build',
      join(CORPUS_DIR, 'crowdstrike-falcon/tokens.json'),
      '--set',
      'reference',
      '--set',
      'system',
      '--version',
      'V3',
      '--strict',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('version V3,');
  });

  it('exit 2 on unreadable input, 1 on bad arguments', async () => {
    expect((await run(['build', '/no/such/place'])).code).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'vt-'));
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    const bad = await run(['build', join(dir, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('invalid JSON');
    expect((await run(['build'])).code).toBe(1);
    expect((await run(['build', 'x', '--version', 'V4'])).code).toBe(1);
    expect((await run(['frobnicate'])).code).toBe(1);
  });
});
