/**
 * Moderate Listings (issue 16 item 7): the administrators' side of the band finder and tutor
 * directory — pending listings to approve or reject (the reason is mailed), reported ones,
 * hidden ones to restore, and the audit log. The server decides who may moderate
 * (src/server/routes/moderation.ts); when it refuses, this page says so and offers the
 * ADMIN_TOKEN field, as the other admin pages do.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { adminToken } from '../../lib/adminToken.ts';
import { authSession, type AuthSnapshot } from '../../lib/authSession.ts';
import { AdminTokenForm } from '../../ui/AdminTokenForm.tsx';
import '../../ui/siteForm.css';
import { AuditPanel } from './AuditPanel.tsx';
import { ListingTabs, panelId, tabId, type TabKey } from './ListingTabs.tsx';
import { ListingsPanel } from './ListingsPanel.tsx';
import './adminListings.css';

export const REFUSED_MESSAGE = 'Only administrators can moderate band and tutor listings.';

/** The first render cannot know who visits (ADR 019). */
const UNKNOWN: AuthSnapshot = { status: 'loading', user: null };
const unknown = () => UNKNOWN;

export interface AdminListingsScreenProps {
  /** Test seam: the API's fetch. */
  readonly fetchImpl?: typeof fetch;
}

export default function AdminListingsScreen({ fetchImpl }: AdminListingsScreenProps = {}) {
  const auth = useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, unknown);
  const [tab, setTab] = useState<TabKey>('pending');
  const [refused, setRefused] = useState(false);
  const [round, setRound] = useState(0);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const onRefused = useCallback(() => setRefused(true), []);
  const onDone = useCallback(
    (text: string, kind: 'ok' | 'error' = 'ok') => setMessage({ kind, text }),
    [],
  );
  const choose = (key: TabKey) => {
    setTab(key);
    setMessage(null);
  };

  // Without a token, a visitor who is not a signed-in administrator is told so without asking
  // the server (which would refuse, and the browser would log the 401 as an error).
  const hasToken = adminToken() !== '';
  const checking = !hasToken && auth.status === 'loading';
  const mayAsk = hasToken || (auth.user?.roles.includes('admin') ?? false);

  return (
    <section className="page admin-listings">
      <h1>Moderate Listings</h1>
      {checking ? (
        <p role="status">Checking your sign-in…</p>
      ) : refused || !mayAsk ? (
        <AdminTokenForm
          message={REFUSED_MESSAGE}
          onToken={() => {
            setRefused(false);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <>
          <ListingTabs current={tab} onChange={choose} />
          <p
            className={message?.kind === 'error' ? 'site-form-alert' : 'listings-ok'}
            role="status"
            aria-live="polite"
          >
            {message?.text ?? ''}
          </p>
          <div
            key={`${tab}-${round}`}
            role="tabpanel"
            id={panelId(tab)}
            aria-labelledby={tabId(tab)}
            className="listings-panel"
          >
            {tab === 'audit' ? (
              <AuditPanel onRefused={onRefused} {...(fetchImpl ? { fetchImpl } : {})} />
            ) : (
              <ListingsPanel
                tab={tab}
                onRefused={onRefused}
                onDone={onDone}
                {...(fetchImpl ? { fetchImpl } : {})}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
