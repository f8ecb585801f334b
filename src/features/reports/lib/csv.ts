import {
  GRAPH_STATISTICS,
  type BaseMetric,
  type ReportPlatform,
} from '#contract/entities/metric.ts';
import { percentChange } from '#src/lib/format.ts';
import type { AggValues } from '../api/metric-queries.ts';
import { LIST_GROUP_METRICS, METRIC_GROUPS } from './metric-groups.ts';
import { numberOf, TOTAL_VIEWS, VIEW_METRICS, variant, type View } from './metrics.ts';

const PLATFORMS: readonly ReportPlatform[] = ['ALL', 'MOBILE', 'DESKTOP'];

export type CsvCell = string | number;

/** Labels the export needs; the caller translates them. */
export interface CsvLabels {
  header: string[];
  total: string;
  view: (view: View) => string;
  statistic: (statistic: (typeof GRAPH_STATISTICS)[number]) => string;
  group: (group: (typeof METRIC_GROUPS)[number]['id']) => string;
  metric: (metric: BaseMetric) => string;
}

/** Plain numbers for spreadsheets: a dot, no thousands separator, at most two decimals. */
export function csvNumber(value: number | undefined | null): CsvCell {
  if (value === undefined || value === null || !Number.isFinite(value)) return '';
  return Math.round(value * 100) / 100;
}

function metricRow(
  area: string,
  label: string,
  base: BaseMetric,
  current: AggValues | undefined,
  previous: AggValues | undefined,
): CsvCell[] {
  const now = PLATFORMS.map((platform) => numberOf(current, variant(base, platform)));
  const before = PLATFORMS.map((platform) => numberOf(previous, variant(base, platform)));
  const change =
    now[0] === undefined || before[0] === undefined ? null : percentChange(now[0], before[0]);
  return [area, label, ...now.map(csvNumber), ...before.map(csvNumber), csvNumber(change)];
}

/**
 * What the reporting screen shows, as rows: the 'Total' table, every metric by area, then the
 * top query lists (query, counts on all / mobile / desktop).
 */
export function reportCsvRows(
  current: AggValues | undefined,
  previous: AggValues | undefined,
  labels: CsvLabels,
): CsvCell[][] {
  const rows: CsvCell[][] = [labels.header];
  for (const view of TOTAL_VIEWS)
    for (const statistic of GRAPH_STATISTICS)
      rows.push(
        metricRow(
          labels.total,
          `${labels.view(view)}: ${labels.statistic(statistic)}`,
          VIEW_METRICS[view][statistic],
          current,
          previous,
        ),
      );
  for (const group of METRIC_GROUPS)
    for (const metric of group.metrics)
      rows.push(
        metricRow(labels.group(group.id), labels.metric(metric), metric, current, previous),
      );
  for (const list of LIST_GROUP_METRICS) {
    const counts = new Map<string, CsvCell[]>();
    PLATFORMS.forEach((platform, column) => {
      const value = current?.[variant(list, platform)];
      for (const query of Array.isArray(value) ? value : []) {
        const row = counts.get(query.name) ?? ['', '', ''];
        row[column] = query.count;
        counts.set(query.name, row);
      }
    });
    for (const [name, row] of counts)
      rows.push([labels.metric(list), name, ...row, '', '', '', '']);
  }
  return rows;
}

/** How a spreadsheet of the user's language reads CSV: Russian Excel splits on ';' and reads '1,5'. */
export interface CsvDialect {
  /** @default ',' */
  delimiter: ',' | ';';
  /** @default '.' */
  decimal: '.' | ',';
}

export const CSV_DIALECTS = {
  en: { delimiter: ',', decimal: '.' },
  ru: { delimiter: ';', decimal: ',' },
} as const satisfies Record<string, CsvDialect>;

/** The dialect of a language ('ru' → ';' and decimal commas, others the English one). */
export const csvDialect = (language: string): CsvDialect =>
  language.startsWith('ru') ? CSV_DIALECTS.ru : CSV_DIALECTS.en;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV text with a UTF-8 byte order mark, so Excel reads the Cyrillic right, in the dialect of the
 * user's spreadsheet. Text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR
 * first) get a leading apostrophe: search queries come from the public storefront endpoint.
 * Numbers are left alone (a negative number is not a formula).
 */
export async function toCsv(
  rows: CsvCell[][],
  dialect: CsvDialect = CSV_DIALECTS.en,
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const cells = rows.map((row) =>
    row.map((cell) => {
      if (typeof cell === 'number') {
        return dialect.decimal === ',' ? String(cell).replace('.', ',') : String(cell);
      }
      return FORMULA_START.test(cell) ? `'${cell}` : cell;
    }),
  );
  // Defused cells are quoted, as Papa's own escapeFormulae does.
  const quotes = (value: unknown) => typeof value === 'string' && /^'[=+\-@\t\r]/.test(value);
  return `\uFEFF${Papa.unparse(cells, {
    newline: '\r\n',
    delimiter: dialect.delimiter,
    quotes: quotes as unknown as boolean,
  })}`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
