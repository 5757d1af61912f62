/**
 * The sign-in calls of spec §7 'Authentication', as plain fetches to better-auth under
 * /api/auth (no auth client library: small, and nothing on the first page). Each answers
 * `{ ok: true }` or `{ ok: false, message }` with the server's message.
 */
import { AUTH_API, accountApi, type AccountOptions } from '../../../contracts/account.ts';
import { paths } from '../../../contracts/routes.ts';
import { safeRedirect } from '../../../contracts/safeRedirect.ts';

export type Outcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
const defaultFetch: Fetch = (input, init) => fetch(input, init);

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as {
      message?: string;
      error?: { message?: string } | string;
    };
    if (typeof body.error === 'object' && body.error?.message) return body.error.message;
    if (body.message) return body.message;
  } catch {
    // Not JSON: fall through.
  }
  return response.statusText || `HTTP ${response.status}`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Spec §7: the redirect-to address {origin}/auth/callback?redirect={target} (issue 13.12). */
export function callbackUrl(origin: string, target: string): string {
  return `${origin}${paths.authCallback}?redirect=${encodeURIComponent(safeRedirect(target))}`;
}

async function postJson(fetchImpl: Fetch, url: string, body: unknown): Promise<Response> {
  return fetchImpl(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Spec §7 'Send a one-time email sign-in link with an email and a redirect-to address'. */
export async function sendMagicLink(
  input: { email: string; altcha: string; target: string; origin: string },
  fetchImpl: Fetch = defaultFetch,
): Promise<Outcome> {
  try {
    const response = await postJson(fetchImpl, `${AUTH_API}/sign-in/magic-link`, {
      email: input.email,
      altcha: input.altcha,
      callbackURL: callbackUrl(input.origin, input.target),
    });
    return response.ok ? { ok: true } : { ok: false, message: await messageOf(response) };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}

/**
 * Spec §7 'Sign in with an identity provider, with a redirect address, offline access and a
 * consent prompt' (the server asks Google for both). Answers the provider's address to open.
 */
export async function startGoogleSignIn(
  input: { target: string; origin: string },
  fetchImpl: Fetch = defaultFetch,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  try {
    const response = await postJson(fetchImpl, `${AUTH_API}/sign-in/social`, {
      provider: 'google',
      callbackURL: callbackUrl(input.origin, input.target),
      errorCallbackURL: `${input.origin}${paths.auth}?redirect=${encodeURIComponent(safeRedirect(input.target))}`,
    });
    if (!response.ok) return { ok: false, message: await messageOf(response) };
    const body = (await response.json()) as { url?: string };
    return body.url ? { ok: true, url: body.url } : { ok: false, message: 'No sign-in address.' };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}

/**
 * Spec §7 'Exchange an authorization code for a session': the emailed link's token. A used or
 * expired link makes the server redirect with `error=`; a banned user gets BANNED_USER.
 */
export async function exchangeToken(
  token: string,
  fetchImpl: Fetch = defaultFetch,
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  try {
    const response = await fetchImpl(
      `${AUTH_API}/magic-link/verify?token=${encodeURIComponent(token)}`,
      { credentials: 'same-origin', cache: 'no-store' },
    );
    const redirectedError = response.url ? new URL(response.url).searchParams.get('error') : null;
    if (redirectedError) {
      return {
        ok: false,
        code: redirectedError,
        message: 'This sign-in link has expired or was already used.',
      };
    }
    if (response.ok) return { ok: true };
    let code = `HTTP_${response.status}`;
    let message = response.statusText;
    try {
      const body = (await response.json()) as { code?: string; message?: string };
      code = body.code ?? code;
      message = body.message ?? message;
    } catch {
      // Keep the status.
    }
    return { ok: false, code, message };
  } catch (error) {
    return { ok: false, code: 'NETWORK', message: errorText(error) };
  }
}

export async function fetchAccountOptions(
  fetchImpl: Fetch = defaultFetch,
): Promise<AccountOptions> {
  try {
    const response = await fetchImpl(accountApi.options, { cache: 'no-store' });
    if (response.ok) return (await response.json()) as AccountOptions;
  } catch {
    // Unknown: offer what always works.
  }
  return { google: false, outbox: false, mailboxVisible: false };
}
