import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../contracts/environments.ts';
import type { HighScore } from '../../../contracts/scores.ts';
import { createDataClient } from '../../lib/dataClient.ts';
import { getScoreService } from '../../lib/getScoreService.ts';
import { createScoreService } from '../../lib/scoreService.ts';
import { jsonResponse, testPublicConfig } from '../../lib/testing/fixtures.ts';
import BlasterHighScoresScreen from './BlasterHighScoresScreen.tsx';
import LeaderBoardScreen from './LeaderBoardScreen.tsx';
import { LocalScoresContext, type LocalScores } from './localScores.ts';

vi.mock('../../lib/getScoreService.ts', () => ({ getScoreService: vi.fn() }));
// The Battle table's call (issue 17.2): answered here, never a real fetch.
vi.mock('./battleBoardApi.ts', () => ({
  loadBattleBoard: vi.fn(async () => ({
    data: [{ rank: 1, initials: 'AF', rating: 12.5, games: 4, wins: 3 }],
    error: null,
  })),
}));

const ME = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const OTHER = '1c7a2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';

function row(
  id: number,
  score: number,
  level: number,
  local = OTHER,
  initials: string | null = 'ABC',
): HighScore {
  return {
    id,
    score,
    level,
    struserinitials: initials,
    user_id: null,
    local_user_id: local,
    created_at: '2026-11-20T12:00:00.000Z',
  };
}

/** Answers by path: `routes` maps a URL prefix to a response factory. */
function useServer(
  routes: Record<string, (url: string) => Response | Promise<Response>>,
  config: PublicConfig = testPublicConfig(),
) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const match = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    return match ? routes[match]!(url) : jsonResponse(404, { error: { message: 'no route' } });
  });
  const client = createDataClient({ config, fetch });
  vi.mocked(getScoreService).mockResolvedValue(createScoreService({ client, fetch }));
  return fetch;
}

function local(values: Partial<Record<'id' | 'best' | 'level', unknown>> = {}): LocalScores {
  return {
    localUserId: () => (values.id as string) ?? null,
    bestScore: () => (values.best as number) ?? null,
    level: () => (values.level as number) ?? null,
    subscribe: () => () => {},
  };
}

function renderBoard(source: LocalScores = local()) {
  return render(
    <LocalScoresContext.Provider value={source}>
      <LeaderBoardScreen />
    </LocalScoresContext.Provider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(getScoreService).mockReset();
});

