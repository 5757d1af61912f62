import { describe, expect, it } from 'vitest';
import type { PracticeRecord } from '../../../contracts/progress/practiceRecord.ts';
import { practiceCsv, practiceJson } from './practiceExport.ts';

const record: PracticeRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  tool: 'playAlong',
  startedAt: Date.UTC(2026, 10, 24, 18, 30),
  durationMs: 150_000,
  notesPlayed: 120,
  accuracy: 0.8234,
  tune: { id: 'file.bww', title: '=HYPERLINK("x"), "The Braes"' },
  tempo: 80,
  families: [
    { key: 'doubling', right: 5, wrong: 1, missing: 2 },
    { key: 'grip', right: 3, wrong: 0, missing: 0 },
  ],
  cards: [],
};

describe('issue 18.2 export as CSV and JSON', () => {
  it('issue 18.2: one CSV row per session with readable columns; formulas and quotes are defused', () => {
    const lines = practiceCsv([record]).split('\r\n');
    expect(lines[0]).toBe(
      'id,tool,started,minutes,notes_played,accuracy,tune_id,tune_title,tempo_bpm,embellishments,flash_cards',
    );
    expect(lines[1]).toBe(
      '00000000-0000-4000-8000-000000000001,Play Along,2026-11-24T18:30:00.000Z,2.5,120,0.823,file.bww,' +
        '"\'=HYPERLINK(""x""), ""The Braes""",80,doubling 5/1/2; grip 3/0/0,',
    );
    expect(lines[2]).toBe('');
  });

  it('issue 18.2: the JSON export holds the records as stored', () => {
    expect(JSON.parse(practiceJson([record]))).toEqual({
      format: 'chanterlab-practice-history',
      version: 1,
      sessions: [record],
    });
  });
});
