import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../chanter.ts';
import { seededRandom } from '../random.ts';
import { answerMatches, checkAnswer, playedSpan } from './battleAnswer.ts';
import {
  BOT_LEVELS,
  botAnswer,
  botProfiles,
  botReactionMs,
  planBotAnswers,
  type BotLevel,
} from './battleBots.ts';
import { makePrompt, type BattlePrompt } from './battlePrompt.ts';
import { isPossible, MIN_REACTION_MS } from './judging.ts';
import { LOCKOUT_MS } from './battleMatch.ts';

const named: BattlePrompt = makePrompt(1, 'n', seededRandom(1));
const doubling: BattlePrompt = {
  id: 'd',
  level: 5,
  kind: 'embellishment',
  target: 'D',
  graces: ['HG', 'D', 'E'],
  label: 'D doubling',
  staff: 'd/5',
};

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

describe('issue 17.2: bot players at five levels', () => {
  it('issue 17.2: median reaction times fall from beginner to pipe-major and match each profile', () => {
    const medians = BOT_LEVELS.map((level) => {
      const random = seededRandom(17);
      return median(Array.from({ length: 2_001 }, () => botReactionMs(level, named, random)));
    });
    for (let i = 1; i < medians.length; i++) expect(medians[i]).toBeLessThan(medians[i - 1]!);
    BOT_LEVELS.forEach((level, i) => {
      expect(Math.abs(medians[i]! - botProfiles[level].medianMs)).toBeLessThan(
        botProfiles[level].medianMs * 0.05,
      );
    });
  });

  it('issue 17.2: movements take a bot longer than note names; no bot beats the human floor', () => {
    const random = seededRandom(5);
    const plain = median(
      Array.from({ length: 1_001 }, () => botReactionMs('piper', named, random)),
    );
    const moved = median(
      Array.from({ length: 1_001 }, () => botReactionMs('piper', doubling, random)),
    );
    expect(moved / plain).toBeGreaterThan(1.6);
    const fastest = Math.min(
      ...Array.from({ length: 5_000 }, () => botReactionMs('pipe-major', doubling, random)),
    );
    expect(fastest).toBeGreaterThanOrEqual(
      MIN_REACTION_MS + playedSpan(botAnswer(doubling, 'D', 0)),
    );
  });

  it('issue 17.2: error rates per level: a slip to a neighbour, then the note after the lockout', () => {
    const rate = (level: BotLevel) => {
      const random = seededRandom(23);
      let slips = 0;
      let sound = true;
      for (let i = 0; i < 3_000; i++) {
        const plan = planBotAnswers(level, named, random);
        const last = plan.at(-1)!;
        sound &&= last.pitch === named.target;
        if (plan.length === 2) {
          slips += 1;
          sound &&= plan[0]!.pitch !== named.target;
          sound &&= last.afterMs > plan[0]!.afterMs + LOCKOUT_MS;
        }
      }
      expect(sound).toBe(true);
      return slips / 3_000;
    };
    for (const level of BOT_LEVELS) {
      expect(Math.abs(rate(level) - botProfiles[level].errorRate)).toBeLessThan(0.02);
    }
  });

  it('issue 17.2: a bot’s answer passes the same trace and timing checks as a person’s', () => {
    for (const prompt of [named, doubling]) {
      const answer = botAnswer(prompt, prompt.target, 1);
      expect(checkAnswer(answer, STANDARD_CHANTER)).toBeNull();
      expect(answerMatches(answer, prompt)).toBe(true);
      const reaction = botReactionMs('pipe-major', prompt, seededRandom(3));
      expect(isPossible({ playedAt: 0, reactionMs: reaction }, playedSpan(answer))).toBe(true);
    }
    expect(answerMatches(botAnswer(doubling, 'E', 1), doubling)).toBe(false);
  });
});
