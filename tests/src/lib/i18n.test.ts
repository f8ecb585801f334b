import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  currentLocale,
  i18n,
  initI18n,
  loadLocales,
  loadValidationMessages,
  setLocale,
} from '#src/lib/i18n.ts';
import { readLocaleCookie } from '#src/lib/locale.ts';

afterAll(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
});

describe('i18n', () => {
  it('starts in Russian, loads lazily, switches to English and remembers it', async () => {
    await initI18n();
    expect(currentLocale()).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18n.t('actions.save')).toBe('Сохранить');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    await setLocale('en');
    expect(i18n.t('actions.save')).toBe('Save');
    expect(readLocaleCookie()).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await expect(setLocale('de')).rejects.toThrow('Parameter is not present in list of allowed');
    expect(currentLocale()).toBe('en');
    await setLocale('ru');
  });

  it('loads a route domain only when asked, and again in the language switched to', async () => {
    await initI18n('ru');
    // Only the core domains come first (DESIGN.md: translations load per route namespace).
    expect(i18n.exists('mvt.title')).toBe(false);
    expect(i18n.exists('studio.editors.code.loading')).toBe(false);
    await loadLocales(['mvt', 'studio']);
    expect(i18n.t('mvt.title')).toBe('Эксперименты (MVT)');
    expect(i18n.t('studio.editors.code.loading')).toBe('Загрузка редактора…');
    expect(i18n.exists('recsUx.title')).toBe(false);
    await setLocale('en');
    expect(i18n.t('mvt.title')).toBe('Experiments (MVT)');
    expect(i18n.t('studio.editors.code.loading')).not.toBe('Загрузка редактора…');
    await setLocale('ru');
  });

  it('uses Russian plural forms', async () => {
    await initI18n('ru');
    expect(i18n.t('ui.table.rows', { count: 1 })).toBe('1 строка');
    expect(i18n.t('ui.table.rows', { count: 3 })).toBe('3 строки');
    expect(i18n.t('ui.table.rows', { count: 5 })).toBe('5 строк');
    expect(i18n.t('ui.table.rows', { count: 21 })).toBe('21 строка');
  });

  it('translates zod issues through the global error map once a screen has loaded it', async () => {
    await initI18n('ru');
    // every screen but sign-in awaits this in its loader (src/app/route-objects.tsx)
    await loadValidationMessages();
    const schema = z.object({
      name: z.string().min(1),
      code: z.string().min(3),
      email: z.email(),
      url: z
        .string()
        .refine((v) => /^https?:\/\//.test(v), { params: { i18nKey: 'errors.validation.url' } }),
    });
    const result = schema.safeParse({ name: '', code: 'ab', email: 'x', url: 'ftp://a' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      name: 'Обязательное поле',
      code: 'Минимум 3 символа',
      email: 'Введите корректный адрес эл. почты',
      url: 'URL должен начинаться с http:// или https://',
    });
    await setLocale('en');
    expect(z.string().min(5).safeParse('ab').error?.issues[0]?.message).toBe(
      'At least 5 characters',
    );
    await setLocale('ru');
  });
});
