/**
 * What the Battle screen shows (issue 17): the one immutable snapshot the socket client
 * (battleClient.ts) hands React. Times are on the client's own clock (performance.now()):
 * the server sends durations, never its clock.
 */
import type { BattleServerMessage } from '../../../contracts/battle/battleProtocol.ts';
import type { PromptKind } from '../../../music/battle/battleLevels.ts';
import type { Pitch } from '../../../music/notes.ts';

type Message<T extends BattleServerMessage['type']> = Extract<BattleServerMessage, { type: T }>;

export type PlayerInfo = Message<'match'>['players'][number];
export type Quality = Message<'quality'>['players'][string];
export type Phase = Message<'state'>['phase'];
export type Verdict = Message<'verdict'>['verdict'];
export type Outcome = Message<'results'>['outcome'];
export type PlayerResult = Message<'results'>['players'][number];

export interface PromptView {
  readonly id: string;
  readonly kind: PromptKind;
  readonly target: Pitch;
  readonly graces: readonly Pitch[];
  readonly label: string;
}

export interface MatchView {
  readonly matchId: string;
  /** This player's seat ('p1', 'p2'). */
  readonly you: string;
  readonly players: readonly PlayerInfo[];
  readonly level: number;
  readonly bestOf: number;
  readonly phase: Phase;
  /** When the countdown or pause ends, on the client's clock. */
  readonly phaseEndsAt: number | null;
  readonly round: number;
  readonly scores: Readonly<Record<string, number>>;
  /** Seats whose connection dropped (the match waits up to 30 s). */
  readonly away: readonly string[];
  readonly prompt: PromptView | null;
  /** The latest verdict of each seat on this prompt. */
  readonly verdicts: Readonly<Record<string, { verdict: Verdict; ms: number | null }>>;
  /** After a wrong note: no answer counts until then (client clock). */
  readonly lockedUntil: number | null;
  readonly opponentNote: Pitch | null;
  /** This prompt's point: who took it (null: nobody, the round was void). */
  readonly lastPoint: { readonly winner: string | null } | null;
  readonly quality: Readonly<Record<string, Quality>>;
}

export interface BattleResults {
  readonly outcome: Outcome;
  readonly players: readonly PlayerResult[];
  /** New shown ratings of rated players, by seat. */
  readonly ratings: Readonly<Record<string, number>>;
}

export interface BattleView {
  readonly connection: 'closed' | 'connecting' | 'open' | 'reconnecting' | 'lost';
  /** What the player asked for, while connecting. */
  readonly starting: 'quick' | 'create' | 'join' | 'bot' | null;
  /** Known from the server's hello; null before. */
  readonly signedIn: boolean | null;
  readonly lobby: {
    readonly mode: 'quick' | 'room';
    readonly code: string | null;
    /** When the wait began, on the client's clock. */
    readonly since: number;
    readonly botOffered: boolean;
  } | null;
  readonly match: MatchView | null;
  readonly results: BattleResults | null;
  /** The seat that asked for a rematch. */
  readonly rematchOffer: string | null;
  readonly rematchAsked: boolean;
  /** Why the last start failed, or the connection ended. */
  readonly error: string | null;
  /** A passing message (an answer not counted, the opponent gone). */
  readonly notice: string | null;
  readonly roundTripMs: number | null;
  /** Server messages dropped because they did not parse (never acted on). */
  readonly ignoredMessages: number;
}

export const INITIAL_BATTLE_VIEW: BattleView = {
  connection: 'closed',
  starting: null,
  signedIn: null,
  lobby: null,
  match: null,
  results: null,
  rematchOffer: null,
  rematchAsked: false,
  error: null,
  notice: null,
  roundTripMs: null,
  ignoredMessages: 0,
};
