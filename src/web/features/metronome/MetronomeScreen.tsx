import { useId } from 'react';
import {
  clampBpm,
  MAX_BPM,
  metronomeSounds,
  metronomeViews,
  MIN_BPM,
  type MetronomeSound,
  type MetronomeView,
} from '../../../audio/metronomeEngine.ts';
import { MenuBar, type MenuDefinition } from '../../ui/MenuBar.tsx';
import { keys } from '../../storage/keys.ts';
import type { SettingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { BeatVisual } from './BeatVisual.tsx';
import { TimeSignatureChoice } from './TimeSignatureChoice.tsx';
import { browserConfirm, mayEnableHaptics, type Confirm } from './hapticsConfirm.ts';
import { browserMetronome, useMetronome, type CreateMetronome } from './useMetronome.ts';
import './metronome.css';
import { trackFeature } from '../../lib/analytics.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';

type Haptics = 'On' | 'Off';

export interface MetronomeScreenProps {
  /** Test seams; the page uses the browser's audio, user agent and confirm. */
  readonly createEngine?: CreateMetronome;
  readonly userAgent?: string;
  readonly confirm?: Confirm;
  readonly store?: SettingsStore;
}

/**
 * The Metronome (spec §2.3, §4 'Metronome', §9): View, Sound and Haptics menus, the BPM with
 * minus, plus and a slider (60–240, clamped), and one Start/Stop button. Preferences (view,
 * sound, haptics) are stored (spec §3 'metronome preferences'); the BPM starts at 100. The
 * time signature (issue 22 item 2) is stored with them and, like them, stops the beats.
 */
export default function MetronomeScreen({
  createEngine = browserMetronome,
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  confirm = browserConfirm,
  store,
}: MetronomeScreenProps) {
  const [preferences, setPreferences] = useStoredValue(keys.metronome, store);
  const { engine, state } = useMetronome(createEngine, preferences);
  usePracticeSession('metronome', state.running, { details: { tempo: state.bpm } });
  const sliderId = useId();

  // Each menu changes the engine at once (which stops it, spec §4) and stores the choice.
  const viewMenu: MenuDefinition<MetronomeView> = {
    label: 'View',
    items: metronomeViews.map((v) => ({ label: v, value: v })),
    selected: state.view,
    onSelect(view) {
      engine.setView(view);
      setPreferences({ ...preferences, view });
    },
  };
  const soundMenu: MenuDefinition<MetronomeSound> = {
    label: 'Sound',
    items: metronomeSounds.map((s) => ({ label: s, value: s })),
    selected: state.sound,
    onSelect(sound) {
      engine.setSound(sound);
      setPreferences({ ...preferences, sound });
    },
  };
  const hapticsMenu: MenuDefinition<Haptics> = {
    label: 'Haptics',
    items: [
      { label: 'On', value: 'On' },
      { label: 'Off', value: 'Off' },
    ],
    selected: state.haptics ? 'On' : 'Off',
    onSelect(choice) {
      const haptics = choice === 'On';
      // Spec §8: in Safari, ask first; declining leaves haptics off.
      if (haptics && !state.haptics && !mayEnableHaptics(userAgent, confirm)) return;
      engine.setHaptics(haptics);
      setPreferences({ ...preferences, haptics });
    },
  };

  return (
    <section className="page metronome" aria-labelledby="metronome-title">
      <h1 id="metronome-title">Metronome</h1>
      <MenuBar
        label="Metronome options"
        className="metronome-menus"
        menus={[viewMenu, soundMenu, hapticsMenu]}
      />
      <div className={`metronome-panel metronome-panel--${state.view.toLowerCase()}`}>
        <div
          className={`metronome-stage metronome-stage--${state.view.toLowerCase()}`}
          data-beat={state.beat}
          data-beat-in-bar={state.beatInBar}
          data-running={state.running}
        >
          <BeatVisual
            view={state.view}
            running={state.running}
            beat={state.beat}
            beatSeconds={state.beatSeconds}
            beatsPerBar={state.beatsPerBar}
            beatInBar={state.beatInBar}
          />
        </div>
        <div className="metronome-controls">
          <div className="metronome-tempo">
            <button
              type="button"
              className="metronome-step"
              aria-label="Decrease BPM"
              onClick={() => engine.setBpm(state.bpm - 1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <p className="metronome-bpm" aria-live="polite" aria-atomic="true">
              <span className="metronome-bpm-value">{state.bpm}</span>{' '}
              <span className="metronome-bpm-unit">BPM</span>
            </p>
            <button
              type="button"
              className="metronome-step"
              aria-label="Increase BPM"
              onClick={() => engine.setBpm(state.bpm + 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <label className="metronome-slider-label" htmlFor={sliderId}>
            Tempo
          </label>
          <input
            id={sliderId}
            className="metronome-slider"
            type="range"
            min={MIN_BPM}
            max={MAX_BPM}
            step={1}
            value={state.bpm}
            aria-valuetext={`${state.bpm} BPM`}
            onChange={(e) => engine.setBpm(clampBpm(Number(e.currentTarget.value)))}
          />
          <div className="metronome-range" aria-hidden="true">
            <span>{MIN_BPM}</span>
            <span>{MAX_BPM}</span>
          </div>
          <TimeSignatureChoice
            value={state.timeSignature}
            onChange={(timeSignature) => {
              engine.setTimeSignature(timeSignature);
              setPreferences({ ...preferences, timeSignature });
            }}
          />
          <button
            type="button"
            className={`button metronome-toggle${state.running ? ' is-running' : ''}`}
            onClick={() => {
              if (state.running) return engine.stop();
              trackFeature('metronome', 'start');
              engine.start();
            }}
          >
            {state.running ? 'Stop' : 'Start'}
          </button>
          {state.loading && <p className="metronome-note">Loading sound…</p>}
          {state.error && (
            <p className="metronome-error" role="alert">
              {state.error}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
