/**
 * The human check on forms (spec §2.3 Feature request 'A human-check widget', §2.4 Send Email
 * 'a captcha'; issue 8 part 3). ALTCHA (self-hosted) by default; Cloudflare Turnstile or
 * hCaptcha when the site configures their keys (/api/config `captchaProvider`). Reports the
 * solved token through `onChange` (null while unsolved), to be sent with the form. Change
 * `resetKey` to get a fresh, unsolved check: a solution is single-use on the server.
 */
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_CHALLENGE_PATH, HUMAN_CHECK_FIELD } from '../../contracts/forms.ts';
import { humanCheckText, type HumanCheckProvider } from '../../contracts/humanCheck.ts';
import {
  humanCheckMessages,
  loadProviderScript,
  useHumanCheckLoader,
  type ProviderApi,
  type RemoteProvider,
} from '../lib/captcha.ts';
import { HUMAN_CHECK_LATER } from '../lib/offline/humanCheckLater.ts';
import { OFFLINE_TEXT, useOnline } from '../lib/offline/onlineStatus.ts';
import { loadPublicConfig } from '../lib/publicConfig.ts';
import './HumanCheck.css';

export interface HumanCheckSetup {
  readonly provider: HumanCheckProvider;
  readonly siteKey: string;
}

export interface HumanCheckProps {
  onChange: (payload: string | null) => void;
  resetKey?: number;
  /** Replaces the ALTCHA widget loader (tests); implies ALTCHA. */
  load?: () => Promise<unknown>;
  /** The provider to use; default: the site's configuration. */
  setup?: HumanCheckSetup;
  /** Replaces the provider-script loader (tests). */
  loadScript?: (provider: RemoteProvider) => Promise<ProviderApi>;
  /**
   * Issue 18 item 1: offline, an ALTCHA check cannot run (its challenge comes from the server).
   * With this set, the form may be kept in the outbox and its check solved in the background
   * when the connection returns: offline, the check says so and reports HUMAN_CHECK_LATER.
   */
  allowLater?: boolean;
}

export { HUMAN_CHECK_LATER };

export const humanCheckOfflineText = {
  later: `${OFFLINE_TEXT}. The human check will run by itself when you're back online, just before this is sent.`,
  needed: `${OFFLINE_TEXT}. The human check needs a connection to the server.`,
} as const;

const ALTCHA: HumanCheckSetup = { provider: 'altcha', siteKey: '' };

/** Which check this site uses, from /api/config; ALTCHA if that cannot be read. */
export function useHumanCheckSetup(given?: HumanCheckSetup): HumanCheckSetup | null {
  const [setup, setSetup] = useState<HumanCheckSetup | null>(given ?? null);
  useEffect(() => {
    if (given) return;
    let live = true;
    loadPublicConfig().then(
      (config) =>
        live &&
        setSetup({ provider: config.captchaProvider ?? 'altcha', siteKey: config.captchaSiteKey }),
      () => live && setSetup(ALTCHA),
    );
    return () => {
      live = false;
    };
  }, [given]);
  return given ?? setup;
}

function Status({
  state,
  provider,
}: {
  state: 'loading' | 'failed';
  provider: HumanCheckProvider;
}) {
  return state === 'loading' ? (
    <p className="human-check-status" role="status">
      {humanCheckMessages.loading}
    </p>
  ) : (
    <p className="human-check-status status-error" role="alert">
      {humanCheckText(provider).loadFailed}
    </p>
  );
}

export function HumanCheck(props: HumanCheckProps) {
  const setup = useHumanCheckSetup(props.load ? ALTCHA : props.setup);
  const online = useOnline();
  if (!online) {
    const later = props.allowLater === true && (setup?.provider ?? 'altcha') === 'altcha';
    return <OfflineCheck onChange={props.onChange} later={later} />;
  }
  if (!setup) {
    return (
      <div className="human-check">
        <Status state="loading" provider="altcha" />
      </div>
    );
  }
  return setup.provider === 'altcha' ? (
    <AltchaCheck {...props} />
  ) : (
    <ProviderCheck {...props} provider={setup.provider} siteKey={setup.siteKey} />
  );
}

/** Offline (issue 18 item 1): no widget that would fail; plain words, and 'later' if allowed. */
function OfflineCheck({
  onChange,
  later,
}: {
  onChange: (payload: string | null) => void;
  later: boolean;
}) {
  const report = useLatest(onChange);
  useEffect(() => {
    const tell = report.current;
    tell(later ? HUMAN_CHECK_LATER : null);
    // Back online: no promise stands until the widget has a proof.
    return () => tell(null);
  }, [later, report]);
  return (
    <div className="human-check">
      <p className="human-check-status human-check-offline">
        {later ? humanCheckOfflineText.later : humanCheckOfflineText.needed}
      </p>
    </div>
  );
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

function AltchaCheck({ onChange, resetKey = 0, load }: HumanCheckProps) {
  const loaded = useHumanCheckLoader(load);
  const host = useRef<HTMLDivElement>(null);
  const report = useLatest(onChange);

  useEffect(() => {
    const container = host.current;
    if (loaded !== 'ready' || !container) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', CAPTCHA_CHALLENGE_PATH);
    widget.setAttribute('name', HUMAN_CHECK_FIELD);
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      report.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    container.appendChild(widget);
    report.current(null);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.remove();
    };
  }, [loaded, resetKey, report]);

  return (
    <div className="human-check">
      {loaded !== 'ready' ? <Status state={loaded} provider="altcha" /> : null}
      <div ref={host} />
    </div>
  );
}

/** Turnstile or hCaptcha: their script from their site, rendered explicitly into our box. */
function ProviderCheck({
  onChange,
  resetKey = 0,
  provider,
  siteKey,
  loadScript = loadProviderScript,
}: HumanCheckProps & { provider: RemoteProvider; siteKey: string }) {
  const [api, setApi] = useState<ProviderApi | null>(null);
  const [failed, setFailed] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const report = useLatest(onChange);

  useEffect(() => {
    let live = true;
    loadScript(provider).then(
      (loaded) => live && setApi(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [provider, loadScript]);

  useEffect(() => {
    const container = host.current;
    if (!api || !container) return;
    const box = document.createElement('div');
    container.appendChild(box);
    report.current(null);
    const id = api.render(box, {
      sitekey: siteKey,
      callback: (token: string) => report.current(token || null),
      'expired-callback': () => report.current(null),
      'error-callback': () => report.current(null),
    });
    return () => {
      api.remove?.(id);
      box.remove();
    };
  }, [api, siteKey, resetKey, report]);

  return (
    <div className="human-check">
      {!api ? <Status state={failed ? 'failed' : 'loading'} provider={provider} /> : null}
      <div ref={host} />
    </div>
  );
}
