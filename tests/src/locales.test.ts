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
    const missing = [...baseKeys(languages.ru)].filter((key) => !baseKeys(languages.en).has(key));
    expect(missing).toEqual([]);
  });

  it('ru has every key of en', () => {
    const missing = [...baseKeys(languages.en)].filter((key) => !baseKeys(languages.ru).has(key));
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
