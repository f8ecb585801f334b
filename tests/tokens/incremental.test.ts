/**
 * The incremental compiler: one changed token recompiles itself and its
 * dependants only, and the result equals a fresh compile.
 */
import { describe, expect, it } from 'vitest';
import { TokenCompiler } from '#tokens/index.ts';
import { loadCorpusBuilds } from '../../bench/tokens-corpus.ts';

const tree = () => ({
  color: {
    base: { value: '#0875e1', type: 'color' },
    primary: { value: '{color.base}', type: 'color' },
    hover: {
      value: '{color.primary}',
      type: 'color',
      $extensions: { 'studio.tokens': { modify: { type: 'darken', value: '0.2', space: 'lch' } } },
    },
    other: { value: '#ff0000', type: 'color' },
  },
  space: {
    base: { value: '4', type: 'spacing' },
    double: { value: '{space.base} * 2', type: 'spacing' },
  },
});

describe('incremental compiler', () => {
  it('recompiles only the changed token and its dependants', () => {
    const c = new TokenCompiler(tree());
    expect(c.set('color.base', { value: '#00ff00', type: 'color' }).recompiled).toBe(3);
    expect(c.valueOf('color.primary')).toBe('#00ff00');
    expect(c.set('color.other', { value: '#0000ff', type: 'color' }).recompiled).toBe(1);
    expect(c.set('space.base', { value: '5', type: 'spacing' }).recompiled).toBe(2);
    expect(c.valueOf('space.double')).toBe('10');
    expect(c.scss).toContain('$space-double: 10px;');
  });

  it('matches a fresh compile after edits, additions and removals', () => {
    const c = new TokenCompiler(tree());
    c.set('color.base', { value: '#123456', type: 'color' });
    c.set('space.triple', { value: '{space.base} * 3', type: 'spacing' });
    c.remove('color.other');
    const t = tree() as Record<string, Record<string, unknown>>;
    (t['color'] as Record<string, unknown>)['base'] = { value: '#123456', type: 'color' };
    delete (t['color'] as Record<string, unknown>)['other'];
    (t['space'] as Record<string, unknown>)['triple'] = {
      value: '{space.base} * 3',
      type: 'spacing',
    };
    const fresh = new TokenCompiler(t);
    expect(c.scss).toBe(fresh.scss);
    expect(c.diagnostics).toEqual(fresh.diagnostics);
  });

  it('a removed donor makes dependants UNDEFINED with a diagnostic; adding it back heals them', () => {
    const c = new TokenCompiler(tree());
    c.remove('color.base');
    expect(c.valueOf('color.primary')).toBe('UNDEFINED');
    expect(c.diagnostics.map((d) => [d.code, d.path])).toEqual([['ref/missing', 'color.primary']]);
    c.set('color.base', { value: '#000000', type: 'color' });
    expect(c.valueOf('color.primary')).toBe('#000000');
    expect(c.diagnostics).toEqual([]);
  });

  it('an edit that closes a cycle reports it, and the next edit clears it', () => {
    const c = new TokenCompiler(tree());
    c.set('color.base', { value: '{color.hover}', type: 'color' });
    expect(c.diagnostics.map((d) => d.code)).toEqual(['ref/cycle']);
    expect(c.diagnostics[0]?.message).toContain(
      'color.base → color.hover → color.primary → color.base',
    );
    c.set('color.base', { value: '#0875e1', type: 'color' });
    expect(c.diagnostics).toEqual([]);
    expect(c.scss).toBe(new TokenCompiler(tree()).scss);
  });

  it('keeps a name collision reported when the colliding token is edited', () => {
    const c = new TokenCompiler({
      a: { '-4': { value: '-4', type: 'spacing' }, '4x': { value: '4', type: 'spacing' } },
      b: { value: '1', type: 'number' },
      B: { value: '2', type: 'number' },
    });
    const before = c.diagnostics.map((d) => [d.code, d.path]);
    expect(before).toEqual([['name/collision', 'B']]);
    c.set('B', { value: '3', type: 'number' });
    expect(c.diagnostics.map((d) => [d.code, d.path])).toEqual(before);
    expect(c.scss).toContain('$b-2: 3;');
  });

  it('on the largest corpus build, a one-token edit touches only its dependants', async () => {
    const b = (await loadCorpusBuilds()).find((x) => x.id === '3jane-3ds');
    if (!b) throw new Error('no 3jane build');
    const c = new TokenCompiler(b.input, b.options);
    const path = 'semantics.color.palette.neutral.97';
    const deps = c.dependantCount(path);
    expect(deps).toBeGreaterThan(0);
    const r = c.set(path, { value: '#fafafa', type: 'color' });
    expect(r.recompiled).toBe(deps + 1);
    expect(r.recompiled).toBeLessThan(c.paths().length / 10);
    expect(c.valueOf('semantics.color.bg.neutral.l=1')).toBe('#fafafa');
  });
});
