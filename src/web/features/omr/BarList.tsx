import type { OmrBar } from '../../../music/omr/omrTypes.ts';

export interface BarListProps {
  readonly bars: readonly OmrBar[];
  readonly hover: number | null;
  readonly selected: number | null;
  readonly unsure: (bar: number) => boolean;
  readonly onHover: (bar: number | null) => void;
  readonly onSelect: (bar: number) => void;
}

export const CHECK_THIS_BAR = 'Check this bar';

/**
 * Every recognised bar as a button, in page order: the keyboard's way to a bar's region on the
 * page and to its editor. A bar read with doubt says 'Check this bar' in words, not only in
 * colour (WCAG 1.4.1).
 */
export function BarList({ bars, hover, selected, unsure, onHover, onSelect }: BarListProps) {
  return (
    <ol className="omr-bars" aria-label="Bars read from the page">
      {bars.map((b, i) => (
        <li key={i}>
          <button
            type="button"
            className={['omr-bar', i === hover ? 'is-hover' : '', unsure(i) ? 'is-unsure' : '']
              .filter(Boolean)
              .join(' ')}
            aria-pressed={i === selected}
            onMouseEnter={() => onHover(i)}
            onMouseLeave={() => onHover(null)}
            onFocus={() => onHover(i)}
            onBlur={() => onHover(null)}
            onClick={() => onSelect(i)}
          >
            <span className="omr-bar-name">Bar {i + 1}</span>
            <span className="omr-bar-where">
              Part {b.part + 1}, line {b.line + 1}
            </span>
            {unsure(i) && <span className="omr-bar-check">{CHECK_THIS_BAR}</span>}
          </button>
        </li>
      ))}
    </ol>
  );
}
