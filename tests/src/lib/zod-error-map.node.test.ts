import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  boostRuleInput,
  recsRuleInput,
  redirectRuleInput,
} from '#contract/entities/merchandising.ts';
import { queryListInput } from '#contract/entities/query-lists.ts';
import { recsWidgetInput } from '#contract/entities/recs.ts';
import { kbSectionInput } from '#contract/entities/support.ts';
import { issueMessage } from '#src/lib/zod-error-map.ts';
import en from '#src/locales/en/errors.json' with { type: 'json' };
import ru from '#src/locales/ru/errors.json' with { type: 'json' };
import type { IssueMessage } from '#src/lib/zod-error-map.ts';

function messagesOf(schema: z.ZodType, input: unknown): IssueMessage[] {
  const result = schema.safeParse(input);
  // Issues keep the fields issueMessage reads; rebuild the raw form it expects.
  return (result.error?.issues ?? []).map((issue) => issueMessage({ ...issue, input: undefined }));
}

describe('issueMessage', () => {
  it('maps sizes by origin, with counts for plurals', () => {
    expect(messagesOf(z.string().min(1), '')).toEqual([{ key: 'errors.validation.required' }]);
    expect(messagesOf(z.string().min(3), 'a')).toEqual([
      { key: 'errors.validation.tooShort', params: { count: 3 } },
    ]);
    expect(messagesOf(z.string().max(2), 'abc')).toEqual([
      { key: 'errors.validation.tooLong', params: { count: 2 } },
    ]);
    expect(messagesOf(z.array(z.string()).min(2), [])).toEqual([
      { key: 'errors.validation.tooFewItems', params: { count: 2 } },
    ]);
    expect(messagesOf(z.array(z.string()).min(1), [])).toEqual([
      { key: 'errors.validation.required' },
    ]);
    expect(messagesOf(z.number().min(1).max(50), 51)).toEqual([
      { key: 'errors.validation.numberTooBig', params: { maximum: 50 } },
    ]);
    expect(messagesOf(z.number().min(-9.99), -10)).toEqual([
      { key: 'errors.validation.numberTooSmall', params: { minimum: -9.99 } },
    ]);
  });

  it('maps formats, enums, unknown keys and custom keys', () => {
    expect(messagesOf(z.email(), 'x')).toEqual([{ key: 'errors.validation.email' }]);
    expect(messagesOf(z.url(), 'x')).toEqual([{ key: 'errors.validation.url' }]);
    expect(messagesOf(z.enum(['ru', 'en']), 'de')).toEqual([
      { key: 'errors.validation.invalidValue' },
    ]);
    expect(messagesOf(z.strictObject({}), { a: 1, b: 2 })).toEqual([
      { key: 'errors.validation.unrecognizedKeys', params: { keys: 'a, b' } },
    ]);
    expect(messagesOf(z.number().multipleOf(5), 7)).toEqual([
      { key: 'errors.validation.notMultipleOf', params: { divisor: 5 } },
    ]);
    expect(
      messagesOf(
        z.string().refine(() => false, { params: { i18nKey: 'errors.validation.url' } }),
        'x',
      ),
    ).toEqual([{ key: 'errors.validation.url' }]);
    expect(
      messagesOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toEqual([{ key: 'errors.validation.invalid' }]);
  });

  it('tells a missing value from a wrong type', () => {
    expect(issueMessage({ code: 'invalid_type', expected: 'string', input: undefined })).toEqual({
      key: 'errors.validation.required',
    });
    expect(issueMessage({ code: 'invalid_type', expected: 'string', input: 5 })).toEqual({
      key: 'errors.validation.invalidType',
    });
  });

  it("words the contract's own refinements by key, each key in both languages", () => {
    const keys = [
      messagesOf(recsWidgetInput, { widgetId: 'хиты дня!', name: 'Хиты' }),
      messagesOf(recsWidgetInput, { widgetId: 'w', name: 'w', placements: ['a\nb'] }),
      messagesOf(queryListInput, { term: '!!!' }),
      messagesOf(redirectRuleInput, { query: 'доставка', url: 'delivery' }),
      messagesOf(boostRuleInput, {
        name: 'n',
        boostType: 'ATTRIBUTES',
        queries: ['q'],
        filters: ['f'],
        startDate: '2026-12-02T00:00',
        endDate: '2026-12-01T00:00',
      }),
      messagesOf(recsRuleInput, {
        name: 'n',
        boostType: 'PIN',
        startDate: '2026-12-02 00:00',
        endDate: null,
        categories: ['1'],
      }),
      messagesOf(recsRuleInput, { name: 'n', boostType: 'HARD', startDate: '2026-12-02T00:00' }),
      messagesOf(kbSectionInput, { slug: 'Оплата', titleRu: 'Оплата', titleEn: 'Billing' }),
    ].map((messages) => messages.map((message) => message.key));
    expect(keys).toEqual([
      ['errors.validation.widgetId'],
      ['errors.validation.controlCharacters'],
      ['errors.validation.termNoWord'],
      ['errors.validation.redirectUrl'],
      ['errors.validation.required', 'errors.validation.endBeforeStart'],
      ['errors.validation.localDateTime', 'errors.validation.pinNeedsProducts'],
      ['errors.validation.productsOrCategories'],
      ['errors.validation.kbSlug'],
    ]);
    for (const key of keys.flat()) {
      const name = key.replace('errors.validation.', '');
      expect(ru.validation).toHaveProperty(name);
      expect(en.validation).toHaveProperty(name);
    }
  });
});
