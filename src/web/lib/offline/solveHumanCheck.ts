/**
 * Solves an ALTCHA human check without its widget (issue 18 item 1): a form written offline
 * could not show the check (its challenge comes from the server), so when the connection
 * returns the outbox asks for a challenge and solves it in the background, in the same SHA-256
 * web worker the widget uses (altchaWidget.ts; a worker of our own origin, so the page's
 * Content-Security-Policy holds), then sends the proof the widget would have sent: base64 JSON
 * of the challenge's parameters and signature and the solution (altcha 3's widget, payload v2;
 * read by src/server/services/captchaService.ts). The solver's code is loaded only then.
 */
import type { Challenge } from 'altcha-lib';
import { CAPTCHA_CHALLENGE_PATH } from '../../../contracts/forms.ts';

/** The challenge as the server sends it (altcha-lib's createChallenge). */
export type HumanCheckChallenge = Challenge;

/** Finds the solution of a challenge; null when it gave up. */
export type ChallengeSolver = (challenge: HumanCheckChallenge) => Promise<unknown>;

/** At most this long in the background before giving up until the next flush (altcha's own default is 90 s). */
export const BACKGROUND_SOLVE_TIMEOUT_MS = 60_000;

const workerSolver: ChallengeSolver = async (challenge) => {
  const [{ solveChallengeWorkers }, { default: ShaWorker }] = await Promise.all([
    import('altcha-lib'),
    import('altcha/workers/sha?worker'),
  ]);
  return solveChallengeWorkers({
    challenge,
    // One worker: it runs while the piper practises, and the work is a second or two.
    concurrency: 1,
    createWorker: () => new ShaWorker(),
    timeout: BACKGROUND_SOLVE_TIMEOUT_MS,
  });
};

export interface SolveOptions {
  readonly fetch?: typeof fetch;
  readonly solve?: ChallengeSolver;
}

/**
 * The `altcha` field's value for one submission, or null when no challenge could be had or
 * solved (no answer, a refusal): the item then waits for the next time.
 */
export async function solveHumanCheck(options: SolveOptions = {}): Promise<string | null> {
  const { fetch: fetchImpl = (url, init) => globalThis.fetch(url, init), solve = workerSolver } =
    options;
  let challenge: HumanCheckChallenge;
  try {
    const response = await fetchImpl(CAPTCHA_CHALLENGE_PATH, { cache: 'no-store' });
    if (!response.ok) return null;
    challenge = (await response.json()) as HumanCheckChallenge;
  } catch {
    return null;
  }
  let solution: unknown;
  try {
    solution = await solve(challenge);
  } catch (error) {
    console.warn('Could not solve the human check in the background:', error);
    return null;
  }
  if (!solution) return null;
  return btoa(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  );
}
