/**
 * The sign-in calls of spec §7 'Authentication' to better-auth under /api/auth, through the one
 * API client (issue 15 item 1; no auth client library: small, and nothing on the first page). Each answers
 * `{ ok: true }` or `{ ok: false, message }` with the server's message.
 */
import type { AccountOptions } from '../../../contracts/account.ts';
import { accountRoutes } from '../../../contracts/api/accountRoutes.ts';
import { paths } from '../../../contracts/routes.ts';
import { safeRedirect } from '../../../contracts/safeRedirect.ts';
import { callApi, type CallOptions } from '../../lib/apiClient.ts';

export type Outcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** better-auth's words, or the status line; a network failure is the browser's reason. */
function callOptions(fetchImpl: Fetch | undefined, extra: Partial<CallOptions> = {}): CallOptions {
  return {
    ...(fetchImpl ? { fetch: fetchImpl as typeof fetch } : {}),
    credentials: 'same-origin',
    messages: {
      network: (reason) => reason,
      failed: (status, statusText) => statusText || `HTTP ${status}`,
    },
    ...extra,
  };
}

/** Spec §7: the redirect-to address {origin}/auth/callback?redirect={target} (issue 13.12). */
export function callbackUrl(origin: string, target: string): string {
  return `${origin}${paths.authCallback}?redirect=${encodeURIComponent(safeRedirect(target))}`;
}

/** Spec §7 'Send a one-time email sign-in link with an email and a redirect-to address'. */
export async function sendMagicLink(
  input: { email: string; altcha: string; target: string; origin: string },
  fetchImpl?: Fetch,
): Promise<Outcome> {
  const result = await callApi(
    accountRoutes.magicLink,
    {
      body: {
        email: input.email,
        altcha: input.altcha,
        callbackURL: callbackUrl(input.origin, input.target),
      },
    },
    callOptions(fetchImpl),
  );
  return result.error ? { ok: false, message: result.error.message } : { ok: true };
}

/**
 * Spec §7 'Sign in with an identity provider, with a redirect address, offline access and a
 * consent prompt' (the server asks Google for both). Answers the provider's address to open.
 */
export async function startGoogleSignIn(
  input: { target: string; origin: string },
  fetchImpl?: Fetch,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const result = await callApi(
    accountRoutes.socialSignIn,
    {
      body: {
        provider: 'google',
        callbackURL: callbackUrl(input.origin, input.target),
        errorCallbackURL: `${input.origin}${paths.auth}?redirect=${encodeURIComponent(safeRedirect(input.target))}`,
      },
    },
    callOptions(fetchImpl),
  );
  if (result.error) return { ok: false, message: result.error.message };
  const url = result.data.url;
  return url ? { ok: true, url } : { ok: false, message: 'No sign-in address.' };
}

/**
 * Spec §7 'Exchange an authorization code for a session': the emailed link's token. A used or
 * expired link makes the server redirect with `error=`; a banned user gets BANNED_USER.
 */
export async function exchangeToken(
  token: string,
  fetchImpl?: Fetch,
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  let redirectedError: string | null = null;
  const result = await callApi(
    accountRoutes.verifyMagicLink,
    { query: { token } },
    callOptions(fetchImpl, {
      // better-auth answers a bad link by redirecting to the callback with `error=`.
      onResponse: (response) => {
        redirectedError = response.url ? new URL(response.url).searchParams.get('error') : null;
      },
    }),
  );
  if (redirectedError) {
    return {
      ok: false,
      code: redirectedError,
      message: 'This sign-in link has expired or was already used.',
    };
  }
  if (!result.error) return { ok: true };
  const { code, status, message } = result.error;
  if (code === 'network_error') return { ok: false, code: 'NETWORK', message };
  return { ok: false, code: code === 'http_error' ? `HTTP_${status ?? 0}` : (code ?? ''), message };
}

export async function fetchAccountOptions(fetchImpl?: Fetch): Promise<AccountOptions> {
  const result = await callApi(accountRoutes.options, {}, callOptions(fetchImpl));
  // Unknown: offer what always works.
  return result.data ?? { google: false, outbox: false, mailboxVisible: false };
}
