import { describe, expect, it } from 'vitest';
import { CSV_DIALECTS, csvDialect, toCsv } from '#contract/csv.ts';
import { queryListCsv } from '#src/features/query-lists/lib/export.ts';

describe('toCsv', () => {
  it('defuses formula-like queries and keeps numbers (negative ones too) as numbers', () => {
    const text = toCsv([
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

  it('writes the Russian Excel dialect for ru: semicolons and decimal commas, BOM kept', () => {
    expect(csvDialect('ru')).toBe(CSV_DIALECTS.ru);
    expect(csvDialect('en')).toBe(CSV_DIALECTS.en);
    const text = toCsv(
      [
        ['Запрос', 'Конверсия, %', 'Выручка'],
        ['платье', 12.5, -3.25],
        ['-2+3', 1000, 0],
      ],
      { dialect: CSV_DIALECTS.ru },
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Запрос;Конверсия, %;Выручка',
      'платье;12,5;-3,25',
      `"'-2+3";1000;0`,
    ]);
  });

  it('is the exporter of the query lists too: terms and variants from searches are defused', () => {
    const entry = (term: string, variants: string[]) => ({
      id: 1,
      term,
      variants,
      mode: 'EXACT',
      vertical: 'fashion',
      enabled: true,
      list: 'synonyms' as const,
      serviceType: 'AQ_SYNONYM' as const,
      siteCount: 1,
      updatedAt: '2026-11-28T00:00:00.000Z',
    });
    const text = queryListCsv([
      entry('=HYPERLINK("http://evil.example","x")', ['платье']),
      entry('платье', ["=1+cmd|' /C calc'!A0", 'сарафан']),
      entry('\rcmd', []),
      entry('джинсы', ['деним', 'jeans']),
    ] as Parameters<typeof queryListCsv>[0]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'term,variants,mode,vertical,enabled',
      `"'=HYPERLINK(""http://evil.example"",""x"")",платье,EXACT,fashion,true`,
      `платье,"'=1+cmd|' /C calc'!A0;сарафан",EXACT,fashion,true`,
      `"'\rcmd",,EXACT,fashion,true`,
      'джинсы,деним;jeans,EXACT,fashion,true',
    ]);
  });

  it('quotes delimiters, quotes, line breaks and edge spaces, and may omit the BOM', () => {
    expect(
      toCsv([['a,b', 'say "hi"', 'two\nlines', ' pad', 'ok', null, true]], { bom: false }),
    ).toBe('"a,b","say ""hi""","two\nlines"," pad",ok,,true');
  });
});
