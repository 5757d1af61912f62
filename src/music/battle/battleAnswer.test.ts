import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../chanter.ts';
import { answerMatches, checkAnswer, playedSpan, type BattleAnswer } from './battleAnswer.ts';
import type { BattlePrompt } from './battlePrompt.ts';

const strike: BattlePrompt = {
  id: 's',
  level: 4,
  kind: 'grace',
  target: 'D',
  graces: ['LG'],
  label: 'Strike on D',
  staff: 'd/5',
};
const melody = [
  { t: 0, hz: 640, clarity: 0.8 },
  { t: 20, hz: 641, clarity: 0.8 },
];
const answer = (graces: BattleAnswer['graces']): BattleAnswer => ({
  promptId: 's',
  pitch: 'D',
  trace: melody,
  graces,
  clientSentAt: 1,
});

describe('issue 17.3: answers with grace notes', () => {
  it('issue 17.3: each grace note needs its own reading, before the melody note and in order', () => {
    const lg = { pitch: 'LG' as const, before: 30, trace: [{ t: 0, hz: 426, clarity: 0.7 }] };
    expect(checkAnswer(answer([lg]), STANDARD_CHANTER)).toBeNull();
    expect(answerMatches(answer([lg]), strike)).toBe(true);
    expect(answerMatches(answer([]), strike)).toBe(false);
    expect(playedSpan(answer([lg]))).toBe(50);
    expect(checkAnswer(answer([{ ...lg, trace: [] }]), STANDARD_CHANTER)).toBe('too few readings');
    expect(checkAnswer(answer([{ ...lg, before: 0 }]), STANDARD_CHANTER)).toBe('bad grace notes');
    expect(checkAnswer(answer([{ ...lg, before: 5_000 }]), STANDARD_CHANTER)).toBe(
      'bad grace notes',
    );
    // A reading 40 ms into a grace note that lasted 30 ms.
    const late = { ...lg, trace: [...lg.trace, { t: 40, hz: 426, clarity: 0.7 }] };
    expect(checkAnswer(answer([late]), STANDARD_CHANTER)).toBe('bad grace notes');
    // Out of order: the second grace began earlier than the first.
    const hg = { pitch: 'HG' as const, before: 20, trace: [{ t: 0, hz: 840, clarity: 0.7 }] };
    expect(checkAnswer(answer([hg, lg]), STANDARD_CHANTER)).toBe('bad grace notes');
  });
});
