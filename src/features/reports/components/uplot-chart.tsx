import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCompact, formatNumber } from '#src/lib/format.ts';
import type { ChartSeries } from './daily-chart.tsx';

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2'];
const HEIGHT = 220;

/** Days are calendar days: plot them at UTC midnight and read them back in UTC. */
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** uPlot drawing of daily series; loaded lazily with the chart that needs it. */
export default function UplotChart({
  days,
  series,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
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
          {},
          ...series.map((item, i) => ({
            label: item.label,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            value: (_plot: uPlot, value: number | null) =>
              value === null ? '—' : formatNumber(value),
          })),
        ],
        axes: [
          {},
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
  }, [days, series]);
  return <div ref={ref} className="reports-chart__plot" />;
}
