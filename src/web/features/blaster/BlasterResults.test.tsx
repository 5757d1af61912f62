import { apiMessages } from '../../lib/apiClient.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getScoreService } from '../../lib/getScoreService.ts';
import type { ScoreService } from '../../lib/scoreService.ts';
import { keys } from '../../storage/keys.ts';
import { resetStoresForTests, settingsStore } from '../../storage/settingsStore.ts';
import { initialsMessages } from '../../../contracts/initials.ts';
import { BlasterResults, type BlasterResultsProps } from './BlasterResults.tsx';
import type { BlasterHud } from './blasterRunner.ts';

vi.mock('../../lib/getScoreService.ts', () => ({ getScoreService: vi.fn() }));

const ME = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const SESSION = '3e9c4f5a-6b7d-4e8f-9a0b-c1d2e3f4a5b6';

const hud: BlasterHud = {
  phase: 'over',
  level: 2,
  score: 340,
  lives: 0,
  combo: 0,
  bestCombo: 9,
  multiplier: 1,
  hits: 15,
  misses: 3,
  gameSeconds: 41.2,
  next: null,
};

function fakeService(rank: number | null) {
  const service = {
    checkNewHighScore: vi.fn(async () => ({ data: rank, error: null })),
    addHighScore: vi.fn(async () => ({
      data: {
        id: 1,
        score: 340,
        level: 2,
        struserinitials: 'ABC',
        user_id: null,
        local_user_id: ME,
        created_at: '2026-11-22T08:00:00.000Z',
      },
      error: null,
    })),
  };
  vi.mocked(getScoreService).mockResolvedValue(service as unknown as ScoreService);
  return service;
}

function show(props: Partial<BlasterResultsProps> = {}) {
  const onInitials = vi.fn();
  render(
    <MemoryRouter>
      <BlasterResults
        hud={hud}
        sessionId={SESSION}
        offlineReason={null}
        localUserId={ME}
        newBest={false}
        initials=""
        onInitials={onInitials}
        onPlayAgain={() => {}}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onInitials };
}

describe('Blaster game over (spec §9 new-high-score check)', () => {
  beforeEach(() => {
    vi.mocked(getScoreService).mockReset();
    localStorage.clear();
    resetStoresForTests();
  });

  it('R-9.CONST-21 a qualifying score asks for initials (3 characters, upper-cased) and submits them with the game session', async () => {
    const service = fakeService(4);
    const { onInitials } = show();
    expect(await screen.findByText('New high score! Rank 4 on Level 2.')).toBeTruthy();
    expect(service.checkNewHighScore).toHaveBeenCalledWith(340, 2);
    const input = screen.getByRole('textbox', { name: 'Your initials' });
    await userEvent.type(input, 'abcd');
    expect((input as HTMLInputElement).value).toBe('ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    expect(await screen.findByText(/Your score is on the leader board/)).toBeTruthy();
    expect(service.addHighScore).toHaveBeenCalledWith({
      score: 340,
      level: 2,
      local_user_id: ME,
      initials: 'ABC',
      sessionId: SESSION,
    });
    expect(onInitials).toHaveBeenCalledWith('ABC');
    // The device keeps the session as its proof for claiming the score for an account.
    expect(settingsStore().read(keys.blasterScoreSessions)).toEqual([SESSION]);
  });

  it('issue 13.11: initials are cut by what a person sees — four flags keep three whole flags', async () => {
    const service = fakeService(2);
    show();
    const input = await screen.findByRole('textbox', { name: 'Your initials' });
    const uk = '\u{1F1EC}\u{1F1E7}';
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    await userEvent.click(input);
    await userEvent.paste(`${scotland}${uk}${uk}${uk}`);
    expect((input as HTMLInputElement).value).toBe(`${scotland}${uk}${uk}`);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    expect(await screen.findByText(/Your score is on the leader board/)).toBeTruthy();
    expect(service.addHighScore).toHaveBeenCalledWith(
      expect.objectContaining({ initials: `${scotland}${uk}${uk}` }),
    );
  });

  it('issue 13.11: a bidirectional control in the initials shows the message and sends nothing', async () => {
    const service = fakeService(2);
    show();
    const input = await screen.findByRole('textbox', { name: 'Your initials' });
    await userEvent.click(input);
    await userEvent.paste('\u202Eab');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      initialsMessages.invalid,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    expect(service.addHighScore).not.toHaveBeenCalled();
  });

  it('R-9.CONST-22 a score that does not beat the tenth is not offered for the board', async () => {
    const service = fakeService(null);
    show();
    expect(await screen.findByText(/Not in the Level 2 top 10 this time/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(service.addHighScore).not.toHaveBeenCalled();
  });

  it('a game played without a session checks and sends nothing, and says why', () => {
    const service = fakeService(1);
    show({ sessionId: null, offlineReason: 'Could not reach the server' });
    expect(screen.getByText(/Could not reach the server/)).toBeTruthy();
    expect(service.checkNewHighScore).not.toHaveBeenCalled();
  });

  it('a refused submission shows the server’s message and can be retried', async () => {
    const service = fakeService(1);
    service.addHighScore.mockResolvedValueOnce({
      data: null,
      error: { message: 'This score is not possible in the time played' },
    } as never);
    show({ initials: 'XY' });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Score' }));
    expect(await screen.findByText('This score is not possible in the time played')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Score' })).toBeTruthy();
    expect(settingsStore().read(keys.blasterScoreSessions)).toEqual([]);
  });

  it('after a strong game below Level 5 it offers the next level', async () => {
    fakeService(null);
    const onNextLevel = vi.fn();
    show({ hud: { ...hud, hits: 30 }, onNextLevel });
    await userEvent.click(screen.getByRole('button', { name: 'Try Level 3' }));
    expect(onNextLevel).toHaveBeenCalled();
  });

  it('issue 18.1: offline, the leader board cannot be checked; a score sent is kept with its session and the screen says so', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const networkError = {
        data: null,
        error: { message: "You're offline", code: 'network_error' },
      };
      const service = fakeService(null);
      service.checkNewHighScore.mockResolvedValueOnce(networkError as never);
      service.addHighScore.mockResolvedValueOnce(networkError as never);
      show({ initials: 'MM' });
      expect(
        await screen.findByText(/^You're offline: the leader board cannot be checked now/),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
      expect(
        await screen.findByText(/^You're offline\. Your score is kept on this device/),
      ).toBeTruthy();
      expect(settingsStore().read(keys.outbox)).toEqual([
        expect.objectContaining({
          kind: 'score',
          score: { score: 340, level: 2, local_user_id: ME, initials: 'MM', sessionId: SESSION },
        }),
      ]);
      // Sent later, it is this device's proof then (sendOutboxItem.ts), not now.
      expect(settingsStore().read(keys.blasterScoreSessions)).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('issue 18.1: a game without a session says its score stays off the leader board and the local best is kept', () => {
    fakeService(null);
    show({ sessionId: null, offlineReason: apiMessages.offline });
    expect(
      screen.getByText(
        'This game was played offline, without a game session, so its score cannot go on the leader board. Your best score on this device is kept.',
      ),
    ).toBeTruthy();
  });

  it('issue 18.1: a session refused online names the reason', () => {
    fakeService(null);
    show({ sessionId: null, offlineReason: 'Too many games' });
    expect(
      screen.getByText(
        /without a game session \(Too many games\).*Your best score on this device is kept\./,
      ),
    ).toBeTruthy();
  });
});
