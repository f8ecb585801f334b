/**
 * A fresh clone passes on its own: no test or bench reads `../shared`, and the
 * setup file tests/helpers/repo-guard.ts makes any read outside the repository fail.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutsideRepositoryError, REPO_ROOT } from '../helpers/repo-guard.ts';
import { CORPUS_DIR } from '../../bench/tokens-corpus.ts';

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'corpus' && e.name !== 'node_modules') sources(p, out);
    } else if (/\.(ts|tsx|js|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('tests read nothing outside the repository', () => {
  it('no test, bench or e2e source names ../shared', () => {
    // this test and the guard name the folder they refuse
    const self = resolve(import.meta.dirname, 'repo-guard.test.ts');
    const guard = resolve(REPO_ROOT, 'tests/helpers/repo-guard.ts');
    const offenders = ['tests', 'bench', 'e2e', 'scripts']
      .flatMap((d) => sources(join(REPO_ROOT, d)))
      .filter(
        (f) =>
          f !== self &&
          f !== guard &&
          /\.\.\/+shared\b|VITRINA_SHARED/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => relative(REPO_ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('the token corpus is inside the repository, with its sources and licences noted', () => {
    expect(relative(REPO_ROOT, CORPUS_DIR)).toBe('tests/tokens/corpus');
    const readme = readFileSync(join(CORPUS_DIR, 'README.md'), 'utf8');
    for (const id of ['workday-canvas', 'crowdstrike-falcon', '3jane-3ds', 'adobe-spectrum']) {
      expect(existsSync(join(CORPUS_DIR, id))).toBe(true);
      expect(readme).toContain(`\`${id}/\``);
    }
    expect(readme).toMatch(/licence/i);
  });

  it('reading a file beside the repository throws, sync and async', async () => {
    const outside = resolve(REPO_ROOT, '../shared/corpus/tokens/SOURCES.md');
    expect(() => readFileSync(outside, 'utf8')).toThrow(OutsideRepositoryError);
    expect(() => readdirSync(resolve(REPO_ROOT, '../shared/corpus'))).toThrow(
      /outside the repository/,
    );
    // a folder beside the repository (unless the repository itself sits in the temporary folder)
    if (!REPO_ROOT.startsWith(tmpdir()))
      expect(() => readdirSync(resolve(REPO_ROOT, '..'))).toThrow(OutsideRepositoryError);
    await expect(readFile(outside)).rejects.toThrow(OutsideRepositoryError);
    await expect(import('node:fs').then((m) => m.default.readFileSync(outside))).rejects.toThrow(
      OutsideRepositoryError,
    );
  });

  it('the repository, the temporary folder and installed packages stay readable', () => {
    expect(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).toContain('"vitrina"');
    expect(() => readdirSync(tmpdir())).not.toThrow();
    expect(readFileSync(join(REPO_ROOT, 'node_modules/vitest/package.json'), 'utf8')).toContain(
      'vitest',
    );
  });
});
