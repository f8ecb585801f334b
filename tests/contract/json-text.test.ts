import { describe, expect, it } from 'vitest';
import { checkDolyameWidgetText, checkRegionMapText } from '#contract/entities/dolyame.ts';
import { parseJsonText } from '#contract/json-text.ts';

describe('JSON text with positions', () => {
  it('parses what JSON.parse parses', () => {
    for (const text of [
      '{}',
      '[]',
      '{"a": [1, -2.5e3, true, null, "x\\n\\u0041"]}',
      ' "s" ',
      '0',
    ]) {
      const parsed = parseJsonText(text);
      expect(parsed.ok && parsed.value).toEqual(JSON.parse(text));
    }
  });

  it('names the line and column where it stopped', () => {
    const cases: [string, number, number, RegExp][] = [
      ['{\n  "a": 1,\n}', 3, 1, /property name/],
      ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /Expected ','/],
      ["{'a': 1}", 1, 2, /property name/],
      ['{"a": "x', 1, 7, /Unterminated/],
      ['{"a": 1} x', 1, 10, /after the end/],
      ['{"a": 1, "a": 2}', 1, 10, /Duplicate key "a"/],
      ['', 1, 1, /end of the text/],
    ];
    for (const [text, line, column, message] of cases) {
      const parsed = parseJsonText(text);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      expect([parsed.problem.line, parsed.problem.column], text).toEqual([line, column]);
      expect(parsed.problem.message).toMatch(message);
    }
  });

  it('points a schema problem at its key', () => {
    const widget = checkDolyameWidgetText('{\n  "isSPA": "yes"\n}');
    expect(widget.ok || [widget.problem.line, widget.problem.column, widget.problem.path]).toEqual([
      2,
      3,
      ['isSPA'],
    ]);
    const map = checkRegionMapText('{\n "a": "b",\n "c": 5\n}');
    expect(map.ok || [map.problem.line, map.problem.path]).toEqual([3, ['c']]);
    expect(checkRegionMapText('')).toEqual({ ok: true, map: {} });
  });
});
