import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LatencyCalibrator } from '../../../audio/latency/latencyCalibrator.ts';
import type { LatencyResult } from '../../../audio/latency/summariseLatency.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import { keys } from '../../storage/keys.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import { LatencyPanel } from './LatencyPanel.tsx';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  resetStoresForTests();
});

const noteEvents: NoteEvents = { subscribe: () => () => {}, getSnapshot: () => null };

function fakeCalibrator(loopback: LatencyResult, tapAlong: LatencyResult) {
  const calibrator: LatencyCalibrator = {
    loopback: () => Promise.resolve(loopback),
    tapAlong: () => Promise.resolve(tapAlong),
    cancel: () => {},
  };
  const close = vi.fn();
  return { create: vi.fn(() => Promise.resolve({ calibrator, close })), close };
}

describe('Calibrate latency (issue 14.5)', () => {
  it('issue 14.5: loopback first; when the clicks are not heard, tap-along is offered and its result is stored for this microphone with its SD', async () => {
    const user = userEvent.setup();
    settingsStore().write(keys.microphone, 'usb-mic');
    const { create, close } = fakeCalibrator(
      { ok: false, method: 'loopback', reason: 'not-heard', used: 2, of: 10, sdMs: null },
      { ok: true, method: 'tap-along', latencyMs: 84.4, sdMs: 3.2, used: 12, of: 16 },
    );
    const startListening = vi.fn();
    render(
      <LatencyPanel
        deviceId="usb-mic"
        disabled={false}
        noteEvents={noteEvents}
        startListening={startListening}
        createCalibrator={create}
      />,
    );
    await user.click(screen.getByText('Calibrate latency'));
    expect(screen.getByRole('status').textContent).toMatch(/No latency measured/);
    expect(screen.queryByRole('button', { name: 'Tap along instead' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Measure with clicks' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not heard/);
    expect(close).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Tap along instead' }));
    expect(startListening).toHaveBeenCalled();
    await screen.findByText(/84 ms \(± 3\.2 ms, by tap-along\)/);
    const stored = settingsStore().read(keys.inputLatency)['usb-mic'];
    expect(stored).toMatchObject({ ms: 84.4, sdMs: 3.2, method: 'tap-along' });
    expect(create).toHaveBeenCalledWith('usb-mic', noteEvents);
  });
});
