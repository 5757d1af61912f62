/**
 * Cloudflare Turnstile and hCaptcha, used instead of ALTCHA when their keys are configured
 * (issue 8 part 3). The browser's token is checked with the provider's siteverify endpoint
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/,
 * https://docs.hcaptcha.com/#verify-the-user-response-server-side); the providers accept a
 * token once, and say so ('timeout-or-duplicate', 'already-seen-response'), which we report as
 * 'used'. `fetch` is a parameter: tests (and this offline machine) inject one.
 */
import { humanCheckText, type HumanCheckProvider } from '../../contracts/humanCheck.ts';
import type { CaptchaService, CaptchaVerdict } from './captchaService.ts';
import { badRequest, notFound, type ApiError } from './errors.ts';

export const SITEVERIFY_URL = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

const USED_CODES = new Set(['timeout-or-duplicate', 'already-seen-response']);
const EXPIRED_CODES = new Set(['expired-input-response']);
/** The provider's answer must come within this time, or the check fails (never hangs a form). */
const VERIFY_TIMEOUT_MS = 5000;

export type HumanCheckService = CaptchaService & { readonly provider: HumanCheckProvider };

export interface RemoteOptions {
  provider: 'turnstile' | 'hcaptcha';
  secret: string;
  siteKey: string;
  fetch?: typeof fetch;
}

export function createRemoteHumanCheck(options: RemoteOptions): HumanCheckService {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    provider: options.provider,
    createChallenge() {
      // Only ALTCHA has challenges of ours; the providers' widgets fetch their own.
      return Promise.reject(notFound('This site does not use ALTCHA challenges.'));
    },
    async verify(token): Promise<CaptchaVerdict> {
      if (!token) return { ok: false, reason: 'missing' };
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (options.provider === 'hcaptcha') body.set('sitekey', options.siteKey);
      let answer: { success?: unknown; 'error-codes'?: unknown };
      try {
        const response = await fetchImpl(SITEVERIFY_URL[options.provider], {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        answer = (await response.json()) as typeof answer;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (answer.success === true) return { ok: true };
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
      if (codes.some((c) => USED_CODES.has(c))) return { ok: false, reason: 'used' };
      if (codes.some((c) => EXPIRED_CODES.has(c))) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    },
  };
}

/** ALTCHA as a HumanCheckService. */
export function altchaHumanCheck(captcha: CaptchaService): HumanCheckService {
  return {
    provider: 'altcha',
    createChallenge: () => captcha.createChallenge(),
    verify: (payload) => captcha.verify(payload),
  };
}

/** The 400 a refused check gets, worded for the provider (spec §5). */
export function humanCheckRefusal(
  provider: HumanCheckProvider,
  reason: Exclude<CaptchaVerdict, { ok: true }>['reason'],
): ApiError {
  const text = humanCheckText(provider);
  const message =
    reason === 'missing' ? text.required : reason === 'used' ? text.used : text.failed;
  return badRequest(message, `human_check_${reason}`);
}
