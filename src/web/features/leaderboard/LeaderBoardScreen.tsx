/**
 * Leader Board (spec §2.3 'Leader board', §7 'Leaderboard', §8; issue 7 part 5): this browser's
 * best score and BlasterLevel, the global top 10 with a level filter, and 'Your High Scores';
 * then Battle's table of rated players (issue 17 item 2).
 * Both tables follow new scores by polling (docs/decisions/008-score-integrity.md).
 */
import { useId, useState } from 'react';
import { SCORE_LEVELS } from '../../../contracts/scores.ts';
import { BattleTable } from './BattleTable.tsx';
import { FeedStatus } from './FeedStatus.tsx';
import { useLocalScores } from './localScores.ts';
import { leaderboardColumns, leaderboardText } from './messages.ts';
import { ScoreTable } from './ScoreTable.tsx';
import { useScoreFeed } from './useScoreFeed.ts';
import './leaderboard.css';

const show = (value: number | null) =>
  value === null ? leaderboardText.notAvailable : value.toLocaleString('en-US');

export default function LeaderBoardScreen() {
  const local = useLocalScores();
  const [level, setLevel] = useState<number | null>(null);
  const filterId = useId();
  const global = useScoreFeed(`top:${level ?? 'all'}`, (service) => service.getLeaderboard(level));
  const own = useScoreFeed(`own:${local.localUserId ?? ''}`, (service) =>
    local.localUserId
      ? service.getUserHighScores(null, local.localUserId)
      : Promise.resolve({ data: [], error: null }),
  );

  return (
    <section className="page leaderboard">
      <h1>Leader Board</h1>
      {/* Also the page's largest first paint, so tables arriving later move nothing (issue 21). */}
      <p className="lb-intro">
        The best Blaster scores from pipers everywhere, your own best games, and the Battle ratings
        of signed-in players.
      </p>

      <dl className="lb-local card" aria-label="Your scores on this device">
        <div>
          <dt>Local Best Score</dt>
          <dd data-testid="local-best">{show(local.bestScore)}</dd>
        </div>
        <div>
          <dt>Blaster Level</dt>
          <dd data-testid="local-level">{show(local.level)}</dd>
        </div>
      </dl>

      <div className="card lb-card">
        <div className="lb-heading">
          <h2>Global Top 10</h2>
          <div className="lb-filter">
            <label htmlFor={filterId}>Level</label>
            <select
              id={filterId}
              value={level ?? ''}
              onChange={(event) => setLevel(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{leaderboardText.allLevels}</option>
              {SCORE_LEVELS.map((n) => (
                <option key={n} value={n}>
                  Level {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FeedStatus
          state={global}
          caption={level ? `Top 10, Level ${level}` : 'Top 10, All Levels'}
        >
          {(rows) => (
            <ScoreTable
              caption={level ? `Top 10, Level ${level}` : 'Top 10, All Levels'}
              rows={rows}
              columns={leaderboardColumns}
              ownLocalUserId={local.localUserId}
              emptyText={leaderboardText.noScores}
            />
          )}
        </FeedStatus>
      </div>

      <div className="card lb-card">
        <h2>{leaderboardText.yourHighScores}</h2>
        <FeedStatus state={own} caption="Your scores, best first">
          {(rows) => (
            <ScoreTable
              caption="Your scores, best first"
              rows={rows}
              columns={leaderboardColumns}
              ownLocalUserId={local.localUserId}
              emptyText={leaderboardText.noOwnScores}
              ownLabel={false}
            />
          )}
        </FeedStatus>
      </div>

      {/* Last on the page, its height reserved: loading it moves nothing (issue 17 item 2). */}
      <BattleTable />
    </section>
  );
}
