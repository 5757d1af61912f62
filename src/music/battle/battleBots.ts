/**
 * Bot players at five levels (issue 17 item 2: 'reaction time and error rate like real learners,
 * from beginner to pipe-major'). A bot answers through the same judge as a person: the server
 * asks `planBotAnswers` what it will play and when, and feeds each answer to the match at that
 * time with a trace made by `botAnswer`. Seeded random (src/music/random.ts), so a test knows
 * what a bot will do.
 *
 * Reaction times are log-normal (right-skewed, as human choice reaction times are: a few slow
 * ones, none below a floor) with the level's median; reading a staff position or fingering a
 * movement takes longer than a note name. Figures are our estimates for a practice-chanter
 * learner — a beginner needs about two seconds to find a named note, a pipe-major half a
 * second (simple visual choice reactions are 400–600 ms for anyone); the bot at each level
 * should feel like someone at that level, and the benches may tune them.
 */
import { STANDARD_CHANTER, type Chanter } from '../chanter.ts';
import { pitches, scaleIndex, type Pitch } from '../notes.ts';
import type { Random } from '../random.ts';
import type { Milliseconds } from '../units.ts';
import type { BattleAnswer } from './battleAnswer.ts';
import type { PromptKind } from './battleLevels.ts';
import type { BattlePrompt } from './battlePrompt.ts';
import { MIN_REACTION_MS } from './judging.ts';
import { LOCKOUT_MS } from './battleMatch.ts';

export const BOT_LEVELS = ['beginner', 'learner', 'player', 'piper', 'pipe-major'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface BotProfile {
  readonly name: string;
  /** Median ms from seeing a note-name prompt to playing it. */
  readonly medianMs: Milliseconds;
  /** Spread of the log-normal (σ of the log). */
  readonly sigma: number;
  /** Chance (0…1) that the first note played for a prompt is wrong. */
  readonly errorRate: number;
}

export const botProfiles: Readonly<Record<BotLevel, BotProfile>> = {
  beginner: { name: 'Beginner bot', medianMs: 2_000, sigma: 0.35, errorRate: 0.25 },
  learner: { name: 'Learner bot', medianMs: 1_400, sigma: 0.3, errorRate: 0.15 },
  player: { name: 'Band player bot', medianMs: 1_000, sigma: 0.25, errorRate: 0.08 },
  piper: { name: 'Solo piper bot', medianMs: 750, sigma: 0.2, errorRate: 0.04 },
  'pipe-major': { name: 'Pipe-major bot', medianMs: 550, sigma: 0.15, errorRate: 0.015 },
};

/** Reading a staff position or fingering a movement takes longer than naming a note. */
export const KIND_FACTOR: Readonly<Record<PromptKind, number>> = {
  name: 1,
  staff: 1.25,
  grace: 1.5,
  embellishment: 1.8,
};

/** Timing of the notes a bot plays for an answer (see botAnswer). */
export const BOT_GRACE_SPACING_MS: Milliseconds = 40;
export const BOT_TRACE_STEP_MS: Milliseconds = 20;

/** A standard normal draw (Box–Muller); 1 − random() keeps log away from 0. */
function normal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** How long the bot's answer says it played before sending it (graces, then two readings). */
export function botSpan(graces: number): Milliseconds {
  return graces * BOT_GRACE_SPACING_MS + BOT_TRACE_STEP_MS;
}

/** The bot's reaction to a prompt: never faster than the judge allows a human. */
export function botReactionMs(level: BotLevel, prompt: BattlePrompt, random: Random): Milliseconds {
  const p = botProfiles[level];
  const ms = p.medianMs * KIND_FACTOR[prompt.kind] * Math.exp(p.sigma * normal(random));
  return Math.max(MIN_REACTION_MS + botSpan(prompt.graces.length) + 50, Math.round(ms));
}

export interface BotAction {
  /** Ms after the prompt reached the bot that it sends this answer. */
  readonly afterMs: Milliseconds;
  /** The melody note it plays (graces are the prompt's: a bot slips on the note, not the gracing). */
  readonly pitch: Pitch;
}

/** A neighbouring note: the slip a learner makes. */
function slip(target: Pitch, random: Random): Pitch {
  const i = scaleIndex(target);
  const down = i > 0 && (i === pitches.length - 1 || random() < 0.5);
  return pitches[down ? i - 1 : i + 1]!;
}

/** What the bot will play for one prompt: maybe a wrong note, then the right one after the lockout. */
export function planBotAnswers(
  level: BotLevel,
  prompt: BattlePrompt,
  random: Random,
  lockoutMs: Milliseconds = LOCKOUT_MS,
): readonly BotAction[] {
  const first = botReactionMs(level, prompt, random);
  if (random() >= botProfiles[level].errorRate) return [{ afterMs: first, pitch: prompt.target }];
  // It hears the mistake, waits out the lockout and finds the note again (a quicker reaction).
  const retry = first + lockoutMs + Math.round(botReactionMs(level, prompt, random) / 2);
  return [
    { afterMs: first, pitch: slip(prompt.target, random) },
    { afterMs: retry, pitch: prompt.target },
  ];
}

/** The answer message for a bot's action, with readings like a keyboard chanter's. */
export function botAnswer(
  prompt: BattlePrompt,
  pitch: Pitch,
  clientSentAt: number,
  chanter: Chanter = STANDARD_CHANTER,
): BattleAnswer {
  const hzOf = (p: Pitch) => chanter.frequencies[scaleIndex(p)]!;
  const n = prompt.graces.length;
  return {
    promptId: prompt.id,
    pitch,
    trace: [
      { t: 0, hz: hzOf(pitch), clarity: 0.9 },
      { t: BOT_TRACE_STEP_MS, hz: hzOf(pitch), clarity: 0.9 },
    ],
    graces: prompt.graces.map((g, i) => ({
      pitch: g,
      before: (n - i) * BOT_GRACE_SPACING_MS,
      trace: [{ t: 0, hz: hzOf(g), clarity: 0.9 }],
    })),
    clientSentAt,
  };
}
