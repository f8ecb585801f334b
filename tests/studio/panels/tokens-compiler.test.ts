import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenCompiler } from '#tokens/core/compiler.ts';
import type { TokenTree } from '#tokens/core/types.ts';
import { TokenSession, useCompiledTokens } from '#studio/panels/tokens-panel-compiler.ts';
import {
  filterTokens,
  groupTokens,
  insertReference,
  listTokens,
  referenceAt,
  suggestReferences,
  updateTokenValue,
} from '#studio/panels/tokens-panel-model.ts';

/** A palette, derived colours and spacings: `n` tokens, a third of them references. */
function bigTree(n: number): TokenTree {
  const Colors: Record<string, unknown> = {};
  const Spacing: Record<string, unknown> = {};
  for (let i = 0; i < n / 3; i++) {
    Colors[`c${i}`] = {
      value: `#${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')}`,
      type: 'color',
    };
    Colors[`d${i}`] = { value: `{Colors.c${i}}`, type: 'color' };
    Spacing[`s${i}`] = { value: `{Spacing.base} * ${i % 7}`, type: 'spacing' };
  }
  Spacing.base = { value: '4', type: 'spacing' };
  return { Colors, Spacing };
}

const fresh = (tree: TokenTree) => new TokenCompiler(tree).scss;

describe('TokenSession (incremental compile in the studio)', () => {
  it('recompiles only an edited token and its dependants, with the same output as a full build', () => {
    const session = new TokenSession();
    let tree = bigTree(300);
    expect(session.update(tree).recompiled).toBe(301);
    tree = updateTokenValue(tree, ['Colors', 'c5'], '#abcdef');
    const result = session.update(tree);
    expect(result.recompiled).toBe(2); // c5 and d5
    expect(result.scss).toContain('$colors-d5: #abcdef;');
    expect(result.scss).toBe(fresh(tree));
    expect(result.valueOf('Colors.d5')).toBe('#abcdef');
  });

  it('rebuilds on a structural change and reports diagnostics of the new tree', () => {
    const session = new TokenSession();
    const tree: TokenTree = { Colors: { a: { value: '#fff', type: 'color' } } };
    session.update(tree);
    const next: TokenTree = {
      Colors: { a: { value: '#fff', type: 'color' }, b: { value: '{Colors.x}', type: 'color' } },
    };
    const result = session.update(next);
    expect(result.recompiled).toBe(2);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'ref/missing', path: 'Colors.b', severity: 'error' }),
    ]);
    expect(result.scss).toBe(fresh(next));
    expect(session.update(null)).toMatchObject({ scss: '', diagnostics: [] });
  });

  it('updates a single-file export with set precedence, like a full build', () => {
    const session = new TokenSession();
    let tree: TokenTree = {
      core: {
        Colors: {
          a: { value: '#111111', type: 'color' },
          b: { value: '{Colors.a}', type: 'color' },
        },
      },
      brand: { Colors: { a: { value: '#222222', type: 'color' } } },
      $metadata: { tokenSetOrder: ['core', 'brand'] },
    };
    expect(session.update(tree).valueOf('Colors.b')).toBe('#222222');
    // the overridden token in the earlier set changes nothing
    tree = updateTokenValue(tree, ['core', 'Colors', 'a'], '#333333');
    let result = session.update(tree);
    expect(result.valueOf('Colors.b')).toBe('#222222');
    expect(result.scss).toBe(fresh(tree));
    // the winning one recompiles itself and its dependant
    tree = updateTokenValue(tree, ['brand', 'Colors', 'a'], '#444444');
    result = session.update(tree);
    expect(result.recompiled).toBe(2);
    expect(result.valueOf('Colors.b')).toBe('#444444');
    expect(result.scss).toBe(fresh(tree));
    expect(result.diagnostics).toEqual([]);
  });

  it('heals a broken reference edited in place', () => {
    const session = new TokenSession();
    let tree: TokenTree = {
      Colors: { a: { value: '#ff0000', type: 'color' }, b: { value: '{Colors.x}', type: 'color' } },
    };
    expect(session.update(tree).diagnostics).toHaveLength(1);
    tree = updateTokenValue(tree, ['Colors', 'b'], '{Colors.a}');
    const result = session.update(tree);
    expect(result.diagnostics).toEqual([]);
    expect(result.valueOf('Colors.b')).toBe('#ff0000');
  });

  it('edits one token of a 6 000-token set far faster than a rebuild (budget: < 5 ms)', () => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
    const session = new TokenSession();
    let tree = bigTree(6000);
    session.update(tree);
    const edits: number[] = [];
    const builds: number[] = [];
    for (let i = 0; i < 21; i++) {
      tree = updateTokenValue(tree, ['Colors', `c${i}`], `#0000${(10 + i).toString(16)}`);
      let t0 = performance.now();
      session.update(tree);
      edits.push(performance.now() - t0);
      if (i % 4 === 0) {
        t0 = performance.now();
        void new TokenCompiler(tree).scss;
        builds.push(performance.now() - t0);
      }
    }
    console.log(
      `studio token edit, 6000 tokens: median ${median(edits).toFixed(2)} ms ` +
        `(full build ${median(builds).toFixed(1)} ms)`,
    );
    // a ratio holds on a loaded shared machine; the absolute figure is in the log
    expect(median(edits) * 5).toBeLessThan(median(builds));
  });

  it('useCompiledTokens keeps one session per options and reuses results for the same tree', () => {
    const tree: TokenTree = { Colors: { a: { value: '#fff', type: 'color' } } };
    const hook = renderHook(({ t }) => useCompiledTokens(t), { initialProps: { t: tree } });
    const first = hook.result.current;
    expect(first.scss).toContain('--colors-a: #fff');
    hook.rerender({ t: tree });
    expect(hook.result.current).toBe(first);
  });
});

