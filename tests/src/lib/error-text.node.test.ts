import { describe, expect, it } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { errorText, rejectionText } from '#src/lib/error-text.ts';
import { createStaticI18n } from '#src/lib/i18n-static.ts';

describe('errorText', () => {
  const ru = createStaticI18n('ru').t;
  it('turns known server messages into Russian texts with the values they name', () => {
    expect(errorText(new ApiError(409, 'User anna already exists'), ru)).toBe(
      'Пользователь anna уже существует',
    );
    expect(errorText(new ApiError(400, 'Unknown time zone: Mars/Base'), ru)).toBe(
      'Неизвестный часовой пояс: Mars/Base',
    );
  });

  it('falls back to a text per status, never the English message', () => {
    expect(errorText(new ApiError(404, 'Tab not found'), ru)).toBe('Не найдено');
    expect(errorText(new ApiError(503, 'Service Unavailable'), ru)).toBe(
      'Ошибка сервера. Попробуйте позже',
    );
    expect(errorText(new ApiError(418, 'teapot'), ru)).not.toMatch(/teapot/);
  });

  it('speaks English in the English console', () => {
    const en = createStaticI18n('en').t;
    expect(errorText(new ApiError(409, 'User anna already exists'), en)).toBe(
      'User anna already exists',
    );
  });
});

describe('rejectionText', () => {
  const ru = createStaticI18n('ru').t;
  it("gives an upload's refused lines in Russian, with the values they name", () => {
    expect(rejectionText('key sku-1 is already on line 3', ru)).toBe(
      'Ключ sku-1 уже был в строке 3',
    );
    expect(rejectionText('Unknown product 42', ru)).toBe('Неизвестный товар 42');
    expect(rejectionText('variants: a synonym needs at least one other term', ru)).toBe(
      'Синониму нужен хотя бы один другой вариант',
    );
  });
  it('never passes an unknown English reason through', () => {
    expect(rejectionText('Something odd happened', ru)).toBe(
      'Строка не принята: проверьте её по описанию формата',
    );
  });
});
