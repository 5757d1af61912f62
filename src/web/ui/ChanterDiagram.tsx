import type { FingeringState } from '../../music/fingering.ts';
import { holeNames } from '../../music/fingering.ts';
import './chanterDiagram.css';

/** The drawing area of spec §2.3 'Chanter diagram' (R-2.3.DIAGRAM-01, R-9.CONST-41). */
export const DIAGRAM_WIDTH = 120;
export const DIAGRAM_HEIGHT = 450;

/** Hole centres down the chanter; a gap between the top and bottom hands, as on the wood. */
const FRONT_Y = [105, 150, 195, 255, 300, 345, 390] as const;
const THUMB_Y = 85;
const CX = 60;

export interface ChanterDiagramProps {
  readonly fingering: FingeringState;
  /** Note name for the accessible label, e.g. 'D'. */
  readonly noteName: string;
  readonly className?: string;
}

/** 'Chanter fingering for D: covered thumb, …; open bottom index, …' (R-2.3.DIAGRAM-03). */
export function describeFingering(noteName: string, fingering: FingeringState): string {
  const covered = holeNames.filter((_, i) => fingering.holes[i]);
  const open = holeNames.filter((_, i) => !fingering.holes[i]);
  const part = (word: string, list: string[]) =>
    list.length ? `${word} ${list.join(', ')}` : `${word} none`;
  return `Chanter fingering for ${noteName}: ${part('covered', covered)}; ${part('open', open)}`;
}

/**
 * A practice chanter seen from the front, drawn from a fingering state (R-2.3.DIAGRAM-03) in a
 * 120 × 450 viewBox that scales to its box (R-2.3.DIAGRAM-02). Covered holes are filled, open
 * holes hollow; the thumb hole is on the back, so it is drawn dashed beside the top hand.
 */
export function ChanterDiagram({ fingering, noteName, className }: ChanterDiagramProps) {
  const [thumb, ...front] = fingering.holes;
  return (
    <svg
      className={['chanter-diagram', className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={describeFingering(noteName, fingering)}
    >
      {/* Mouthpiece, top, body and sole. */}
      <rect className="chanter-diagram__wood" x={50} y={4} width={20} height={40} rx={6} />
      <rect className="chanter-diagram__mount" x={40} y={40} width={40} height={18} rx={4} />
      <path className="chanter-diagram__wood" d="M 42 58 L 78 58 L 84 418 L 36 418 Z" />
      <rect className="chanter-diagram__mount" x={30} y={414} width={60} height={20} rx={4} />
      <g data-hole="thumb" data-covered={thumb}>
        <circle
          className={`chanter-diagram__hole chanter-diagram__thumb ${thumb ? 'is-covered' : 'is-open'}`}
          cx={CX + 36}
          cy={THUMB_Y}
          r={10}
        />
        <text className="chanter-diagram__tag" x={CX + 36} y={THUMB_Y - 15} textAnchor="middle">
          back
        </text>
      </g>
      {front.map((covered, i) => (
        <circle
          key={holeNames[i + 1]}
          data-hole={holeNames[i + 1]}
          data-covered={covered}
          className={`chanter-diagram__hole ${covered ? 'is-covered' : 'is-open'}`}
          cx={CX}
          cy={FRONT_Y[i]}
          r={i === 6 ? 9 : 11}
        />
      ))}
    </svg>
  );
}
