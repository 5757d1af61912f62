import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { authMessages, type AccountOptions } from '../../../contracts/account.ts';
import { formMessages } from '../../../contracts/forms.ts';
import { paths } from '../../../contracts/routes.ts';
import { safeRedirect } from '../../../contracts/safeRedirect.ts';
import { trackAuth } from '../../lib/analytics.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { FormField } from '../../ui/FormField.tsx';
import { HumanCheck } from '../../ui/HumanCheck.tsx';
import '../../ui/siteForm.css';
import './auth.css';
import { fetchAccountOptions, sendMagicLink, startGoogleSignIn } from './authApi.ts';

type Notice = { readonly kind: 'ok' | 'error'; readonly text: string } | null;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AuthScreenProps {
  /** Replaces the network (tests). */
  api?: {
    sendMagicLink: typeof sendMagicLink;
    startGoogleSignIn: typeof startGoogleSignIn;
    fetchAccountOptions: typeof fetchAccountOptions;
  };
  /** Opens the provider's page (tests). */
  openUrl?: (url: string) => void;
}

const realApi = { sendMagicLink, startGoogleSignIn, fetchAccountOptions };

/**
 * Sign in (spec §2.3 Auth, §5 'Auth form', §8 'Authentication'): an email and the human check
 * for a one-time link, or a Google account when the site has it configured. `?redirect=` is
 * where the callback goes afterwards (spec §4).
 */
export default function AuthScreen({
  api = realApi,
  openUrl = (url) => window.location.assign(url),
}: AuthScreenProps) {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const returnedError = params.get('error');
  // Set by /auth/callback when an emailed link was refused (used, expired).
  const linkError = (useLocation().state as { linkError?: string } | null)?.linkError;
  const { status, user } = useAuthSnapshot();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [humanCheck, setHumanCheck] = useState<string | null>(null);
  const [humanCheckError, setHumanCheckError] = useState<string>();
  const [humanCheckKey, setHumanCheckKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(
    linkError ? { kind: 'error', text: `${linkError} Please ask for a new one.` } : null,
  );
  const [googleNotice, setGoogleNotice] = useState<string | null>(
    returnedError ? `${authMessages.googleFailed} ${returnedError}` : null,
  );
  const [options, setOptions] = useState<AccountOptions | null>(null);

  useEffect(() => {
    let live = true;
    void api.fetchAccountOptions().then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, [api]);

  const onHumanCheck = (payload: string | null) => {
    setHumanCheck(payload);
    if (payload) setHumanCheckError(undefined);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const address = email.trim();
    // Spec §5 'Auth form': the email is required; the human check must be completed.
    const missingEmail = address === '' ? authMessages.emailRequired : undefined;
    const badEmail =
      !missingEmail && !EMAIL_SHAPE.test(address) ? formMessages.invalidEmail : undefined;
    setEmailError(missingEmail ?? badEmail);
    setHumanCheckError(humanCheck ? undefined : formMessages.humanCheckRequired);
    if (missingEmail || badEmail || !humanCheck) {
      document
        .getElementById(missingEmail || badEmail ? 'auth-email' : 'auth-human-check')
        ?.focus();
      return;
    }
    setSending(true);
    const outcome = await api.sendMagicLink({
      email: address,
      altcha: humanCheck,
      target,
      origin: window.location.origin,
    });
    setSending(false);
    // A solution works once on the server: whatever happened, the next try needs a new one.
    setHumanCheck(null);
    setHumanCheckKey((k) => k + 1);
    trackAuth('magic_link', outcome.ok, outcome.ok ? undefined : outcome.message);
    setNotice(
      outcome.ok
        ? { kind: 'ok', text: authMessages.linkSent }
        : { kind: 'error', text: `${authMessages.linkFailed} ${outcome.message}` },
    );
  }

  async function onGoogle() {
    if (options && !options.google) {
      setGoogleNotice(`${authMessages.googleFailed} ${authMessages.googleNotEnabled}`);
      return;
    }
    setGoogleNotice(null);
    const outcome = await api.startGoogleSignIn({ target, origin: window.location.origin });
    trackAuth('google', outcome.ok, outcome.ok ? undefined : outcome.message);
    if (outcome.ok) openUrl(outcome.url);
    else setGoogleNotice(`${authMessages.googleFailed} ${outcome.message}`);
  }

  const googleOff = options !== null && !options.google;
  // A banned account coming back from Google (better-auth's BANNED_USER) goes to /blocked (§6).
  if (returnedError && /banned/i.test(returnedError))
    return <Navigate to={paths.blocked} replace />;

  return (
    <section className="page site-form auth-page">
      <h1>Sign In</h1>
      <p className="site-form-intro">
        Sign in to keep your initials and scores with your account. Everything else in Chanterlab
        works without one.
      </p>
      {status === 'signed-in' && user ? (
        <p className="auth-signed-in">
          You are signed in as <strong>{user.email}</strong>.{' '}
          <Link to={paths.profile}>Go to My Profile</Link>
        </p>
      ) : null}
      <div className="card site-form-card auth-card">
        <form
          className="auth-form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Sign in with an emailed link"
        >
          <FormField
            id="auth-email"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onChange={(v) => {
              setEmail(v);
              if (emailError) setEmailError(undefined);
            }}
          />
          <div className="site-form-field">
            <span className="site-form-label" id="auth-human-check-label">
              Human check
            </span>
            <div
              id="auth-human-check"
              tabIndex={-1}
              role="group"
              aria-labelledby="auth-human-check-label"
              aria-describedby={humanCheckError ? 'auth-human-check-error' : undefined}
            >
              <HumanCheck onChange={onHumanCheck} resetKey={humanCheckKey} />
            </div>
            {humanCheckError ? (
              <p id="auth-human-check-error" className="site-form-error">
                {humanCheckError}
              </p>
            ) : null}
          </div>
          {notice ? (
            <p
              className={notice.kind === 'ok' ? 'auth-notice-ok' : 'site-form-alert'}
              role={notice.kind === 'ok' ? 'status' : 'alert'}
            >
              {notice.text}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending…' : 'Send Magic Link'}
          </button>
        </form>
        <p className="auth-divider" aria-hidden="true">
          <span>or</span>
        </p>
        <button
          type="button"
          className="button secondary auth-google"
          aria-disabled={googleOff ? true : undefined}
          aria-describedby={googleOff ? 'auth-google-off' : undefined}
          onClick={() => void onGoogle()}
        >
          Sign in with Google
        </button>
        {googleOff ? (
          <p id="auth-google-off" className="site-form-hint">
            {authMessages.googleNotEnabled}
          </p>
        ) : null}
        {googleNotice ? (
          <p className="site-form-alert" role="alert">
            {googleNotice}
          </p>
        ) : null}
      </div>
      {options?.mailboxVisible ? (
        <p className="site-form-hint auth-dev-note">
          This server has no mail server configured: sign-in links are printed in its log and listed
          in the <Link to={paths.devMailbox}>development mailbox</Link>.
        </p>
      ) : null}
    </section>
  );
}
