import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

/**
 * One small chart drawn by uPlot (DESIGN: uplot 1.6, lazy): the library and its CSS load with
 * the first chart, never with the page's first bytes. The box has its height before uPlot
 * arrives, so nothing moves when it draws (issue 21: no layout shift). Charts are pictures for
 * sighted readers; each has a table beside it (ChartTable) that says the same in words.
 */
export interface ChartSeries {
  readonly label: string;
  readonly color: string;
  /** Bars instead of a line. */
  readonly bars?: boolean;
  readonly dash?: readonly number[];
  readonly values: readonly (number | null)[];
}

export interface UplotChartProps {
  /** Seconds since the epoch (uPlot's time scale). */
  readonly x: readonly number[];
  readonly series: readonly ChartSeries[];
  readonly height: number;
  readonly yMax?: number;
  /** Formats a y tick ('80%', '45 min'). */
  readonly yFormat: (value: number) => string;
  /** The chart's name for assistive technology (the table has the numbers). */
  readonly label: string;
}

let loading: Promise<typeof uPlot> | null = null;
function loadUplot() {
  // uPlot's types say `export =`; its ES module has a default export.
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([m]) => (m as unknown as { default: typeof uPlot }).default,
  );
  return loading;
}

export function UplotChart({ x, series, height, yMax, yFormat, label }: UplotChartProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUplot()
      .then((UPlot) => {
        if (cancelled) return;
        const width = Math.max(200, Math.round(el.getBoundingClientRect().width));
        const bars = UPlot.paths.bars?.({ size: [0.6, 40] });
        const options: uPlot.Options = {
          width,
          height,
          // The key is the page's own (one line); uPlot's live legend crowds a phone.
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: [0, yMax ?? null] as uPlot.Range.MinMax } },
          axes: [
            { stroke: '#4a5563', grid: { stroke: '#e6e2d8' }, ticks: { stroke: '#d5d0c4' } },
            {
              stroke: '#4a5563',
              grid: { stroke: '#e6e2d8' },
              ticks: { stroke: '#d5d0c4' },
              size: 64,
              values: (_u, ticks) => ticks.map(yFormat),
            },
          ],
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              width: 2,
              ...(s.dash ? { dash: [...s.dash] } : {}),
              ...(s.bars && bars ? { paths: bars, fill: `${s.color}cc`, width: 0 } : {}),
              // Dots help a short trend; past a few dozen they only blur the line.
              points: { show: !s.bars && s.values.length <= 60, size: 5 },
              spanGaps: true,
              value: (_u: uPlot, v: number | null) => (v === null ? '–' : yFormat(v)),
            })),
          ],
        };
        const data = [x as number[], ...series.map((s) => s.values as (number | null)[])];
        chart = new UPlot(options, data as uPlot.AlignedData, el);
        observer = new ResizeObserver(([entry]) => {
          const w = Math.round(entry?.contentRect.width ?? 0);
          if (w > 0 && chart && w !== chart.width) chart.setSize({ width: w, height });
        });
        observer.observe(el);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [x, series, height, yMax, yFormat]);

  return (
    <div
      ref={box}
      className="progress-chart"
      role="img"
      aria-label={label}
      style={{ minHeight: height }}
    >
      {failed && <p className="progress-hint">The chart could not be drawn: see the table.</p>}
    </div>
  );
}
