import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportMicrophoneError } from '../../lib/useNoteInput.ts';
import { getReports } from '../../lib/monitoring.ts';
import { DialogOutlet } from '../../ui/DialogOutlet.tsx';
import { dialogs } from '../../ui/dialogService.ts';
import { microphoneErrorOf } from '../../../audio/microphone.ts';
import ChanterTestScreen from './ChanterTestScreen.tsx';

function renderScreen() {
  return render(
    <MemoryRouter>
      <ChanterTestScreen />
      <DialogOutlet />
    </MemoryRouter>,
  );
}

const press = (key: string) => {
  act(() => {
    fireEvent.keyDown(window, { key });
  });
  act(() => {
    fireEvent.keyUp(window, { key });
  });
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  dialogs.dropQueued();
  dialogs.close();
});

describe('ChanterTestScreen', () => {
  it('issue 22.12 R-2.4.DIALOG-02 Chanter Recommended is not the first thing on the screen before a note is played', async () => {
    // Standard chanter, nothing played yet: the screen opens without the recommendation.
    renderScreen();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Start listening' })).toBeTruthy();
    // The service's state, not the lazily drawn dialog: nothing was asked for.
    expect(dialogs.getSnapshot()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // (It is due after a few notes through the microphone: e2e/chanterTest.e2e.ts.)
  });

  it('R-4.DIALOG-11 R-1.USERS-02 choosing Keyboard shows the Keyboard Chanter dialog and the keys drive the test', async () => {
    localStorage.setItem('calibration_dialog_seenchantertest', 'true');
    renderScreen();
    fireEvent.change(screen.getByLabelText('Chanter'), { target: { value: 'Keyboard' } });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard Chanter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got It' }));

    act(() => {
      fireEvent.keyDown(window, { key: 'd' });
    });
    expect(screen.getByTestId('chanter-test-note').textContent).toBe('D');
    expect(screen.getByText('640.0 Hz')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Chanter fingering for D/ })).toBeTruthy();
    act(() => {
      fireEvent.keyUp(window, { key: 'd' });
    });
    press('e');
    press('A');
    const strip = screen.getByRole('list', { name: 'Notes heard' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['D', 'E', 'High A']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear notes' }));
    expect(screen.getByText('None yet.')).toBeTruthy();
  });

  it('issue 22.12 R-8.MIC-01 R-8.MIC-09 R-2.4.DIALOG-12 a failed microphone shows the access dialog and How to Fix, and no recommendation', async () => {
    renderScreen();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start listening' }));
      await Promise.resolve();
    });
    const message =
      'Your browser does not support microphone access (getUserMedia). Please use a modern browser.';
    const dialog = await screen.findByRole('dialog', { name: 'Microphone Access Problem' });
    expect(dialog.textContent).toContain(message);
    expect(dialog.textContent).toContain('We will guide you through fixing this problem.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Nothing was heard, so the Chanter Recommended dialog is not due.
    expect(screen.queryByRole('dialog')).toBeNull();
    // (jsdom cannot draw the staff: that alert is the notation wrapper's, not ours.)
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.some((text) => text.includes(message))).toBe(true);
    expect(screen.getByRole('link', { name: 'How to Fix' }).getAttribute('href')).toBe(
      '/microphone-help',
    );
    expect(
      screen.getByRole('link', { name: /Help for your browser/ }).getAttribute('href'),
    ).toMatch(/^\/MicrophoneHelp\.html/);
  });
});

describe('reportMicrophoneError', () => {
  it('drops permission errors and reports the others (spec §7 Monitoring)', () => {
    const before = getReports().length;
    reportMicrophoneError(microphoneErrorOf({ name: 'NotAllowedError' }));
    expect(getReports()).toHaveLength(before);
    reportMicrophoneError(microphoneErrorOf({ name: 'NotReadableError' }));
    expect(getReports().at(-1)?.message).toBe(
      'Microphone is already in use by another application.',
    );
  });
});
