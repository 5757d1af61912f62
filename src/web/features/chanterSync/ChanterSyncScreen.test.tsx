import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalibrationState } from '../../../music/chanterCalibration.ts';
import { notes } from '../../../music/notes.ts';
import ChanterSyncScreen from './ChanterSyncScreen.tsx';

const standard = notes.map((n) => n.frequency);
const complete = (measured: readonly number[]): CalibrationState => ({
  measured,
  current: null,
  frames: [],
});

function renderWith(initial: CalibrationState) {
  render(
    <MemoryRouter>
      <ChanterSyncScreen initial={initial} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('ChanterSyncScreen', () => {
  it('issue 22.3: warns when High G is only 22 cents above F, naming both notes and the gap', () => {
    const measured = [...standard];
    measured[6] = 800 * 2 ** (25 / 1200);
    measured[7] = measured[6] * 2 ** (22 / 1200);
    renderWith(complete(measured));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'High G is only 22 cents above F. On a chanter they are about 84 cents apart',
    );
    expect(screen.queryByRole('button', { name: 'Save Notes' })).toBeNull();
    const list = screen.getByRole('list', { name: "Your chanter's notes" });
    const highG = within(list).getAllByRole('listitem')[7]!;
    expect(highG.getAttribute('data-problem')).toBe('true');
  });

  it('issue 22.3: shows cents against just intonation on the piper’s own Low A, not 480 Hz', () => {
    // A chanter 25 cents flat, High G a further 15 flat (the e2e's recorded scale).
    const measured = standard.map((f, i) => f * 2 ** ((i === 7 ? -40 : -25) / 1200));
    renderWith(complete(measured));
    const cents = (pitch: string) => screen.getByTestId(`sync-cents-${pitch}`).textContent;
    // Against 480 Hz these read −25 (and −40): against the piper's Low A they are in tune.
    expect(cents('LA')).toBe('0 ¢');
    expect(cents('E')).toBe('0 ¢');
    expect(cents('HG')).toBe('−15 ¢');
    expect(cents('LG')).toBe('−3 ¢');
    expect(
      screen.getByRole('list', { name: "Your chanter's notes" }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText(/Cents against just intonation on your own Low A/)).toBeTruthy();
  });

  it('issue 22.3: shows no cents until Low A is measured', () => {
    renderWith({
      measured: [426, null, null, null, null, null, null, null, null],
      current: 1,
      frames: [],
    });
    expect(screen.getByTestId('sync-hz-LG').textContent).toBe('426.0 Hz');
    expect(screen.getByTestId('sync-cents-LG').textContent).toBe('');
  });
});
