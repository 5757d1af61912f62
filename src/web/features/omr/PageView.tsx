import type { OmrBar } from '../../../music/omr/omrTypes.ts';
import type { ShownPage } from './omrScreenState.ts';

export interface PageViewProps {
  readonly page: ShownPage;
  readonly name: string;
  readonly bars: readonly OmrBar[];
  readonly hover: number | null;
  readonly selected: number | null;
  readonly unsure: (bar: number) => boolean;
  readonly onHover: (bar: number | null) => void;
  readonly onSelect: (bar: number) => void;
}

/**
 * The page the piper opened, with each recognised bar's region outlined when it is hovered,
 * focused or chosen in the tune beside it, and the other way round (issue 20 item 2: 'each bar
 * linked to its region'). The outlines are pointer-only: the bar list is the keyboard's way.
 */
export function PageView({
  page,
  name,
  bars,
  hover,
  selected,
  unsure,
  onHover,
  onSelect,
}: PageViewProps) {
  return (
    <div className="omr-page">
      <img src={page.url} alt={`The page you opened (${name})`} />
      {page.width > 0 && bars.length > 0 && (
        <svg
          className="omr-regions"
          viewBox={`0 0 ${page.width} ${page.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          onPointerLeave={() => onHover(null)}
        >
          {bars.map((b, i) => (
            <rect
              key={i}
              data-bar={i}
              className={[
                'omr-region',
                i === hover ? 'is-hover' : '',
                i === selected ? 'is-selected' : '',
                unsure(i) ? 'is-unsure' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              x={b.region.x}
              y={b.region.y}
              width={b.region.width}
              height={b.region.height}
              onPointerEnter={() => onHover(i)}
              onClick={() => onSelect(i)}
            />
          ))}
        </svg>
      )}
    </div>
  );
}
