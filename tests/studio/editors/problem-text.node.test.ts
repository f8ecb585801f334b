import { describe, expect, it } from 'vitest';
import ru from '#studio/locales/ru/editors.json';
import {
  scssProblemText,
  templateProblemText,
  tokenProblemText,
  type Translate,
} from '#studio/editors/problem-text.ts';

/** A tiny `t` over the Russian editors texts (i18next's interpolation and defaultValue). */
const t: Translate = (key, options = {}) => {
  const path = key.replace(/^studio\.editors\./, '').split('.');
  let node: unknown = ru;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return (options['defaultValue'] as string | undefined) ?? key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
};

describe('problem texts (issue 19.9: codes → ru/en)', () => {
  it('translates token diagnostics by code, naming the missing reference', () => {
    expect(
      tokenProblemText(t, {
        code: 'ref/missing',
        path: 'Colors.accent',
        message:
          "Token 'Colors.accent' references '{Colors.nope}': donor token 'Colors.nope' not found",
      }),
    ).toBe('Ссылка {Colors.nope} ведёт на несуществующий токен: значение не определено');
    expect(tokenProblemText(t, { code: 'ref/cycle', path: 'a', message: 'x' })).toMatch(/по кругу/);
    expect(tokenProblemText(t, { code: 'new/code', path: 'a', message: 'raw' })).toBe(
      'Ошибка в токенах (raw)',
    );
  });

  it('translates sass messages by their shape', () => {
    expect(scssProblemText(t, 'expected "}".')).toBe('Ожидается «}»');
    expect(scssProblemText(t, 'Undefined variable.')).toBe('Неизвестная переменная');
    expect(scssProblemText(t, 'SCSS compile timed out')).toMatch(/дольше 2 секунд/);
  });

  it('translates Handlebars messages by their shape', () => {
    expect(templateProblemText(t, 'Unknown helper "upper"')).toBe('Неизвестный хелпер «upper»');
    expect(templateProblemText(t, "if doesn't match each")).toBe('Блок «if» закрыт как «each»');
    expect(templateProblemText(t, "Parse error: Expecting 'ID'")).toBe(
      'Синтаксическая ошибка в шаблоне',
    );
  });
});
