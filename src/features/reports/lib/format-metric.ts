import { formatCurrency, formatNumber, formatPercent } from '#src/lib/format.ts';
import type { MetricKind } from './metrics.ts';

/**
 * A metric's value as the reports show it: Russian number format whatever the interface
 * language (spec §1, §9), roubles for money; an em dash when there is no value.
 */
export function formatMetric(value: number | undefined, kind: MetricKind): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  switch (kind) {
    case 'currency':
      return formatCurrency(value);
    case 'percent':
      return formatPercent(value);
    case 'number':
      return formatNumber(value);
  }
}
