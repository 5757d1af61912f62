/**
 * What the Battle screen says about levels, bots and outcomes, in a piper's words (issue 17:
 * 'design a game a young piper wants to play again').
 */
import { botProfiles, BOT_LEVELS, type BotLevel } from '../../../music/battle/battleBots.ts';
import { battleLevels, type BattleLevel } from '../../../music/battle/battleLevels.ts';
import type { Outcome, PlayerInfo } from './battleView.ts';

export const levelWords: Readonly<Record<BattleLevel, string>> = {
  1: 'Low A to E, shown by name. Your first tune’s notes.',
  2: 'Low G to F, shown by name.',
  3: 'All nine notes as dots on the staff, no names. Read them!',
  4: 'Staff notes, some with a gracenote or strike to play first.',
  5: 'Doublings, throws, grips, taorluaths and birls.',
};

export const levelTitle = (level: BattleLevel) => battleLevels[level].title;

export const botWords: Readonly<Record<BotLevel, string>> = {
  beginner: 'about 2 seconds a note, slips often',
  learner: 'about 1½ seconds, a few slips',
  player: 'about a second, steady',
  piper: 'three-quarters of a second, rarely wrong',
  'pipe-major': 'half a second, hardly ever wrong',
};

export const botChoices = BOT_LEVELS.map((level) => ({
  level,
  name: botProfiles[level].name,
  words: botWords[level],
}));

/** The results headline, from this player's point of view. */
export function outcomeWords(
  outcome: Outcome,
  you: string,
  players: readonly PlayerInfo[],
): string {
  const name = (seat: string) =>
    seat === you ? 'You' : (players.find((p) => p.id === seat)?.name ?? 'Your opponent');
  if (outcome === null) {
    return 'The server stopped, so this match ended without a result. No rating changed.';
  }
  if (outcome.kind === 'draw') return 'A draw!';
  const winner = outcome.winner === you ? 'You win!' : `${name(outcome.winner)} wins.`;
  if (outcome.kind === 'win') return winner;
  const loser = name(outcome.loser);
  if (outcome.kind === 'forfeit') {
    return `${loser === 'You' ? 'Your connection' : `${loser}’s connection`} did not come back within 30 seconds. ${winner}`;
  }
  return `${loser === 'You' ? 'You' : loser} left the match. ${winner}`;
}

/** '1.2 s' or '640 ms'. */
export function msWords(ms: number | null): string {
  if (ms === null) return '–';
  return ms >= 1_000 ? `${(ms / 1_000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
