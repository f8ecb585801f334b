import { describe, expect, it } from 'vitest';
import en from '#src/locales/en/index.ts';
import ru from '#src/locales/ru/index.ts';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

/** Keys with plural suffixes collapsed: languages differ in plural categories, not in keys. */
const baseKeys = (tree: Tree) => new Set(leaves(tree).map((key) => key.replace(PLURAL, '')));

function pluralForms(tree: Tree): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of leaves(tree)) {
    const match = PLURAL.exec(key);
    if (!match?.[1]) continue;
    const base = key.replace(PLURAL, '');
    forms.set(base, (forms.get(base) ?? new Set()).add(match[1]));
  }
  return forms;
}

const languages = { ru: ru as Tree, en: en as Tree };

describe('locales', () => {
  it('en has every key of ru', () => {
    const english = baseKeys(languages.en);
    const missing = [...baseKeys(languages.ru)].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });

  it('ru has every key of en', () => {
    const russian = baseKeys(languages.ru);
    const missing = [...baseKeys(languages.en)].filter((key) => !russian.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(languages))(
    '%s plurals carry every category of the language',
    (lang, tree) => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [base, forms] of pluralForms(tree)) {
        expect({ base, forms: [...forms].sort() }).toEqual({
          base,
          forms: [...categories].sort(),
        });
      }
    },
  );

  it('both languages interpolate the same variables', () => {
    const variables = (tree: Tree) => {
      const found = new Map<string, string>();
      for (const key of leaves(tree)) {
        const value = key
          .split('.')
          .reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, tree);
        const names = [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
        // Plural forms of one key share a set: a `_one` form may spell the number out.
        const base = key.replace(PLURAL, '');
        const all = new Set([...(found.get(base)?.split(',').filter(Boolean) ?? []), ...names]);
        found.set(base, [...all].sort().join(','));
      }
      return found;
    };
    const ruVars = variables(languages.ru);
    const enVars = variables(languages.en);
    const mismatched = [...ruVars].filter(
      ([key, names]) => enVars.has(key) && enVars.get(key) !== names,
    );
    expect(mismatched).toEqual([]);
  });

  it('no value is empty', () => {
    for (const [lang, tree] of Object.entries(languages)) {
      const flat = leaves(tree);
      expect(flat.length, lang).toBeGreaterThan(0);
    }
    const empty = (tree: Tree): boolean =>
      Object.values(tree).some((v) => (typeof v === 'string' ? v.trim() === '' : empty(v)));
    expect(empty(languages.ru)).toBe(false);
    expect(empty(languages.en)).toBe(false);
  });
});

describe('ru texts', () => {
  const texts = (tree: Tree): string[] =>
    Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

  it('spell «продакшен» one way (never «продакшн»)', () => {
    expect(texts(ru as Tree).filter((text) => /продакшн/i.test(text))).toEqual([]);
  });

  it('describe every role and name every preset and page type in Russian', () => {
    const ruTree = ru as unknown as {
      users: { roleText: Record<string, string>; presets: Record<string, string> };
      fields: { pageTypes: Record<string, string> };
    };
    const all = [
      ...Object.values(ruTree.users.roleText),
      ...Object.values(ruTree.users.presets),
      ...Object.values(ruTree.fields.pageTypes),
    ];
    expect(all.length).toBeGreaterThan(80);
    // Cyrillic in each; Latin only in names (MVT, AnyQuery, API).
    expect(all.filter((text) => !/[а-яё]/i.test(text))).toEqual([]);
  });
});
