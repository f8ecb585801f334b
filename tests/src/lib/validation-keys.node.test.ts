/**
 * Every i18nKey a schema names (the contract's refinements, and the console's own) is one the
 * zod error map accepts and has its text in both console languages: a key the map refused, or one
 * without a text, would reach the user as «Неверное значение» or as the key itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { dolyameAppInput } from '#contract/entities/dolyame.ts';
import { globalConfig } from '#contract/entities/config-global.ts';
import { customSortConfig, searchAttributes } from '#contract/entities/search-config.ts';
import { regionId } from '#contract/entities/feeds.ts';
import { reportChartId } from '#contract/entities/custom-report.ts';
import { twoFactorRolesInput } from '#contract/entities/user.ts';
import { twoFactorCode } from '#contract/routes/auth.ts';
import { isValidationKey, issueMessage } from '#src/lib/zod-error-map.ts';
import en from '#src/locales/en/index.ts';
import ru from '#src/locales/ru/index.ts';

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.stories\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The keys a file names: `i18nKey: 'a.b.c'` literals, and keys built by a helper of the file
 * (`const says = (key, en) => ({ params: { i18nKey: \`domain.errors.${key}\`, en } })`) from the
 * string its calls pass in that argument.
 */
function keysOf(text: string): string[] {
  const keys = [...text.matchAll(/i18nKey:\s*'([^']+)'/g)].map((match) => match[1]!);
  const helper = /const (\w+) = \(([^)]*)\) => \(\{[^;]*?i18nKey: `([\w.]+)\$\{(\w+)\}`/g;
  for (const [, name, params, prefix, variable] of text.matchAll(helper)) {
    const index = params!
      .split(',')
      .map((param) => param.split(':')[0]!.trim())
      .indexOf(variable!);
    if (index < 0) throw new Error(`${name}: no parameter ${variable}`);
    const calls = [...text.matchAll(new RegExp(`\\b${name}\\(([^)]*)\\)`, 'g'))]
      .map((call) => [...call[1]!.matchAll(/'([^']*)'/g)].map((arg) => arg[1]!)[index])
      .filter((arg): arg is string => arg !== undefined);
    if (calls.length === 0) throw new Error(`${name}: no call names a key`);
    keys.push(...calls.map((arg) => `${prefix}${arg}`));
  }
  return keys;
}

const named = new Map<string, string>();
for (const path of [...sources('contract'), ...sources('src/features')]) {
  for (const key of keysOf(readFileSync(join(ROOT, path), 'utf8')))
    if (!named.has(key)) named.set(key, relative(ROOT, join(ROOT, path)));
}

function textOf(resources: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      resources,
    );
}

describe('the i18nKeys of the schemas', () => {
  it('are found in the contract (the scan sees them)', () => {
    for (const key of [
      'errors.validation.kbSlug',
      'errors.validation.productsOrCategories',
      'dolyame.errors.color',
      'dolyame.errors.wholeNumber',
      'feeds.errors.regionId',
      'globalConfig.errors.currency',
      'searchConfig.errors.duplicateAttribute',
      'users.errors.unknownRole',
      'reports.errors.metricTwice',
      'auth.errors.code',
    ])
      expect([...named.keys()]).toContain(key);
  });

  it.each([...named])('%s (%s): accepted by the error map, worded in ru and en', (key) => {
    expect(isValidationKey(key)).toBe(true);
    expect(typeof textOf(ru, key), `ru ${key}`).toBe('string');
    expect(typeof textOf(en, key), `en ${key}`).toBe('string');
  });
});

function keysFor(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).map(
    (issue) => issueMessage({ ...issue, input: undefined } as z.core.$ZodRawIssue).key,
  );
}

describe('their refusals reach the error map by key', () => {
  it('Dolyame: the colour has its own words, not «Неверное значение»', () => {
    expect(keysFor(dolyameAppInput, { primaryColor: 'red' })).toEqual(['dolyame.errors.color']);
    expect(ru.dolyame.errors.color).toMatch(/#rgb/);
    expect(ru.dolyame.errors.wholeNumber).toBe('Целое число');
  });

  it('the formerly English refusals', () => {
    expect(keysFor(regionId, 'мой регион!')).toEqual(['feeds.errors.regionId']);
    expect(keysFor(reportChartId, 'Chart 1')).toEqual(['reports.errors.chartId']);
    expect(keysFor(globalConfig, { currency: 'rub' })).toEqual(['globalConfig.errors.currency']);
    expect(keysFor(globalConfig, { consentCookie: 'a b' })).toEqual([
      'globalConfig.errors.cookieName',
    ]);
    expect(
      keysFor(searchAttributes, {
        attributes: [
          { name: 'brand', weight: 1 },
          { name: 'brand', weight: 2 },
        ],
      }),
    ).toEqual(['searchConfig.errors.duplicateAttribute']);
    expect(
      keysFor(customSortConfig, {
        attributes: [
          { attribute: 'price', title: 'Цена', direction: 'ASC' },
          { attribute: 'price', title: 'Цена', direction: 'ASC' },
        ],
        regions: [],
      }),
    ).toContain('searchConfig.errors.duplicateSort');
    expect(keysFor(twoFactorRolesInput, { roles: ['ROLE_NOPE'] })).toEqual([
      'users.errors.unknownRole',
    ]);
    expect(keysFor(twoFactorCode, 'абвгдеж')).toEqual(['auth.errors.code']);
  });
});
