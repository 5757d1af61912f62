import type { Cents } from '../../../music/chanter.ts';
import './listening.css';

/** The needle's range: half a semitone either side covers every in-note reading. */
export const METER_RANGE: Cents = 50;
/** Within this, a note counts as in tune (the green band). */
export const IN_TUNE: Cents = 5;
const METER_MIN: Cents = -METER_RANGE;
const SWEEP = 60; // degrees either side of upright

/** "22 cents sharp", "3 cents flat", "in tune" — what a screen reader says for the needle. */
export function centsText(cents: Cents): string {
  const rounded = Math.round(cents);
  if (rounded === 0) return 'in tune';
  return `${Math.abs(rounded)} ${Math.abs(rounded) === 1 ? 'cent' : 'cents'} ${rounded > 0 ? 'sharp' : 'flat'}`;
}

const angleOf = (cents: Cents) =>
  (Math.max(-METER_RANGE, Math.min(METER_RANGE, cents)) / METER_RANGE) * SWEEP;

function polar(angle: number, radius: number): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [100 + radius * Math.sin(rad), 110 - radius * Math.cos(rad)];
}

function arc(from: Cents, to: Cents, radius: number): string {
  const [x1, y1] = polar(angleOf(from), radius);
  const [x2, y2] = polar(angleOf(to), radius);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${radius} ${radius} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

const ticks = Array.from({ length: 11 }, (_, i) => -METER_RANGE + i * 10);

/**
 * A needle meter in cents (issue 4 point 8: "a needle meter, not lights only"), shared by the
 * Tuner and Chanter Test. The drawing
 * is decorative; the value is exposed as role=meter with a spoken value text.
 */
export function CentsMeter({ cents, label = 'Tuning' }: { cents: Cents | null; label?: string }) {
  const shown = cents ?? 0;
  return (
    <div
      className="cents-meter"
      role="meter"
      aria-label={label}
      aria-valuemin={METER_MIN}
      aria-valuemax={METER_RANGE}
      aria-valuenow={Math.round(shown * 10) / 10}
      aria-valuetext={cents === null ? 'no note' : centsText(cents)}
      data-active={cents !== null}
      data-in-tune={cents !== null && Math.abs(cents) <= IN_TUNE}
    >
      <svg viewBox="-14 -6 228 131" aria-hidden="true" focusable="false">
        <path className="meter-scale" d={arc(-METER_RANGE, METER_RANGE, 90)} />
        <path className="meter-in-tune" d={arc(-IN_TUNE, IN_TUNE, 90)} />
        {ticks.map((t) => {
          const [x1, y1] = polar(angleOf(t), t % 50 === 0 ? 76 : 82);
          const [x2, y2] = polar(angleOf(t), 90);
          return <line key={t} className="meter-tick" x1={x1} y1={y1} x2={x2} y2={y2} />;
        })}
        {[-METER_RANGE, 0, METER_RANGE].map((t) => {
          const [x, y] = polar(angleOf(t), 100);
          return (
            <text key={t} className="meter-label" x={x} y={y} textAnchor="middle">
              {t > 0 ? `+${t}` : t}
            </text>
          );
        })}
        <text className="meter-label meter-flat" x="16" y="122">
          flat
        </text>
        <text className="meter-label meter-sharp" x="184" y="122" textAnchor="end">
          sharp
        </text>
        <g className="meter-needle" style={{ transform: `rotate(${angleOf(shown)}deg)` }}>
          <line x1="100" y1="110" x2="100" y2="24" />
        </g>
        <circle className="meter-pivot" cx="100" cy="110" r="5" />
      </svg>
    </div>
  );
}
