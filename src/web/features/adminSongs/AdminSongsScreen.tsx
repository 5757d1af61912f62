/**
 * Manage Songs (spec §2.1 `/admin-songs`; issue 15 item 8): the administrators' side of the
 * tune library — the moderation queue, reports, tunes (edit, merge, feature) and the audit
 * log. The server decides who may curate (src/server/routes/curation.ts); when it refuses,
 * this page says so and offers the ADMIN_TOKEN field, as the other admin pages do.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { adminToken } from '../../lib/adminToken.ts';
import { authSession, type AuthSnapshot } from '../../lib/authSession.ts';
import { AdminTokenForm } from '../../ui/AdminTokenForm.tsx';
import '../../ui/siteForm.css';
import { AuditPanel } from './AuditPanel.tsx';
import { CurationTabs, panelId, tabId, type TabKey } from './CurationTabs.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { TunesPanel } from './TunesPanel.tsx';
import './adminSongs.css';

export const REFUSED_MESSAGE = 'Only administrators can manage the tune library.';

/** The prerendered view and hydration cannot know who visits. */
const UNKNOWN: AuthSnapshot = { status: 'loading', user: null };
const unknown = () => UNKNOWN;

export default function AdminSongsScreen() {
  const auth = useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, unknown);
  const [tab, setTab] = useState<TabKey>('queue');
  const [refused, setRefused] = useState(false);
  // A new token reads every panel again.
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
    <section className="page admin-songs">
      <h1>Manage Songs</h1>
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
          <CurationTabs current={tab} onChange={choose} />
          <p
            className={message?.kind === 'error' ? 'site-form-alert' : 'admin-songs-ok'}
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
            className="admin-songs-panel"
          >
            {tab === 'queue' ? <QueuePanel onRefused={onRefused} onDone={onDone} /> : null}
            {tab === 'reports' ? <ReportsPanel onRefused={onRefused} onDone={onDone} /> : null}
            {tab === 'tunes' ? <TunesPanel onRefused={onRefused} onDone={onDone} /> : null}
            {tab === 'audit' ? <AuditPanel onRefused={onRefused} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
