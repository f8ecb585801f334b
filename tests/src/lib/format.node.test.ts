import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCurrency,
  formatNumber,
  formatPercent,
  formatPercentChange,
  percentChange,
} from '#src/lib/format.ts';

describe('format (ru-RU)', () => {
  it('separates thousands with a space and keeps up to two decimals', () => {
    expect(formatNumber(1234567)).toBe('1 234 567');
    expect(formatNumber(1234.5678)).toBe('1 234,57');
    expect(formatNumber(0.1)).toBe('0,1');
  });

  it('formats roubles', () => {
    expect(formatCurrency(1234.5)).toBe('1 234,5 ₽');
    expect(formatCurrency(1000000)).toBe('1 000 000 ₽');
  });

  it('has a compact form', () => {
    expect(formatCompact(1_200_000)).toBe('1,2 млн');
    expect(formatCompact(15_300)).toBe('15,3 тыс.');
    expect(formatCompact(1_200_000, 'en')).toBe('1.2M');
  });

  it('computes percent change with two decimals', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(5, 0)).toBeNull();
    expect(formatPercentChange(150, 100)).toBe('+50,00 %');
    expect(formatPercentChange(1, 3)).toBe('−66,67 %');
    expect(formatPercentChange(1, 0)).toBe('—');
    expect(formatPercent(12.345)).toBe('12,35 %');
  });
});
