/**
 * What the offline outbox keeps (issue 18 item 1): a site form (spec §7, POST / urlencoded),
 * a Send Email dialog message (spec §2.4, the relay's JSON), or a Blaster score with its game
 * session (docs/decisions/008-score-integrity.md), in the order they were made. Checked item by
 * item where read (outbox.ts): the table of keys (keys.ts) is in the first load.
 *
 * `humanCheck: 'altcha'` marks a form made offline whose ALTCHA human check could not run (its
 * challenge comes from the server): when the connection returns, the sender asks for a
 * challenge, solves it in the background and sends the proof with the item.
 */
export type OutboxHumanCheck = 'altcha';

export type OutboxItem =
  | {
      readonly id: string;
      readonly kind: 'form';
      readonly queuedAt: number;
      readonly fields: Readonly<Record<string, string>>;
      readonly humanCheck?: OutboxHumanCheck;
    }
  | {
      readonly id: string;
      readonly kind: 'email';
      readonly queuedAt: number;
      readonly email: {
        readonly recipientId: string;
        readonly message: string;
        readonly email: string;
      };
      readonly humanCheck: OutboxHumanCheck;
    }
  | {
      readonly id: string;
      readonly kind: 'score';
      readonly queuedAt: number;
      readonly score: {
        readonly score: number;
        readonly level: number;
        readonly local_user_id: string;
        readonly initials: string;
        readonly sessionId: string;
      };
    };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function isOutboxItem(v: unknown): v is OutboxItem {
  if (!isRecord(v) || typeof v.id !== 'string' || typeof v.queuedAt !== 'number') return false;
  if (v.kind === 'form')
    return (
      isRecord(v.fields) &&
      Object.values(v.fields).every((f) => typeof f === 'string') &&
      (v.humanCheck === undefined || v.humanCheck === 'altcha')
    );
  if (v.kind === 'email') {
    const e = v.email;
    return (
      isRecord(e) &&
      typeof e.recipientId === 'string' &&
      typeof e.message === 'string' &&
      typeof e.email === 'string' &&
      v.humanCheck === 'altcha'
    );
  }
  if (v.kind === 'score') {
    const s = v.score;
    return (
      isRecord(s) &&
      typeof s.score === 'number' &&
      typeof s.level === 'number' &&
      typeof s.local_user_id === 'string' &&
      typeof s.initials === 'string' &&
      typeof s.sessionId === 'string'
    );
  }
  return false;
}
