/**
 * Where to go after signing in (spec §4 'Callback': the redirect target, default /user-profile;
 * /auth and /auth/callback are replaced by it). The one rule for every place that reads or
 * builds a `?redirect=` target: the sign-in page, the callback page, the guard that sends a
 * visitor to sign in, and the server's mailed link (issue 13.12).
 *
 * Only a same-site path survives. Anything else falls back to /user-profile rather than
 * leaving the page stuck on 'Signing you in...': a browser strips tabs and newlines from a URL
 * (so '/\t/evil.com' becomes '//evil.com', another origin), reads '\' as '/', and refuses
 * `history.replaceState` to another origin, which made the callback's navigation throw.
 */
export const DEFAULT_REDIRECT = '/user-profile';

/** Longer targets are refused: no screen of ours needs one, and a mail link must stay short. */
export const MAX_REDIRECT_LENGTH = 1024;

/** Decoding rounds that are checked, so '%252F%252F' hides nothing either. */
const DECODE_ROUNDS = 3;

// Control characters (C0, DEL, C1), format characters (bidirectional overrides such as
// U+202E, zero-width joiners, BOM), line and paragraph separators, and the backslash.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;

/** Pages a target may not name: going there after signing in would loop (spec §4). */
const REPLACED = new Set(['/auth', '/auth/callback']);

// A fixed origin to resolve against: only the path, query and hash of the result are kept.
const BASE = 'https://chanterlab.invalid';

/** Undoes percent-encoding up to DECODE_ROUNDS times; null when malformed. */
function decodings(value: string): string[] | null {
  const seen = [value];
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    seen.push(next);
    current = next;
  }
  return seen;
}

/** A same-site path (with its query and hash) to go to, or /user-profile. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || value.length > MAX_REDIRECT_LENGTH) return DEFAULT_REDIRECT;
  const forms = decodings(value);
  if (!forms) return DEFAULT_REDIRECT;
  for (const form of forms) {
    // Protocol-relative ('//host') and scheme ('javascript:', 'https:') forms start otherwise.
    if (!form.startsWith('/') || form.startsWith('//') || FORBIDDEN.test(form)) {
      return DEFAULT_REDIRECT;
    }
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (url.origin !== BASE) return DEFAULT_REDIRECT;
  // Dot segments are resolved by the parse, so '/x/../auth' is seen as '/auth'.
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (REPLACED.has(path.toLowerCase())) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}
