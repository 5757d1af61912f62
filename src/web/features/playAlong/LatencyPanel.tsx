import { latencyFor } from '../../storage/inputLatency.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

export interface LatencyPanelProps {
  readonly deviceId: string | null;
  readonly disabled: boolean;
}

/**
 * 'Calibrate latency' (issue 14 item 3, ADR 024): the stored round trip of the microphone in
 * use, which play mode takes off every onset.
 */
export function LatencyPanel({ deviceId }: LatencyPanelProps) {
  const [table] = useStoredValue(keys.inputLatency);
  const stored = latencyFor(table, deviceId);
  return (
    <details className="playalong-latency">
      <summary>Calibrate latency</summary>
      <p>
        {stored
          ? `This microphone: ${Math.round(stored.ms)} ms (± ${stored.sdMs.toFixed(1)} ms, by ${stored.method}), taken off every note before judging.`
          : 'No latency measured for this microphone yet: notes are judged as heard.'}
      </p>
    </details>
  );
}
