/**
 * What `npm run playalong` prints (issue 14 item 6): one JSON object per expected event in
 * the issue's exact shape and a last {"summary": …} line, or a readable report per bar.
 * Pure: judgements in, lines out, so the test checks them without a process.
 */
import type { ExpectedEvent } from '../src/music/playAlong/expectedEvents.ts';
import type { FollowerResult } from '../src/music/playAlong/scoreFollower.ts';

export interface EventLine {
  index: number;
  bar: number;
  kind: 'melody' | 'grace';
  expected: string;
  heard: string | null;
  offsetMs: number | null;
  verdict: 'correct' | 'early' | 'late' | 'wrong' | 'missed';
  embellishment: string | null;
}

const ms = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 10000) / 10);

export function eventLines(
  expected: readonly ExpectedEvent[],
  result: FollowerResult,
): EventLine[] {
  const byIndex = new Map(result.events.map((j) => [j.expected.index, j]));
  return expected.map((e) => {
    const j = byIndex.get(e.index);
    return {
      index: e.index,
      bar: e.bar,
      kind: e.kind,
      expected: e.pitch,
      heard: j?.heard ?? null,
      offsetMs: ms(j?.offset ?? null),
      verdict: j?.verdict ?? 'missed',
      embellishment: e.embellishment,
    };
  });
}

export interface Summary {
  title: string;
  bpm: number;
  /** The tempo the piper played at, from the follower's tempo tracking. */
  playedBpm: number;
  melody: Record<
    'notes' | 'correct' | 'onTime' | 'good' | 'early' | 'late' | 'wrong' | 'missed',
    number
  >;
  graces: { notes: number; heard: number; missed: number };
  embellishments: Record<
    'total' | 'complete' | 'missingGraces' | 'wrongOrder' | 'crossingNoise' | 'tooSlow',
    number
  >;
  extraNotes: number;
  /** Melody notes correct (on time or good) out of all melody notes, in percent. */
  score: number;
}

export function summaryOf(
  title: string,
  bpm: number,
  expected: readonly ExpectedEvent[],
  result: FollowerResult,
): Summary {
  const melody = result.events.filter((j) => j.expected.kind === 'melody');
  const graces = result.events.filter((j) => j.expected.kind === 'grace');
  const count = (f: (v: string) => boolean, list: readonly { verdict: string }[]) =>
    list.filter((x) => f(x.verdict)).length;
  const melodyNotes = expected.filter((e) => e.kind === 'melody').length;
  const correct = count((v) => v === 'correct', melody);
  return {
    title,
    bpm,
    playedBpm: Math.round((bpm / result.rate) * 10) / 10,
    melody: {
      notes: melodyNotes,
      correct,
      onTime: melody.filter((j) => j.verdict === 'correct' && j.timing === 'on-time').length,
      good: melody.filter((j) => j.verdict === 'correct' && j.timing === 'good').length,
      early: count((v) => v === 'early', melody),
      late: count((v) => v === 'late', melody),
      wrong: count((v) => v === 'wrong', melody),
      missed: count((v) => v === 'missed', melody),
    },
    graces: {
      notes: graces.length,
      heard: count((v) => v === 'correct', graces),
      missed: count((v) => v === 'missed', graces),
    },
    embellishments: {
      total: result.embellishments.length,
      complete: count((v) => v === 'complete', result.embellishments),
      missingGraces: count((v) => v === 'missing-graces', result.embellishments),
      wrongOrder: count((v) => v === 'wrong-order', result.embellishments),
      crossingNoise: count((v) => v === 'crossing-noise', result.embellishments),
      tooSlow: count((v) => v === 'too-slow', result.embellishments),
    },
    extraNotes: result.extras.length,
    score: melodyNotes === 0 ? 0 : Math.round((1000 * correct) / melodyNotes) / 10,
  };
}

const names: Readonly<Record<string, string>> = {
  LG: 'Low G',
  LA: 'Low A',
  B: 'B',
  C: 'C',
  D: 'D',
  E: 'E',
  F: 'F',
  HG: 'High G',
  HA: 'High A',
};

/** The readable report: one line per bar as played (a repeated bar appears each time). */
export function textReport(
  expected: readonly ExpectedEvent[],
  result: FollowerResult,
  summary: Summary,
): string[] {
  const byIndex = new Map(result.events.map((j) => [j.expected.index, j]));
  const embByMelody = new Map(result.embellishments.map((e) => [e.melody, e]));
  const lines = [
    `${summary.title}: ${summary.bpm} bpm written, played at about ${summary.playedBpm} bpm`,
  ];
  let bar = -1;
  let parts: string[] = [];
  const flush = () => {
    if (bar >= 0) lines.push(`bar ${String(bar).padStart(3)}: ${parts.join(', ')}`);
    parts = [];
  };
  for (const e of expected) {
    if (e.kind !== 'melody') continue;
    if (e.bar !== bar || parts.length === 0) {
      if (e.bar !== bar) flush();
      bar = e.bar;
    }
    const j = byIndex.get(e.index);
    const name = names[e.pitch] ?? e.pitch;
    const off =
      j?.offset === null || j?.offset === undefined ? '' : `${Math.round(j.offset * 1000)} ms`;
    let text: string;
    if (!j || j.verdict === 'missed') text = `${name} missed`;
    else if (j.verdict === 'wrong')
      text = `${name} wrong (heard ${names[j.heard ?? ''] ?? j.heard})`;
    else if (j.verdict === 'early' || j.verdict === 'late')
      text = `${name} ${j.verdict} ${off.replace('-', '')}`;
    else text = `${name} ${j.timing === 'good' ? `ok (${off})` : 'ok'}`;
    const emb = embByMelody.get(e.index);
    if (emb && emb.verdict !== 'complete') {
      const detail =
        emb.verdict === 'missing-graces'
          ? `missing ${emb.missing.map((i) => names[expected[i]!.pitch]).join(' and ')}`
          : emb.verdict === 'crossing-noise'
            ? `crossing noise (${emb.noise.map((p) => names[p]).join(', ')})`
            : emb.verdict === 'too-slow'
              ? `too slow (${emb.graceDurations.map((d) => (d === null ? '–' : `${Math.round(d * 1000)}`)).join('/')} ms)`
              : 'wrong order';
      text += ` [${emb.code}: ${detail}]`;
    }
    parts.push(text);
  }
  flush();
  const m = summary.melody;
  const em = summary.embellishments;
  lines.push(
    `\nMelody: ${m.correct}/${m.notes} right (${m.onTime} on time, ${m.good} good), ${m.early} early, ${m.late} late, ${m.wrong} wrong, ${m.missed} missed; ${summary.extraNotes} extra note(s)`,
    `Embellishments: ${em.complete}/${em.total} complete, ${em.missingGraces} with grace notes missing, ${em.wrongOrder} in the wrong order, ${em.crossingNoise} with crossing noise, ${em.tooSlow} too slow`,
    `Score: ${summary.score}%`,
  );
  return lines;
}
