/**
 * Five years of daily practice for `npm run bench:history` (issue 18 'Measured'): about 5.5
 * sessions a day across the tools, play-along runs over ten tunes with verdicts per
 * embellishment family, flash-card quizzes with answers per note. Seeded: the same records
 * every run.
 */
import type { PracticeRecord, PracticeTool } from '../src/contracts/progress/practiceRecord.ts';

const DAY = 86_400_000;
const TOOLS: readonly PracticeTool[] = [
  'playAlong',
  'playAlong',
  'flashcards',
  'tuner',
  'metronome',
  'sheetMusic',
  'chanterTest',
  'graceNotes',
  'blaster',
];
const TUNES = [
  'Scotland the Brave',
  'The Barren Rocks of Aden',
  'Highland Laddie',
  'Brown Haired Maiden',
  'Mairi’s Wedding',
  'The Green Hills of Tyrol',
  'Amazing Grace',
  'Minstrel Boy',
  'The Rowan Tree',
  'Bonnie Dundee',
];
const FAMILIES = ['doubling', 'grip', 'taorluath', 'throw', 'birl', 'g-strike', 'half-doubling'];
const NOTES = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];

/** Mulberry32: small, seeded, good enough for test data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuid(r: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(r() * 4)]!;
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function fiveYears(count = 10_000, endMs = Date.now(), seed = 18): PracticeRecord[] {
  const r = random(seed);
  const days = 5 * 365;
  const start = endMs - days * DAY;
  const out: PracticeRecord[] = [];
  for (let i = 0; i < count; i++) {
    const day = Math.floor((i / count) * days);
    const startedAt = Math.round(start + day * DAY + (8 + r() * 13) * 3_600_000);
    const tool = TOOLS[Math.floor(r() * TOOLS.length)]!;
    const skill = Math.min(0.98, 0.45 + (0.5 * day) / days + (r() - 0.5) * 0.2);
    const tune =
      tool === 'playAlong' || tool === 'sheetMusic'
        ? (() => {
            const title = TUNES[Math.floor(r() * TUNES.length)]!;
            return { id: title.toLowerCase().replace(/[^a-z]+/g, '-'), title };
          })()
        : null;
    out.push({
      id: uuid(r),
      tool,
      startedAt,
      durationMs: Math.round((2 + r() * 25) * 60_000),
      notesPlayed: Math.floor(r() * 400),
      accuracy: tool === 'playAlong' || tool === 'flashcards' ? Math.max(0, skill) : null,
      tune,
      tempo: tune ? Math.round(60 + skill * 40) : tool === 'metronome' ? 90 : null,
      families:
        tool === 'playAlong'
          ? FAMILIES.slice(0, 2 + Math.floor(r() * 5)).map((key) => {
              const total = 2 + Math.floor(r() * 10);
              const right = Math.round(total * skill);
              const missing = Math.floor((total - right) / 2);
              return { key, right, wrong: total - right - missing, missing };
            })
          : [],
      cards:
        tool === 'flashcards'
          ? NOTES.slice(0, 4 + Math.floor(r() * 5)).map((key) => {
              const total = 1 + Math.floor(r() * 3);
              const right = Math.round(total * skill);
              return { key, right, wrong: total - right, missing: 0 };
            })
          : [],
    });
  }
  return out;
}
