import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import TunerScreen from './TunerScreen.tsx';
import { centsText } from '../../ui/listening/CentsMeter.tsx';

function renderTuner() {
  return render(
    <MemoryRouter>
      <TunerScreen />
    </MemoryRouter>,
  );
}

describe('TunerScreen', () => {
  it('R-1.USERS-02 R-5.KEYBOARD-03 R-9.CONST-30 the keyboard chanter shows the note, Hz and an in-tune needle', () => {
    renderTuner();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
    act(() => {
      fireEvent.keyDown(window, { key: 'e', code: 'KeyE' });
    });
    expect(screen.getByTestId('tuner-note').textContent).toBe('E');
    expect(screen.getByText('720.0 Hz')).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Tuning' });
    expect(meter.getAttribute('aria-valuetext')).toBe('in tune');
    act(() => {
      fireEvent.keyUp(window, { key: 'e', code: 'KeyE' });
    });
    expect(screen.getByTestId('tuner-note').textContent).toBe('—');
    expect(meter.getAttribute('aria-valuetext')).toBe('no note');
  });

  it('R-5.KEYBOARD-02 ignores notes typed into a text field', () => {
    renderTuner();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
    const input = document.createElement('input');
    document.body.append(input);
    act(() => {
      fireEvent.keyDown(input, { key: 'a', code: 'KeyA' });
    });
    expect(screen.getByTestId('tuner-note').textContent).toBe('—');
    input.remove();
  });

  it('R-8.MIC-01 R-8.MIC-09 without getUserMedia shows the §8 message and a How to Fix link', async () => {
    renderTuner();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start listening' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Your browser does not support microphone access (getUserMedia). Please use a modern browser.',
    );
    expect(screen.getByRole('link', { name: 'How to Fix' }).getAttribute('href')).toBe(
      '/microphone-help',
    );
  });

  it('measures against just intonation on the chanter’s Low A, and offers drones only for a microphone', () => {
    renderTuner();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard chanter' }));
    const reference = screen.getByLabelText('Tune against');
    expect(
      (screen.getByRole('option', { name: 'Drones (bass and tenors)' }) as HTMLOptionElement)
        .disabled,
    ).toBe(true);
    fireEvent.change(reference, { target: { value: 'just' } });
    act(() => {
      fireEvent.keyDown(window, { key: 'g', code: 'KeyG' });
    });
    // The keyboard sounds the standard 426 Hz; just Low G on 480 Hz is 480 × 8/9 = 426.7 Hz.
    expect(screen.getByTestId('tuner-note').textContent).toBe('Low G');
    expect(screen.getByTestId('tuner-cents').textContent).toBe('3 cents flat');
    expect(screen.getByText('Target 426.7 Hz')).toBeTruthy();
    act(() => {
      fireEvent.keyUp(window, { key: 'g', code: 'KeyG' });
    });
  });

  it('says how far off a note is in words', () => {
    expect(centsText(21.5)).toBe('22 cents sharp');
    expect(centsText(-1.2)).toBe('1 cent flat');
    expect(centsText(0.3)).toBe('in tune');
  });
});
