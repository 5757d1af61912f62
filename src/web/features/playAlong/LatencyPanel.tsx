import { useEffect, useRef, useState } from 'react';
import type { LatencyMethod, LatencyResult } from '../../../audio/latency/summariseLatency.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import { latencyFor, rememberLatency } from '../../storage/inputLatency.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import {
  browserLatencyCalibrator,
  type CreateCalibrator,
  type OpenCalibrator,
} from './browserLatencyCalibrator.ts';

export interface LatencyPanelProps {
  readonly deviceId: string | null;
  readonly disabled: boolean;
  readonly noteEvents: NoteEvents;
  /** Tap-along hears the piper's notes: the microphone must listen (call inside the click). */
  readonly startListening: () => void;
  /** Test seam. */
  readonly createCalibrator?: CreateCalibrator;
}

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'measuring'; readonly method: LatencyMethod }
  | { readonly kind: 'failed'; readonly result: LatencyResult | null };

const methodWords: Readonly<Record<LatencyMethod, string>> = {
  loopback: 'loopback',
  'tap-along': 'tap-along',
};

/**
 * 'Calibrate latency' (issue 14 items 3 and 5; ADR 024): loopback first (the app plays clicks
 * through the speakers and hears them), tap-along as the fallback (play a note with each click);
 * the result with its standard deviation is stored for the microphone in use, and play mode
 * takes it off every onset.
 */
export function LatencyPanel({
  deviceId,
  disabled,
  noteEvents,
  startListening,
  createCalibrator = browserLatencyCalibrator,
}: LatencyPanelProps) {
  const [table, setTable] = useStoredValue(keys.inputLatency);
  const stored = latencyFor(table, deviceId);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const open = useRef<OpenCalibrator | null>(null);
  useEffect(
    () => () => {
      open.current?.calibrator.cancel();
      open.current?.close();
    },
    [],
  );

  async function measure(method: LatencyMethod) {
    if (method === 'tap-along') startListening();
    setPhase({ kind: 'measuring', method });
    let result: LatencyResult | null = null;
    try {
      open.current ??= await createCalibrator(deviceId, noteEvents);
      const c = open.current.calibrator;
      result = method === 'loopback' ? await c.loopback() : await c.tapAlong();
    } catch {
      result = null;
    } finally {
      open.current?.close();
      open.current = null;
    }
    if (result?.ok) {
      setTable(
        rememberLatency(table, deviceId, {
          ms: result.latencyMs,
          sdMs: result.sdMs,
          method: result.method,
          measuredAt: Date.now(),
        }),
      );
      setPhase({ kind: 'idle' });
    } else setPhase({ kind: 'failed', result });
  }

  const busy = phase.kind === 'measuring';
  return (
    <details className="playalong-latency">
      <summary>Calibrate latency</summary>
      <p role="status">
        {busy
          ? phase.method === 'loopback'
            ? 'Listening for the clicks… keep the room quiet.'
            : 'Play a note on each click…'
          : stored
            ? `This microphone: ${Math.round(stored.ms)} ms (± ${stored.sdMs.toFixed(1)} ms, by ${methodWords[stored.method]}), taken off every note before judging.`
            : 'No latency measured for this microphone yet: notes are judged as heard.'}
      </p>
      {phase.kind === 'failed' && (
        <p className="playalong-error" role="alert">
          {phase.result?.ok === false && phase.result.reason === 'unsteady'
            ? `The clicks came back unsteadily (± ${phase.result.sdMs?.toFixed(1) ?? '?'} ms). `
            : 'The clicks were not heard. '}
          Turn the speakers up, or measure by tapping along instead.
        </p>
      )}
      <div className="playalong-latency-actions">
        <button
          type="button"
          className="button secondary"
          disabled={disabled || busy}
          onClick={() => void measure('loopback')}
        >
          Measure with clicks
        </button>
        {(phase.kind === 'failed' || stored) && (
          <button
            type="button"
            className="button secondary"
            disabled={disabled || busy}
            onClick={() => void measure('tap-along')}
          >
            Tap along instead
          </button>
        )}
      </div>
    </details>
  );
}
