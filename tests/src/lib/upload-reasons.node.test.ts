/**
 * The merchandising upload's own refusals (server/merchandising/upload-rows.ts writes them in
 * English, beside their keys) and its whole-file refusals read in the console's language.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#contract/client.ts';
import { errorText } from '#src/lib/error-text.ts';
import { createStaticI18n } from '#src/lib/i18n-static.ts';
import { rejectionText } from '#src/lib/rejection-text.ts';

describe('merchandising upload reasons', () => {
  const ru = createStaticI18n('ru').t;
  const en = createStaticI18n('en').t;

  it("a refused line's reason in Russian, never «проверьте по описанию формата» for a known one", () => {
    expect(rejectionText('Name products or categories', ru)).toBe('Укажите товары или категории');
    expect(rejectionText('A pin names products', ru)).toBe('Для закрепления укажите товары');
    expect(rejectionText('The end is before the start', ru)).toBe('Окончание раньше начала');
    expect(rejectionText('attributeValues: No attribute values', ru)).toBe(
      'Не указаны значения атрибута',
    );
    expect(rejectionText('endDate: Use YYYY-MM-DDTHH:mm', ru)).toBe(
      'endDate: дата в виде ГГГГ-ММ-ДД или ГГГГ-ММ-ДД ЧЧ:ММ',
    );
    expect(rejectionText('Name products or categories', en)).toBe('Name products or categories');
  });

  it('a refused boost file says which columns, in Russian', () => {
    expect(
      errorText(
        new ApiError(
          400,
          'The file has both attributeName and productId columns: upload boosts by attributes and by products as two files',
        ),
        ru,
      ),
    ).toMatch(/^В файле есть и столбец attributeName, и столбец productId/);
    expect(
      errorText(new ApiError(400, 'The file has no column attributeName or productId'), ru),
    ).toBe('В файле нет ни столбца attributeName, ни столбца productId');
    expect(errorText(new ApiError(400, 'The file has no column query, url'), ru)).toBe(
      'В файле нет столбца query, url',
    );
  });
});
