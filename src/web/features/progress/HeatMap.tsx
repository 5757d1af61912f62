import { useEffect, useRef } from 'react';
import { HEAT_WEEKS, type HeatCell } from './progressModel.ts';

/**
 * The calendar heat map of practice minutes (issue 18 item 3): a year of weeks as columns,
 * Monday at the top, plain SVG (no library for 371 squares). Its viewBox scales it to the
 * width, so it takes the same space empty and full (no layout shift). The month table beside
 * it is the accessible view.
 */
const CELL = 12;
const GAP = 2;
const LEFT = 26;
const TOP = 14;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LEVEL_CLASSES = ['heat-0', 'heat-1', 'heat-2', 'heat-3', 'heat-4'] as const;

/** The squares of one level as one path (a rounded look is not worth 371 elements). */
function pathOf(cells: readonly HeatCell[], level: number): string {
  let d = '';
  cells.forEach((c, i) => {
    if (c.future || c.level !== level) return;
    const x = LEFT + Math.floor(i / 7) * (CELL + GAP);
    const y = TOP + (i % 7) * (CELL + GAP);
    d += `M${x} ${y}h${CELL}v${CELL}h-${CELL}z`;
  });
  return d;
}

export const HEAT_WIDTH = LEFT + HEAT_WEEKS * (CELL + GAP);
export const HEAT_HEIGHT = TOP + 7 * (CELL + GAP);

function monthOf(day: number): number {
  return new Date(day * 86_400_000).getUTCMonth();
}

export function HeatMap({ cells, label }: { cells: readonly HeatCell[]; label: string }) {
  const labels: { x: number; text: string }[] = [];
  for (let week = 0; week < HEAT_WEEKS; week++) {
    const monday = cells[week * 7];
    const before = cells[(week - 1) * 7];
    if (monday && (!before || monthOf(monday.day) !== monthOf(before.day))) {
      // The first column's month only when its label has room before the next month's.
      const last = labels.at(-1);
      if (last && LEFT + week * (CELL + GAP) - last.x < 3 * (CELL + GAP)) labels.pop();
      labels.push({ x: LEFT + week * (CELL + GAP), text: MONTHS[monthOf(monday.day)]! });
    }
  }
  // On a phone the year is wider than the screen: it scrolls, starting at this week.
  const scroller = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  return (
    <div
      ref={scroller}
      className="progress-heat-scroll"
      // A scrolling box must take the keyboard (axe scrollable-region-focusable: arrows scroll).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Practice calendar (scrolls sideways)"
    >
      <svg
        className="progress-heat"
        viewBox={`0 0 ${HEAT_WIDTH} ${HEAT_HEIGHT}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="xMinYMin meet"
      >
        {labels.map((l) => (
          <text key={l.x} x={l.x} y={10} className="progress-heat-label">
            {l.text}
          </text>
        ))}
        {['Mon', 'Wed', 'Fri'].map((d, i) => (
          <text
            key={d}
            x={0}
            y={TOP + (i * 2 + 1) * (CELL + GAP) - 3}
            className="progress-heat-label"
          >
            {d}
          </text>
        ))}
        {/* One path per level, not 371 rectangles: a tenth of the DOM to hydrate (Lighthouse
          TBT); the month table has each day's numbers. */}
        {LEVEL_CLASSES.map((name, level) => (
          <path key={name} className={name} d={pathOf(cells, level)} />
        ))}
      </svg>
    </div>
  );
}