describe('Leader Board', () => {
  it("issue 17.2: Battle's table comes last, after Blaster's tables", async () => {
    useServer({ '/api/scores': () => jsonResponse(200, { data: [] }) });
    renderBoard();
    const battle = await screen.findByRole('table', { name: /Battle players/ });
    expect(within(battle).getAllByRole('row')[1]!.textContent).toBe('1AF12.543');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Global Top 10', 'Your High Scores', 'Battle']);
  });

  it('issue 21.2: while loading, each score card already has its caption, the shape of its empty table (nothing shifts when the answer arrives)', () => {
    useServer({ '/api/scores': () => new Promise<Response>(() => {}) });
    renderBoard(local({ id: ME }));
    expect(screen.getAllByText('Loading high scores…')).toHaveLength(2);
    const captions = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(captions).toEqual(['Top 10, All Levels', 'Your scores, best first']);
  });

  it('R-2.3.LEADER-01 R-2.3.LEADER-02 shows the local best score and BlasterLevel', async () => {
    useServer({ '/api/scores': () => jsonResponse(200, { data: [] }) });
    renderBoard(local({ id: ME, best: 1234, level: 3 }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Leader Board');
    expect(screen.getByTestId('local-best').textContent).toBe('1,234');
    expect(screen.getByTestId('local-level').textContent).toBe('3');
    await screen.findByText("You haven't submitted any scores yet");
  });

  it("R-2.3.LEADER-03 absent local values show 'N/A'", async () => {
    useServer({ '/api/scores': () => jsonResponse(200, { data: [] }) });
    renderBoard();
    expect(screen.getByTestId('local-best').textContent).toBe('N/A');
    expect(screen.getByTestId('local-level').textContent).toBe('N/A');
    await screen.findByText('No high scores found');
  });

  it("R-2.3.LEADER-08 R-2.3.LEADER-09 empty tables: 'No high scores found', 'You haven't submitted any scores yet'", async () => {
    const fetch = useServer({ '/api/scores': () => jsonResponse(200, { data: [] }) });
    renderBoard();
    expect(await screen.findByText('No high scores found')).toBeTruthy();
    expect(screen.getByText("You haven't submitted any scores yet")).toBeTruthy();
    // No local id: nobody to ask the server about.
    expect(fetch.mock.calls.map((c) => String(c[0])).some((u) => u.includes('by-user'))).toBe(
      false,
    );
  });

  it('R-2.3.LEADER-04 R-7.HIGHSCORE-12 R-3.HIGHSCORE-06 the global top 10: Rank, Level, Score, Initials, Date', async () => {
    useServer({
      '/api/scores/by-user': () => jsonResponse(200, { data: [] }),
      '/api/scores': () =>
        jsonResponse(200, { data: [row(1, 5000, 2), row(2, 300, 1, OTHER, null)] }),
    });
    renderBoard();
    const table = await screen.findByRole('table', { name: 'Top 10, All Levels' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Rank', 'Level', 'Score', 'Initials', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', '5,000', 'ABC', expect.stringMatching(/2026/)],
      ['1', '300', '---', expect.stringMatching(/2026/)],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('1');
  });

  it('R-2.3.LEADER-05 R-7.HIGHSCORE-13 the level filter: All Levels, Level 1 to 5', async () => {
    const fetch = useServer({ '/api/scores': () => jsonResponse(200, { data: [] }) });
    renderBoard();
    const select = screen.getByRole('combobox', { name: 'Level' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Levels', 'Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5']);
    await screen.findByText('No high scores found');
    await userEvent.selectOptions(select, 'Level 4');
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
        '/api/scores?limit=10&offset=0&orderBy=score&ascending=false&level=4',
      ),
    );
    expect(await screen.findByText('No high scores found')).toBeTruthy();
  });

  it("R-2.3.LEADER-06 R-2.3.LEADER-07 R-7.HIGHSCORE-14 'Your High Scores' by local id; own rows highlighted", async () => {
    const fetch = useServer({
      '/api/scores/by-user': () => jsonResponse(200, { data: [row(3, 900, 4, ME, 'YOU')] }),
      '/api/scores': () =>
        jsonResponse(200, { data: [row(1, 5000, 2), row(3, 900, 4, ME, 'YOU')] }),
    });
    renderBoard(local({ id: ME }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your High Scores' })).toBeTruthy();
    const global = await screen.findByRole('table', { name: 'Top 10, All Levels' });
    const [, other, mine] = within(global).getAllByRole('row');
    expect(other!.className).not.toContain('lb-own');
    expect(mine!.className).toContain('lb-own');
    expect(mine!.textContent).toContain('(you)');
    const yours = await screen.findByRole('table', { name: 'Your scores, best first' });
    expect(within(yours).getAllByRole('row')).toHaveLength(2);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      `/api/scores/by-user?local_user_id=${ME}`,
    );
  });

  it("R-8.LEADER-01 a failed load shows 'Failed to load high scores'", async () => {
    useServer({
      '/api/scores': () => jsonResponse(500, { error: { message: 'Internal server error' } }),
    });
    renderBoard(local({ id: ME }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]!.textContent).toContain('Failed to load high scores');
  });

  it("R-8.CONFIG-01 no backend configuration: 'Database configuration is incomplete', 'Missing environment variables'", async () => {
    const fetch = useServer(
      {},
      testPublicConfig({ environments: { development: null, staging: null, production: null } }),
    );
    renderBoard(local({ id: ME }));
    await vi.waitFor(() =>
      expect(screen.getAllByText('Database configuration is incomplete')).toHaveLength(2),
    );
    expect(screen.getAllByText('Status: Missing environment variables').length).toBe(2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('High Scores (/blaster-high-scores)', () => {
  it('R-7.HIGHSCORE-04 R-9.CONST-25 every level with its top 3; empty levels say so', async () => {
    const fetch = useServer({
      '/api/scores/top-per-level': () =>
        jsonResponse(200, {
          data: [{ level: 2, scores: [row(1, 50, 2), row(2, 40, 2, ME), row(3, 30, 2)] }],
        }),
    });
    render(
      <LocalScoresContext.Provider value={local({ id: ME })}>
        <BlasterHighScoresScreen />
      </LocalScoresContext.Provider>,
    );
    const level2 = await screen.findByRole('table', { name: 'Level 2, top 3' });
    const rows = within(level2).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.className.includes('lb-own'))).toEqual([false, true, false]);
    expect(screen.getAllByText('No high scores found')).toHaveLength(4);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/scores/top-per-level?n=3');
  });
});