describe('tokens panel model', () => {
  it('lists tokens of one tree, a single-file and a multi-file export with their keys', () => {
    expect(
      listTokens({
        A: { b: { value: 1, type: 'sizing' }, c: { d: { value: 'x', type: 'other' } } },
      }),
    ).toEqual([
      { keys: ['A', 'b'], set: null, path: 'A.b', type: 'sizing', value: 1, group: 'A' },
      { keys: ['A', 'c', 'd'], set: null, path: 'A.c.d', type: 'other', value: 'x', group: 'A' },
    ]);
    const single = listTokens({
      core: { Colors: { a: { value: '#fff', type: 'color' } } },
      $metadata: { tokenSetOrder: ['core'] },
    });
    expect(single.map((e) => [e.set, e.keys.join('/'), e.path])).toEqual([
      ['core', 'core/Colors/a', 'Colors.a'],
    ]);
    const multi = listTokens({
      sets: { light: { Colors: { a: { value: '#000', type: 'color' } } } },
      metadata: {},
    });
    expect(multi.map((e) => [e.set, e.keys.join('/')])).toEqual([['light', 'sets/light/Colors/a']]);
    // not tokens: extra keys, no type
    expect(listTokens({ x: { value: 1, type: 'a', extra: 1 }, y: { value: 2 } })).toEqual([]);
  });

  it('groups in the spec order, then the rest as they appear', () => {
    const entries = listTokens({
      custom: { a: { value: 1, type: 't' } },
      margin: { a: { value: 1, type: 't' } },
      Color: { a: { value: 1, type: 't' } },
      Primary: { a: { value: 1, type: 't' } },
    });
    expect(groupTokens(entries).map((g) => g.name)).toEqual([
      'Primary',
      'Color',
      'margin',
      'custom',
    ]);
    expect(filterTokens(entries, 'MARG').map((e) => e.path)).toEqual(['margin.a']);
  });

  it('finds the reference under the caret and inserts a path', () => {
    expect(referenceAt('{Colors.ba', 10)).toEqual({ start: 0, query: 'Colors.ba' });
    expect(referenceAt('{a} * {sp', 9)).toEqual({ start: 6, query: 'sp' });
    expect(referenceAt('{a} * 2', 7)).toBeNull();
    expect(referenceAt('#fff', 4)).toBeNull();
    expect(suggestReferences(['Spacing.sm', 'Colors.spot', 'Colors.base'], 'sp')).toEqual([
      'Spacing.sm',
      'Colors.spot',
    ]);
    expect(insertReference('{a} * {sp}', 6, 9, 'Spacing.sm')).toEqual({
      text: '{a} * {Spacing.sm}',
      caret: 18,
    });
  });
});
