import { useId } from 'react';
import type { Difficulty } from '../../../music/playAlong/judgeWindows.ts';
import {
  MAX_TEMPO_PERCENT,
  MIN_TEMPO_PERCENT,
  type LoopChoice,
  type PlayAlongSettings,
} from './playAlongSettings.ts';

export interface PlayAlongControlsProps {
  readonly settings: PlayAlongSettings;
  readonly tuneBpm: number;
  readonly partCount: number;
  readonly barCount: number;
  readonly disabled: boolean;
  readonly onChange: (next: PlayAlongSettings) => void;
}

/** Mode, tempo, loop, drones, guide and difficulty (issue 14 item 4); all labelled controls. */
export function PlayAlongControls({
  settings,
  tuneBpm,
  partCount,
  barCount,
  disabled,
  onChange,
}: PlayAlongControlsProps) {
  const id = useId();
  const set = (patch: Partial<PlayAlongSettings>) => onChange({ ...settings, ...patch });
  const play = settings.mode === 'play';
  const loopValue =
    settings.loop.kind === 'none'
      ? 'none'
      : settings.loop.kind === 'part'
        ? `part-${settings.loop.part}`
        : 'bars';
  const bars =
    settings.loop.kind === 'bars' ? settings.loop : { from: 1, to: Math.min(2, barCount) };
  const bpm = Math.round((tuneBpm * settings.tempoPercent) / 100);
  return (
    <fieldset className="playalong-controls" disabled={disabled}>
      <legend>How to play</legend>
      <div className="playalong-mode" role="radiogroup" aria-label="Mode">
        {(['play', 'wait'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={settings.mode === mode}
              onChange={() => set({ mode })}
            />
            {mode === 'play' ? 'Play mode (real time)' : 'Wait mode (waits for each note)'}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-tempo`}>
        Tempo: {settings.tempoPercent}% ({bpm} bpm)
      </label>
      <input
        id={`${id}-tempo`}
        type="range"
        min={MIN_TEMPO_PERCENT}
        max={MAX_TEMPO_PERCENT}
        step={5}
        value={settings.tempoPercent}
        disabled={!play}
        onChange={(e) => set({ tempoPercent: Number(e.target.value) })}
      />
      <label htmlFor={`${id}-guide`}>Guide</label>
      <select
        id={`${id}-guide`}
        value={settings.guide}
        disabled={!play || settings.startOnFirstNote}
        onChange={(e) => set({ guide: e.target.value === 'metronome' ? 'metronome' : 'voice' })}
      >
        <option value="voice">Hear the tune</option>
        <option value="metronome">Metronome only</option>
      </select>
      <label htmlFor={`${id}-loop`}>Loop</label>
      <select
        id={`${id}-loop`}
        value={loopValue}
        onChange={(e) => {
          const v = e.target.value;
          const loop: LoopChoice =
            v === 'none'
              ? { kind: 'none' }
              : v === 'bars'
                ? { kind: 'bars', ...bars }
                : { kind: 'part', part: Number(v.slice(5)) };
          set({ loop });
        }}
      >
        <option value="none">No loop</option>
        {Array.from({ length: partCount }, (_, p) => (
          <option key={p} value={`part-${p}`}>
            Part {p + 1}
          </option>
        ))}
        <option value="bars">A range of bars</option>
      </select>
      {settings.loop.kind === 'bars' && (
        <span className="playalong-bars">
          <label htmlFor={`${id}-from`}>From bar</label>
          <input
            id={`${id}-from`}
            type="number"
            min={1}
            max={barCount}
            value={bars.from}
            onChange={(e) => {
              const from = Math.max(1, Math.min(barCount, Number(e.target.value) || 1));
              set({ loop: { kind: 'bars', from, to: Math.max(from, bars.to) } });
            }}
          />
          <label htmlFor={`${id}-to`}>to bar</label>
          <input
            id={`${id}-to`}
            type="number"
            min={bars.from}
            max={barCount}
            value={bars.to}
            onChange={(e) => {
              const to = Math.max(bars.from, Math.min(barCount, Number(e.target.value) || 1));
              set({ loop: { kind: 'bars', from: bars.from, to } });
            }}
          />
        </span>
      )}
      <label htmlFor={`${id}-difficulty`}>Judging</label>
      <select
        id={`${id}-difficulty`}
        value={settings.difficulty}
        onChange={(e) => set({ difficulty: e.target.value as Difficulty })}
      >
        <option value="relaxed">Relaxed</option>
        <option value="standard">Standard</option>
        <option value="strict">Strict</option>
      </select>
      <label className="playalong-check">
        <input
          type="checkbox"
          checked={settings.drones}
          onChange={(e) => set({ drones: e.target.checked })}
        />
        Drones
      </label>
      <label className="playalong-check">
        <input
          type="checkbox"
          checked={settings.startOnFirstNote}
          disabled={!play}
          onChange={(e) => set({ startOnFirstNote: e.target.checked })}
        />
        Start on my first note (no count-in, no guide)
      </label>
    </fieldset>
  );
}
