import { describe, expect, it } from 'vitest';
import type { PracticeRecord } from '../../../contracts/progress/practiceRecord.ts';
import { utc } from '../../../music/progress/practiceDays.ts';
import { HEAT_WEEKS, familyLabel, levelOf, progressModel, reviewResults } from './progressModel.ts';

const NOW = Date.UTC(2026, 10, 25, 12); // a Wednesday
let n = 0;
const rec = (daysAgo: number, overrides: Partial<PracticeRecord> = {}): PracticeRecord => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  tool: 'playAlong',
  startedAt: NOW - daysAgo * 86_400_000,
  durationMs: 15 * 60_000,
  notesPlayed: 100,
  accuracy: 0.5,
  tune: { id: 'brave', title: 'Scotland the Brave' },
  tempo: 80,
  families: [{ key: 'g-strike', right: 1, wrong: 1, missing: 0 }],
  cards: [],
  ...overrides,
});

describe('issue 18.3 the /progress model', () => {
  it('issue 18.3: a year of Monday-based weeks on the heat map, future days empty', () => {
    const m = progressModel([rec(0), rec(0), rec(3)], NOW, 60, utc);
    expect(m.heat).toHaveLength(HEAT_WEEKS * 7);
    const today = m.heat.find((c) => c.day === m.today)!;
    expect(today).toMatchObject({ minutes: 30, level: 3, future: false });
    expect(m.heat.filter((c) => c.future)).toHaveLength(4); // Thu–Sun
    expect(m.minutesThisWeek).toBe(30);
    expect(m.weeks.at(-2)?.minutes).toBe(15);
    expect(m.streak.current).toBe(1);
  });

  it("issue 18.3: 'Practise next' takes play-along tunes and families and flash-card notes", () => {
    const results = reviewResults([
      rec(2),
      rec(1, {
        tool: 'flashcards',
        tune: null,
        accuracy: 0.5,
        families: [],
        cards: [{ key: 'HG', right: 1, wrong: 3, missing: 0 }],
      }),
    ]);
    expect(results.map((r) => `${r.kind}:${r.label}`)).toEqual([
      'tune:Scotland the Brave',
      'embellishment:G strike',
      'note:HG',
    ]);
    const m = progressModel(
      [
        rec(2),
        rec(1, {
          tool: 'flashcards',
          tune: null,
          families: [],
          cards: [{ key: 'HG', right: 1, wrong: 3, missing: 0 }],
        }),
      ],
      NOW,
      60,
      utc,
    );
    expect(m.due.map((d) => d.label).sort()).toEqual(['G strike', 'HG', 'Scotland the Brave']);
  });

  it('issue 18.3: heat levels and family names', () => {
    expect([0, 5, 15, 30, 90].map(levelOf)).toEqual([0, 1, 2, 3, 4]);
    expect(familyLabel('thumb-doubling')).toBe('Thumb doubling');
  });
});
