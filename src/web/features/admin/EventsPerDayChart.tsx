import { useCallback, useRef, useState } from 'react';

/**
 * Events per day as an SVG bar chart, drawn by hand (no chart library: a few dozen rectangles
 * do not need 100 KB). The numbers are also in a visually hidden table for screen readers.
 */
export interface DayCount {
  readonly day: string;
  readonly count: number;
}

/** Drawn at the box's own width (so labels stay 11 px on a phone), 640 until measured. */
const DEFAULT_WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };

/** A round step for the y axis: 1, 2 or 5 times a power of ten, about four ticks. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function useWidth(): [number, (el: HTMLElement | null) => void] {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.current.observe(el);
  }, []);
  return [width, ref];
}

export function EventsPerDayChart({ perDay }: { perDay: readonly DayCount[] }) {
  const [WIDTH, measure] = useWidth();
  const max = Math.max(1, ...perDay.map((d) => d.count));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, perDay.length);
  const barW = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // Label about six days along the axis, whatever the range.
  const every = Math.max(1, Math.ceil(perDay.length / Math.max(2, Math.floor(plotW / 70))));
  const total = perDay.reduce((sum, d) => sum + d.count, 0);

  return (
    <figure className="admin-chart" ref={measure}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Events per day: ${total} in ${perDay.length} days, at most ${max} in a day`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              className="admin-chart-grid"
            />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="admin-chart-label">
              {t}
            </text>
          </g>
        ))}
        {perDay.map((d, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={y(d.count)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(d.count))}
                className="admin-chart-bar"
              >
                <title>{`${d.day}: ${d.count}`}</title>
              </rect>
              {i % every === 0 ? (
                <text
                  x={x + barW / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="admin-chart-label"
                >
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Events per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Events</th>
          </tr>
        </thead>
        <tbody>
          {perDay.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
