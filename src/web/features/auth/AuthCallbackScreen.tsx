import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authMessages, POST_LOGIN_DELAY_MS } from '../../../contracts/account.ts';
import { safeRedirect } from '../../../contracts/safeRedirect.ts';
import { paths } from '../../../contracts/routes.ts';
import { trackAuth } from '../../lib/analytics.ts';
import { authSession } from '../../lib/authSession.ts';
import './auth.css';
import { exchangeToken } from './authApi.ts';

/** Spec §4 'exchange the code (from the query or hash)': `token` or `code`, either place. */
export function codeFrom(search: string, hash: string): string | null {
  for (const source of [search, hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(source);
    const code = params.get('token') ?? params.get('code');
    if (code) return code;
  }
  return null;
}

export interface AuthCallbackProps {
  exchange?: typeof exchangeToken;
  refresh?: () => Promise<{ status: string; user: { roles: readonly string[] } | null }>;
  delayMs?: number;
}

/**
 * The sign-in return (spec §4 'Callback'; §2.3 'Signing you in...'): exchange the emailed
 * link's token for a session; on success, after about 50 ms, go to the redirect target
 * (default /user-profile; /auth and /auth/callback are replaced by it), replacing this page in
 * the history. With no session, go to /auth. A banned user goes to /blocked (spec §6).
 */
export default function AuthCallbackScreen({
  exchange = exchangeToken,
  refresh = () => authSession.signedIn(),
  delayMs = POST_LOGIN_DELAY_MS,
}: AuthCallbackProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // The token works once: a second run (React's development double effect) must not use it.
    if (started.current) return;
    started.current = true;
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    const code = codeFrom(location.search, location.hash);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let linkError: string | null = null;
    void (async () => {
      if (code) {
        const result = await exchange(code);
        if (!result.ok && result.code === 'BANNED_USER') {
          trackAuth('callback', false, result.code);
          await navigate(paths.blocked, { replace: true });
          return;
        }
        if (!result.ok) trackAuth('callback', false, result.code);
        linkError = result.ok ? null : result.message;
      }
      const session = await refresh();
      if (session.status !== 'signed-in' || !session.user) {
        // Spec §4 'With no session, go to /auth', which says why when a link was refused.
        await navigate(`${paths.auth}?redirect=${encodeURIComponent(target)}`, {
          replace: true,
          state: linkError ? { linkError } : null,
        });
        return;
      }
      trackAuth('callback', true);
      const to = session.user.roles.includes('banned') ? paths.blocked : target;
      timer = setTimeout(() => void navigate(to, { replace: true }), delayMs);
    })();
    return () => clearTimeout(timer);
    // Runs once per page load: the location is read when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="page auth-callback">
      <h1 className="loading-screen" role="status" aria-live="polite">
        {authMessages.signingIn}
      </h1>
    </section>
  );
}
