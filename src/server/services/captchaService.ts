/**
 * The self-hosted human check (issue 8 part 3; spec §1 'a captcha on forms'): ALTCHA proof of
 * work. Challenges are signed with ALTCHA_HMAC_KEY; a solution is accepted once — its challenge
 * signature goes into `captcha_used` until the challenge expires, so a replay is refused on
 * every instance that shares the database.
 *
 * Cost: SHA-256 with a known counter ("deterministic mode", altcha-lib README): the browser tries
 * counters from 0 until it finds ours, so the work is the counter. PBKDF2 at the README's example
 * cost took 45 s on this machine (DESIGN.md); a counter of at most 50 000 SHA-256 steps takes a
 * second or two in a browser, which is plenty against a form-spamming script.
 */
import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import {
  createChallenge as createAltchaChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Database } from '../db/client.ts';
import { captcha_used } from '../db/schema/index.ts';

export const CAPTCHA_ALGORITHM = 'SHA-256';
/** How long a challenge (and so a solution) stays valid. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

export interface CaptchaOptions {
  hmacKey: string;
  /** Range of the secret counter, i.e. of the work (tests make it tiny). */
  minCounter?: number;
  maxCounter?: number;
  now?: () => number;
}

export type CaptchaVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'expired' | 'used' };

export interface CaptchaService {
  createChallenge(): Promise<Challenge>;
  /** Checks a widget payload (base64 JSON) and marks it used; a second call says 'used'. */
  verify(payload: string | undefined): Promise<CaptchaVerdict>;
}

function parsePayload(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    if (
      !value ||
      typeof value !== 'object' ||
      typeof value.challenge?.signature !== 'string' ||
      typeof value.challenge.parameters !== 'object' ||
      typeof value.solution !== 'object' ||
      value.solution === null
    ) {
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export function createCaptchaService(database: Database, options: CaptchaOptions): CaptchaService {
  const { hmacKey } = options;
  const minCounter = options.minCounter ?? 5_000;
  const maxCounter = options.maxCounter ?? 50_000;
  const now = options.now ?? Date.now;
  // A second secret for the derived-key signature, derived so one variable configures both.
  const keySignatureSecret = createHmac('sha256', hmacKey)
    .update('altcha-key-signature')
    .digest('hex');

  return {
    createChallenge() {
      return createAltchaChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(maxCounter, minCounter),
        deriveKey,
        expiresAt: Math.floor(now() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    async verify(raw) {
      if (!raw) return { ok: false, reason: 'missing' };
      const payload = parsePayload(raw);
      if (!payload) return { ok: false, reason: 'invalid' };
      let verified: Awaited<ReturnType<typeof verifySolution>>;
      try {
        verified = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: keySignatureSecret,
        });
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (verified.expired) return { ok: false, reason: 'expired' };
      if (!verified.verified) return { ok: false, reason: 'invalid' };

      const { db } = database;
      const expiresSeconds =
        payload.challenge.parameters.expiresAt ?? Math.floor(now() / 1000) + CHALLENGE_TTL_SECONDS;
      const nowIso = new Date(now()).toISOString();
      // Forget solutions whose challenges have expired: they fail the expiry check anyway.
      await db.delete(captcha_used).where(lt(captcha_used.expires_at, nowIso));
      // Atomic: of two concurrent submissions of one solution, exactly one inserts the row.
      const inserted = await db
        .insert(captcha_used)
        .values({
          signature: payload.challenge.signature as string,
          expires_at: new Date(expiresSeconds * 1000).toISOString(),
        })
        .onConflictDoNothing()
        .returning({ signature: captcha_used.signature });
      return inserted.length === 1 ? { ok: true } : { ok: false, reason: 'used' };
    },
  };
}

/** Rows in the used-solutions table (tests). */
export async function countUsedSolutions(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${captcha_used}`,
  );
  return Number(row?.n ?? 0);
}
