import type { CSSProperties } from 'react';
import type { MetronomeView } from '../../../audio/metronomeEngine.ts';

/** Degrees either side of upright the pendulum swings to. */
const SWING = 28;

export interface BeatVisualProps {
  readonly view: MetronomeView;
  readonly running: boolean;
  /** Beats heard since Start; each change is one beat. */
  readonly beat: number;
  /** Seconds to the next beat: each swing or step takes exactly this long. */
  readonly beatSeconds: number;
  /** Beats in a bar (issue 22 item 2): the Circle's marks and the bar's dots. */
  readonly beatsPerBar: number;
  /** The last beat's place in its bar, from 1; 0 before the first. */
  readonly beatInBar: number;
}

/**
 * Where the bar is (issue 22 item 2): one dot a beat, the first (the accent) larger, the beat
 * just heard lit. It does not move, so it shows the bar under reduced motion too.
 */
function BarPosition({
  running,
  beatsPerBar,
  beatInBar,
}: Pick<BeatVisualProps, 'running' | 'beatsPerBar' | 'beatInBar'>) {
  return (
    <ol className="metronome-bar" aria-hidden="true">
      {Array.from({ length: beatsPerBar }, (_, i) => (
        <li
          key={i}
          className="metronome-bar-dot"
          data-accent={i === 0 || undefined}
          data-current={(running && beatInBar === i + 1) || undefined}
        />
      ))}
    </ol>
  );
}

/**
 * The Pendulum and Circle views (spec §2.3 'View'). Pure CSS transitions: on every beat the
 * target moves one step on and the transition lasts one beat, so the arm reaches each end, and
 * the dot each mark, exactly as the next beat sounds. Reduced motion: no swinging or turning,
 * only the flash on each beat (metronome.css).
 */
export function BeatVisual(props: BeatVisualProps) {
  if (props.view === 'None') return null;
  return (
    <>
      <BeatPicture {...props} />
      <BarPosition {...props} />
    </>
  );
}

function BeatPicture({ view, running, beat, beatSeconds, beatsPerBar }: BeatVisualProps) {
  const style = { '--beat-seconds': `${beatSeconds}s` } as CSSProperties;
  // The flash restarts its animation by remounting on every beat (key).
  const flash = beat > 0 ? 'metronome-flash' : undefined;
  if (view === 'Pendulum') {
    // Stopped: upright. Started: waits at the left end, then swings one way per beat.
    const angle = !running ? 0 : beat % 2 === 1 ? SWING : -SWING;
    return (
      <svg
        className="metronome-visual pendulum"
        viewBox="0 0 200 230"
        aria-hidden="true"
        style={style}
      >
        <path className="pendulum-body" d="M70 40 H130 L165 212 H35 Z" />
        <path className="pendulum-scale" d="M86 70 H114 M84 90 H116 M82 110 H118 M80 130 H120" />
        <g
          className="pendulum-arm"
          data-running={running || undefined}
          style={{ transform: `rotate(${angle}deg)` }}
        >
          <line x1="100" y1="196" x2="100" y2="22" />
          <rect x="88" y="62" width="24" height="22" rx="4" />
        </g>
        <circle className="pendulum-pivot" cx="100" cy="196" r="7" />
        <circle key={beat} className={`pendulum-lamp ${flash ?? ''}`} cx="100" cy="222" r="6" />
      </svg>
    );
  }
  // Circle: one mark a beat of the bar, the accent's at the top and larger (issue 22 item 2).
  // From each beat the dot takes one beat to travel to the next mark, so it reaches it as the
  // next beat sounds and is back at the top on every first beat. Stopping jumps it home (no
  // transition when stopped).
  const step = 360 / beatsPerBar;
  const turn = running ? beat * step : 0;
  return (
    <svg className="metronome-visual circle" viewBox="0 0 200 200" aria-hidden="true" style={style}>
      <circle className="circle-ring" cx="100" cy="100" r="78" />
      {Array.from({ length: beatsPerBar }, (_, i) => i * step).map((a) => (
        <circle
          key={a}
          className={a === 0 ? 'circle-mark circle-mark--accent' : 'circle-mark'}
          cx={100 + 78 * Math.sin((a * Math.PI) / 180)}
          cy={100 - 78 * Math.cos((a * Math.PI) / 180)}
          r={a === 0 ? 9 : 5}
        />
      ))}
      <circle key={beat} className={`circle-core ${flash ?? ''}`} cx="100" cy="100" r="46" />
      <g
        className="circle-hand"
        data-running={running || undefined}
        style={{ transform: `rotate(${turn}deg)` }}
      >
        <circle cx="100" cy="22" r="11" />
      </g>
    </svg>
  );
}
