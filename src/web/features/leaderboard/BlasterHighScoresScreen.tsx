/**
 * High Scores (spec §2.1 /blaster-high-scores, §7 'Per-level top scores'): the best three of
 * every level, updated by polling (docs/decisions/008-score-integrity.md).
 */
import { SCORE_LEVELS, TOP_PER_LEVEL_DEFAULT, type HighScore } from '../../../contracts/scores.ts';
import { FeedStatus } from './FeedStatus.tsx';
import { useLocalScores } from './localScores.ts';
import { leaderboardText } from './messages.ts';
import { ScoreTable } from './ScoreTable.tsx';
import { useScoreFeed } from './useScoreFeed.ts';
import './leaderboard.css';

export default function BlasterHighScoresScreen() {
  const local = useLocalScores();
  const tops = useScoreFeed(`per-level:${TOP_PER_LEVEL_DEFAULT}`, (service) =>
    service.getTopScoresPerLevel(TOP_PER_LEVEL_DEFAULT),
  );
  return (
    <section className="page leaderboard">
      <h1>High Scores</h1>
      <p>The best {TOP_PER_LEVEL_DEFAULT} Blaster scores of every level.</p>
      <FeedStatus state={tops}>
        {(levels) => {
          const byLevel = new Map<number, readonly HighScore[]>(
            levels.map((l) => [l.level, l.scores]),
          );
          return (
            <div className="lb-levels">
              {SCORE_LEVELS.map((level) => (
                <div className="card lb-card" key={level}>
                  <h2>Level {level}</h2>
                  <ScoreTable
                    caption={`Level ${level}, top ${TOP_PER_LEVEL_DEFAULT}`}
                    rows={byLevel.get(level) ?? []}
                    columns={['Rank', 'Score', 'Initials', 'Date']}
                    ownLocalUserId={local.localUserId}
                    emptyText={leaderboardText.noScores}
                    hideCaption
                  />
                </div>
              ))}
            </div>
          );
        }}
      </FeedStatus>
    </section>
  );
}
