import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCompact, formatNumber } from '#src/lib/format.ts';
import type { ChartSeries } from './daily-chart.tsx';

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2'];
const HEIGHT = 220;

/** Days are calendar days: plot them at UTC midnight and read them back in UTC. */
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** 1731542400 → '14.11' (axis) or '14.11.2024' (legend), in UTC like `toSeconds`. */
function dayText(seconds: number, withYear: boolean): string {
  const [year, month, day] = new Date(seconds * 1000).toISOString().slice(0, 10).split('-');
  return withYear ? `${day}.${month}.${year}` : `${day}.${month}`;
}

/** uPlot drawing of daily series; loaded lazily with the chart that needs it. */
export default function UplotChart({
  days,
  series,
  dayLabel,
  type = 'line',
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Legend label of the x values. */
  dayLabel: string;
  /** How the series are drawn (the report catalogue's chart type). @default 'line' */
  type?: 'line' | 'bar' | 'area';
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    const plot = new uPlot(
      {
        width: Math.max(target.clientWidth, 320),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        series: [
          {
            label: dayLabel,
            value: (_plot: uPlot, value: number | null) =>
              value === null ? '—' : dayText(value, true),
          },
          ...series.map((item, i) => ({
            label: item.label,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            ...(type === 'area' && { fill: `${COLORS[i % COLORS.length]}33` }),
            ...(type === 'bar' && {
              fill: `${COLORS[i % COLORS.length]}99`,
              paths: uPlot.paths.bars!({ size: [0.8 / Math.max(series.length, 1), 64] }),
            }),
            value: (_plot: uPlot, value: number | null) =>
              value === null ? '—' : formatNumber(value),
          })),
        ],
        axes: [
          { values: (_plot: uPlot, ticks: number[]) => ticks.map((tick) => dayText(tick, false)) },
          {
            size: 60,
            values: (_plot: uPlot, ticks: number[]) => ticks.map((tick) => formatCompact(tick)),
          },
        ],
      },
      [days.map(toSeconds), ...series.map((item) => [...item.values])],
      target,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() =>
            plot.setSize({ width: Math.max(target.clientWidth, 320), height: HEIGHT }),
          );
    observer?.observe(target);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, dayLabel, type]);
  return <div ref={ref} className="reports-chart__plot" data-chart-type={type} />;
}
