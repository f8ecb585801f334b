/**
 * Colour modifiers against the Tokens Studio plugin's formulas, as ported to
 * @tokens-studio/sd-transforms (colorjs.io): every modifier of the
 * workday-canvas build (lighten, darken, mix, alpha; all in lch) and a grid
 * of colours × spaces × amounts. Theirs answers in the modifier's space (an
 * `lch(…)` text); both are brought to sRGB the same way and must agree within
 * one step of 255 per channel.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'culori';
import { transformColorModifiers } from '@tokens-studio/sd-transforms';
import { TokenCompiler, modifyColor } from '#tokens/index.ts';
import type { Modifier, MultiFileInput } from '#tokens/index.ts';
import { formatColor } from '#tokens/core/transform/color.ts';
import { loadCorpusBuilds } from '../../bench/tokens-corpus.ts';

function channels(text: string): number[] {
  const c = parse(text);
  if (!c) throw new Error(`not a colour: ${text}`);
  const m = /^#([0-9a-f]{6})$/.exec(formatColor(c));
  if (m) {
    const n = parseInt(m[1] as string, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
  }
  const r = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(formatColor(c));
  if (!r) throw new Error(`unexpected format: ${formatColor(c)}`);
  return [Number(r[1]), Number(r[2]), Number(r[3]), Math.round(Number(r[4]) * 255)];
}

function plugin(base: string, mod: Modifier): string {
  return transformColorModifiers(
    { value: base, $extensions: { 'studio.tokens': { modify: { ...mod } } } } as never,
    undefined,
  ) as string;
}

function expectClose(ours: string, theirs: string, label: string): void {
  const a = channels(ours);
  const b = channels(theirs);
  for (let i = 0; i < 4; i++)
    expect(
      Math.abs((a[i] as number) - (b[i] as number)),
      `${label}: ours ${ours}, plugin ${theirs}`,
    ).toBeLessThanOrEqual(1);
}

interface Found {
  path: string;
  set: string;
  value: string;
  mod: Record<string, string>;
}

describe('colour modifiers match the Tokens Studio plugin', () => {
  it('on all 56 modifiers of workday-canvas (every brand × system theme)', async () => {
    const builds = await loadCorpusBuilds();
    const b = builds.find((x) => x.id === 'workday-canvas');
    if (!b) throw new Error('no workday build');
    const input = b.input as MultiFileInput;
    const checked = new Set<string>();
    const types = new Set<string>();
    for (const brand of ['Canvas', 'Forest', 'Island', 'Peach'])
      for (const system of ['Canvas', 'Branded']) {
        const options = { theme: [`System ${system}`, `Brand ${brand}`] };
        const c = new TokenCompiler(input, options);
        const sets = c.result().stats.sets;
        // the effective token of each path: later sets override earlier ones
        const effective = new Map<string, Found>();
        for (const set of sets) {
          const stack: [unknown, string][] = [[input.sets[set], '']];
          while (stack.length > 0) {
            const [node, path] = stack.pop() as [Record<string, unknown>, string];
            if (typeof node !== 'object' || node === null) continue;
            if ('value' in node && 'type' in node) {
              const ext = node['$extensions'] as
                Record<string, { modify?: Record<string, string> }> | undefined;
              const mod = ext?.['studio.tokens']?.modify;
              if (mod) effective.set(path, { path, set, value: node['value'] as string, mod });
              else effective.delete(path);
              continue;
            }
            for (const [k, v] of Object.entries(node)) stack.push([v, path ? `${path}.${k}` : k]);
          }
        }
        const donor = (ref: string): string => {
          if (!ref.includes('{')) return ref.trim();
          const v = c.valueOf(
            ref
              .trim()
              .replace(/^\{|\}$/g, '')
              .trim(),
          );
          if (typeof v !== 'string') throw new Error(`unresolved ${ref}`);
          return v;
        };
        for (const f of effective.values()) {
          const base = donor(f.value);
          const amount = f.mod['value'] as string;
          const mod: Modifier = {
            type: f.mod['type'] as string,
            value: donor(amount),
          };
          if (f.mod['space']) mod.space = f.mod['space'];
          if (f.mod['color']) mod.color = donor(f.mod['color']);
          expectClose(c.valueOf(f.path) as string, plugin(base, mod), `${f.set}: ${f.path}`);
          checked.add(`${f.set}: ${f.path}`);
          types.add(mod.type);
        }
      }
    expect(checked.size).toBe(56);
    expect([...types].sort()).toEqual(['alpha', 'darken', 'lighten', 'mix']);
  });

  const bases = [
    '#0875e1',
    '#de2e21',
    '#ffda61',
    '#1a1a1a',
    '#f0f0f0',
    '#7f7f7f',
    'rgba(0, 128, 96, 0.5)',
  ];
  const amounts = ['0', '0.1', '0.35', '0.7', '1'];
  for (const space of ['lch', 'hsl', 'srgb', 'p3'])
    for (const type of ['lighten', 'darken', 'mix', 'alpha'])
      it(`${type} in ${space}`, () => {
        for (const base of bases)
          for (const value of amounts) {
            const mod: Modifier = { type, value, space };
            if (type === 'mix') mod.color = '#3366ff';
            const ours = modifyColor(base, mod);
            expect('value' in ours && !('error' in ours)).toBe(true);
            expectClose(
              (ours as { value: string }).value,
              plugin(base, mod),
              `${base} ${type} ${value} ${space}`,
            );
          }
      });
});
