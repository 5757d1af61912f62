import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scoreMessages } from '../../contracts/scores.ts';
import { createDataClient } from './dataClient.ts';
import { getReports } from './monitoring.ts';
import { createScoreService, MISSING_CONFIGURATION } from './scoreService.ts';
import { jsonResponse, testPublicConfig } from './testing/fixtures.ts';

const LOCAL = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const ROW = {
  id: 1,
  score: 10,
  level: 1,
  struserinitials: 'ABC',
  user_id: null,
  local_user_id: LOCAL,
  created_at: '2026-11-22T00:00:00.000Z',
};

type Answer = () => Response | Promise<Response>;

function setup(answers: Answer[] = [], config = testPublicConfig()) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    (answers.shift() ?? (() => jsonResponse(200, { data: [] })))(),
  );
  const client = createDataClient({ config, fetch });
  const service = createScoreService({ client, fetch });
  const url = (i = 0) => String(fetch.mock.calls[i]![0]);
  const init = (i = 0) => fetch.mock.calls[i]![1]!;
  return { fetch, service, url, init };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('score service list (spec §7)', () => {
  it('R-7.HIGHSCORE-01 defaults: limit 10, offset 0, orderBy score, ascending false', async () => {
    const { service, url, init } = setup([() => jsonResponse(200, { data: [ROW] })]);
    const result = await service.getHighScores();
    expect(result).toEqual({ data: [ROW], error: null });
    expect(url()).toBe('/api/scores?limit=10&offset=0&orderBy=score&ascending=false');
    expect(init().method).toBe('GET');
    expect((init().headers as Record<string, string>)['x-chanterlab-key']).toBe('chanterlab-anon');
  });

  it('R-7.HIGHSCORE-01 options and an equality filter', async () => {
    const { service, url } = setup();
    await service.getHighScores({
      limit: 5,
      offset: 10,
      orderBy: 'created_at',
      ascending: true,
      filter: { level: 2 },
    });
    expect(url()).toBe('/api/scores?limit=5&offset=10&orderBy=created_at&ascending=true&level=2');
  });

  it('R-7.HIGHSCORE-12 R-7.HIGHSCORE-13 the leaderboard: 10 rows, optional level', async () => {
    const { service, url } = setup();
    await service.getLeaderboard();
    await service.getLeaderboard(3);
    expect(url(0)).toBe('/api/scores?limit=10&offset=0&orderBy=score&ascending=false');
    expect(url(1)).toContain('&level=3');
  });

  it('a repeated read sends the ETag and a 304 answers the remembered rows', async () => {
    const { service, init } = setup([
      () =>
        new Response(JSON.stringify({ data: [ROW] }), {
          status: 200,
          headers: { etag: 'W/"abc"', 'content-type': 'application/json' },
        }),
      () => new Response(null, { status: 304 }),
    ]);
    await service.getHighScores();
    const again = await service.getHighScores();
    expect((init(1).headers as Record<string, string>)['if-none-match']).toBe('W/"abc"');
    expect(again).toEqual({ data: [ROW], error: null });
  });

  it('R-8.SCORE-01 R-8.SCORE-02 a failure: no data, the error, reported', async () => {
    const before = getReports().length;
    const { service } = setup([
      () => jsonResponse(500, { error: { message: 'Internal server error', code: 'internal' } }),
    ]);
    const result = await service.getHighScores();
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({ message: 'Internal server error', status: 500 });
    expect(getReports().length).toBeGreaterThan(before);
    expect(getReports().at(-1)!.context).toMatchObject({
      source: 'scores',
      operation: 'getHighScores',
    });
  });

  it('a network failure is an error, not a throw', async () => {
    const { service } = setup([() => Promise.reject(new TypeError('Failed to fetch'))]);
    const result = await service.getHighScores();
    expect(result.error?.message).toBe('Could not reach the server: Failed to fetch');
  });

  it('with no backend configuration: the missing-configuration error, no request', async () => {
    const { service, fetch } = setup(
      [],
      testPublicConfig({ environments: { development: null, staging: null, production: null } }),
    );
    const result = await service.getHighScores();
    expect(result.error?.code).toBe(MISSING_CONFIGURATION);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('other reads (spec §7)', () => {
  it('R-7.HIGHSCORE-03 R-7.HIGHSCORE-04 R-9.CONST-25 per-level tops, default 3', async () => {
    const { service, url } = setup();
    await service.getTopScoresPerLevel();
    await service.getTopScoresPerLevel(5);
    expect(url(0)).toBe('/api/scores/top-per-level?n=3');
    expect(url(1)).toBe('/api/scores/top-per-level?n=5');
  });

  it('R-7.HIGHSCORE-05 get by id', async () => {
    const { service, url } = setup([() => jsonResponse(200, { data: ROW })]);
    expect((await service.getHighScoreById(1)).data).toEqual(ROW);
    expect(url()).toBe('/api/scores/1');
  });

  it("R-5.SCORE-11 R-8.SCORE-03 get by id without an id → 'ID is required', reported, no request", async () => {
    const { service, fetch } = setup();
    for (const id of [undefined, null, '']) {
      const result = await service.getHighScoreById(id);
      expect(result).toEqual({
        data: null,
        error: { message: 'ID is required', code: 'validation' },
      });
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(getReports().at(-1)!.message).toBe('ID is required');
  });

  it('R-7.HIGHSCORE-06 R-7.HIGHSCORE-14 by local_user_id or user_id', async () => {
    const { service, url } = setup();
    await service.getUserHighScores(null, LOCAL);
    await service.getUserHighScores(LOCAL);
    expect(url(0)).toBe(`/api/scores/by-user?local_user_id=${LOCAL}`);
    expect(url(1)).toBe(`/api/scores/by-user?user_id=${LOCAL}`);
  });

  it.each([
    ['R-5.SCORE-07 R-8.SCORE-10 neither', [undefined, undefined], scoreMessages.userRequired],
    ['R-5.SCORE-06 R-8.SCORE-09 a bad user_id', ['nope', undefined], scoreMessages.invalidUserId],
    [
      'R-5.SCORE-06 R-8.SCORE-08 a bad local_user_id',
      [undefined, 'local-1'],
      scoreMessages.invalidLocalUserId,
    ],
  ] as const)('%s → the spec message', async (_what, [userId, localUserId], message) => {
    const { service, fetch } = setup();
    const result = await service.getUserHighScores(userId, localUserId);
    expect(result.error?.message).toBe(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('R-7.HIGHSCORE-11 R-9.CONST-20 the rank check reads the top 10 of the level', async () => {
    const top = [500, 400, 300].map((score, i) => ({ ...ROW, id: i + 1, score, level: 2 }));
    const { service, url } = setup([() => jsonResponse(200, { data: top })]);
    const result = await service.checkNewHighScore(350, 2);
    expect(url()).toBe('/api/scores?limit=10&offset=0&orderBy=score&ascending=false&level=2');
    // Fewer than 10 scores: rank count+1 (spec §9).
    expect(result).toEqual({ data: 4, error: null });
  });
});

describe('add (spec §7 Add, §5)', () => {
  it('R-7.HIGHSCORE-07 calls submit_high_score with p_score, p_local_user_id, p_level, p_initials', async () => {
    const { service, url, init } = setup([() => jsonResponse(200, { data: [ROW] })]);
    const result = await service.addHighScore({
      score: 10,
      level: 1,
      local_user_id: LOCAL,
      struserinitials: 'ABC',
    });
    expect(result).toEqual({ data: ROW, error: null });
    expect(url()).toBe('/api/rpc/submit_high_score');
    expect(JSON.parse(String(init().body))).toEqual({
      params: { p_score: 10, p_local_user_id: LOCAL, p_level: 1, p_initials: 'ABC' },
    });
  });

  it.each([
    ['struserInitials', { struserInitials: 'XY' }, 'XY'],
    ['initials', { initials: 'QQ' }, 'QQ'],
    ['R-7.HIGHSCORE-08 none (null)', {}, null],
  ])('R-3.HIGHSCORE-05 initials read from %s', async (_what, extra, expected) => {
    const { service, init } = setup([() => jsonResponse(200, { data: [ROW] })]);
    await service.addHighScore({ score: 1, level: 1, local_user_id: LOCAL, ...extra });
    expect(JSON.parse(String(init().body)).params.p_initials).toBe(expected);
  });

  it('a game session id is passed as p_session_id', async () => {
    const session = '3e9c4f5a-6b7d-4e8f-9a0b-c1d2e3f4a5b6';
    const { service, init } = setup([() => jsonResponse(200, { data: [ROW] })]);
    await service.addHighScore({ score: 1, level: 1, local_user_id: LOCAL, sessionId: session });
    expect(JSON.parse(String(init().body)).params.p_session_id).toBe(session);
  });

  it.each([
    ['R-5.SCORE-01 R-8.SCORE-04 no data', null, scoreMessages.dataRequired],
    ['R-5.SCORE-02 R-8.SCORE-05 no score', { level: 1, local_user_id: LOCAL }, 'Score is required'],
    ['R-5.SCORE-03 R-8.SCORE-06 no level', { score: 1, local_user_id: LOCAL }, 'Level is required'],
    [
      'R-5.SCORE-04 R-8.SCORE-07 no local_user_id',
      { score: 1, level: 1 },
      'local_user_id is required',
    ],
    [
      'R-5.SCORE-05 R-8.SCORE-08 a local_user_id that is not v4',
      { score: 1, level: 1, local_user_id: '0b6f1c2e-3d4a-1b5c-8d6e-7f8091a2b3c4' },
      'Invalid local_user_id UUID format',
    ],
  ])('%s → the spec message, reported, no request', async (_what, data, message) => {
    const { service, fetch } = setup();
    const result = await service.addHighScore(data);
    expect(result).toEqual({ data: null, error: { message, code: 'validation' } });
    expect(fetch).not.toHaveBeenCalled();
    expect(getReports().at(-1)!.message).toBe(message);
  });

  it('a score of 0 is a score', async () => {
    const { service, fetch } = setup([() => jsonResponse(200, { data: [ROW] })]);
    await service.addHighScore({ score: 0, level: 1, local_user_id: LOCAL });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a refusal by the server is the error', async () => {
    const { service } = setup([
      () =>
        jsonResponse(409, {
          error: { message: 'This game session already has a score', code: 'session_used' },
        }),
    ]);
    const result = await service.addHighScore({ score: 1, level: 1, local_user_id: LOCAL });
    expect(result.data).toBeNull();
    expect(result.error?.message).toBe('This game session already has a score');
  });
});

describe('update and delete (spec §7, §5)', () => {
  it('R-7.HIGHSCORE-09 R-5.SCORE-10 update sends only score, level, struserinitials', async () => {
    const { service, url, init } = setup([() => jsonResponse(200, { data: ROW })]);
    await service.updateHighScore(1, { score: 5, level: 2, struserinitials: 'A', user_id: 'x' });
    expect(url()).toBe('/api/scores/1');
    expect(init().method).toBe('PATCH');
    expect(JSON.parse(String(init().body))).toEqual({ score: 5, level: 2, struserinitials: 'A' });
  });

  it.each([
    ['R-5.SCORE-08 R-8.SCORE-03 no id', undefined, { score: 1 }, 'ID is required'],
    ['R-8.SCORE-11 no data', 1, undefined, 'Update data is required'],
    [
      'R-5.SCORE-09 R-8.SCORE-12 no valid field',
      1,
      { user_id: LOCAL },
      'No valid fields to update',
    ],
  ])('%s → the spec message', async (_what, id, updates, message) => {
    const { service, fetch } = setup();
    const result = await service.updateHighScore(id, updates);
    expect(result.error?.message).toBe(message);
    expect(result.data).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('R-7.HIGHSCORE-10 delete by id', async () => {
    const { service, url, init } = setup([() => jsonResponse(200, { data: ROW })]);
    expect((await service.deleteHighScore(1)).data).toEqual(ROW);
    expect(url()).toBe('/api/scores/1');
    expect(init().method).toBe('DELETE');
  });

  it("R-5.SCORE-12 R-8.SCORE-03 delete without an id → 'ID is required'", async () => {
    const { service } = setup();
    expect((await service.deleteHighScore('')).error?.message).toBe('ID is required');
  });

  it('a refused update (not an administrator) is the error', async () => {
    const { service } = setup([
      () =>
        jsonResponse(403, {
          error: { message: 'Only an administrator may change or remove high scores' },
        }),
    ]);
    const result = await service.updateHighScore(1, { score: 1 });
    expect(result.error).toMatchObject({ status: 403 });
  });
});

describe('game sessions', () => {
  it('startGameSession posts the local id and level', async () => {
    const session = { id: 'x', level: 2, seed: 5, startedAt: '2026-11-22T00:00:00.000Z' };
    const { service, url, init } = setup([() => jsonResponse(201, { data: session })]);
    expect((await service.startGameSession(LOCAL, 2)).data).toEqual(session);
    expect(url()).toBe('/api/game-sessions');
    expect(JSON.parse(String(init().body))).toEqual({ local_user_id: LOCAL, level: 2 });
  });
});
