import { describe, expect, it } from 'vitest';
import { CSV_DIALECTS, csvDialect, toCsv } from '#src/features/reports/lib/csv.ts';

describe('toCsv', () => {
  it('defuses formula-like queries and keeps numbers (negative ones too) as numbers', async () => {
    const text = await toCsv([
      ['Query', 'All'],
      ['=HYPERLINK("http://evil","x")', 1],
      ['+1+2', 2],
      ['-2+3', 3],
      ['@SUM(A1)', 4],
      ['\tcmd', 5],
      ['платье', -12.5],
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Query,All',
      `"'=HYPERLINK(""http://evil"",""x"")",1`,
      `"'+1+2",2`,
      `"'-2+3",3`,
      `"'@SUM(A1)",4`,
      `"'\tcmd",5`,
      'платье,-12.5',
    ]);
  });

  it('writes the Russian Excel dialect for ru: semicolons and decimal commas, BOM kept', async () => {
    expect(csvDialect('ru')).toBe(CSV_DIALECTS.ru);
    expect(csvDialect('en')).toBe(CSV_DIALECTS.en);
    const text = await toCsv(
      [
        ['Запрос', 'Конверсия, %', 'Выручка'],
        ['платье', 12.5, -3.25],
        ['-2+3', 1000, 0],
      ],
      CSV_DIALECTS.ru,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Запрос;Конверсия, %;Выручка',
      'платье;12,5;-3,25',
      `"'-2+3";1000;0`,
    ]);
  });
});
