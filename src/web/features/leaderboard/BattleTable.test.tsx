/**
 * Issue 17 item 2: the leader board's Battle table, rendered in jsdom with its one API call
 * replaced (battleBoardApi.ts): loading with its space reserved, the ranked rows, the empty
 * board and a failure.
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BattleBoardRow } from '../../../contracts/api/battleRoutes.ts';
import type { Result } from '../../../contracts/result.ts';
import { loadBattleBoard } from './battleBoardApi.ts';
import { BattleTable } from './BattleTable.tsx';
import { battleText } from './messages.ts';

vi.mock('./battleBoardApi.ts', () => ({ loadBattleBoard: vi.fn() }));

function answer(result: Result<BattleBoardRow[]>) {
  let resolve: (r: Result<BattleBoardRow[]>) => void = () => {};
  vi.mocked(loadBattleBoard).mockReturnValue(new Promise((r) => (resolve = r)));
  return () => resolve(result);
}

afterEach(() => vi.mocked(loadBattleBoard).mockReset());

describe('issue 17.2: the Battle table on the leader board', () => {
  it('issue 17.2: shows a reserved, busy area while loading, then the players by rating with games and wins', async () => {
    const arrive = answer({
      data: [
        { rank: 1, initials: 'AMF', rating: 25.04, games: 12, wins: 9 },
        { rank: 2, initials: 'BM', rating: 3, games: 1, wins: 0 },
      ],
      error: null,
    });
    const { container } = render(<BattleTable />);
    expect(screen.getByRole('heading', { name: 'Battle' })).toBeTruthy();
    expect(screen.getByText(battleText.loading)).toBeTruthy();
    expect(container.querySelector('.lb-battle-body')!.getAttribute('aria-busy')).toBe('true');
    arrive();
    const table = await screen.findByRole('table', { name: battleText.caption });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RankInitialsRatingGamesWins',
      '1AMF25.0129',
      '2BM3.010',
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['1', '2']);
    expect(screen.getByRole('region', { name: 'Battle' })).toBeTruthy();
    expect(container.querySelector('.lb-battle-body')!.getAttribute('aria-busy')).toBe('false');
  });

  it('issue 17.2: an empty board invites a rated game; a failure says so', async () => {
    answer({ data: [], error: null })();
    const { unmount } = render(<BattleTable />);
    expect(await screen.findByText(battleText.empty)).toBeTruthy();
    unmount();

    answer({ data: null, error: { message: 'Could not reach the server' } })();
    render(<BattleTable />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(battleText.failed);
    expect(alert.textContent).toContain('Could not reach the server');
  });
});
