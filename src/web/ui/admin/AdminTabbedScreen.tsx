/**
 * The frame of a tabbed admin screen (Manage Songs, Moderate Listings): the server decides who
 * may act; a visitor who is neither a signed-in administrator nor holding ADMIN_TOKEN is told
 * so without asking the server (which would refuse, and the browser would log the 401), and
 * a refusal from any panel shows the ADMIN_TOKEN field, as the other admin pages do. A new
 * token reads every panel again.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { adminToken } from '../../lib/adminToken.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { AdminTokenForm } from '../AdminTokenForm.tsx';
import '../siteForm.css';
import { AdminTabs, adminPanelId, adminTabId, type AdminTabList } from './AdminTabs.tsx';

export interface AdminPanelProps {
  readonly onRefused: () => void;
  readonly onDone: (text: string, kind?: 'ok' | 'error') => void;
}

export function AdminTabbedScreen<K extends string>({
  heading,
  className,
  refusedMessage,
  tabs,
  idPrefix,
  tabsLabel,
  tabsClassName,
  okClassName,
  panelClassName,
  renderPanel,
}: {
  heading: string;
  className: string;
  refusedMessage: string;
  /** The first tab is the one shown first. */
  tabs: AdminTabList<K>;
  idPrefix: string;
  tabsLabel: string;
  tabsClassName: string;
  okClassName: string;
  panelClassName: string;
  renderPanel: (tab: K, panel: AdminPanelProps) => ReactNode;
}) {
  // The prerendered view and hydration cannot know who visits (ADR 019): 'loading' until told.
  const auth = useAuthSnapshot();
  const [tab, setTab] = useState<K>(tabs[0]![0]);
  const [refused, setRefused] = useState(false);
  const [round, setRound] = useState(0);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const onRefused = useCallback(() => setRefused(true), []);
  const onDone = useCallback(
    (text: string, kind: 'ok' | 'error' = 'ok') => setMessage({ kind, text }),
    [],
  );
  const choose = (key: K) => {
    setTab(key);
    setMessage(null);
  };

  const hasToken = adminToken() !== '';
  const checking = !hasToken && auth.status === 'loading';
  const mayAsk = hasToken || (auth.user?.roles.includes('admin') ?? false);

  return (
    <section className={`page ${className}`}>
      <h1>{heading}</h1>
      {checking ? (
        <p role="status">Checking your sign-in…</p>
      ) : refused || !mayAsk ? (
        <AdminTokenForm
          message={refusedMessage}
          onToken={() => {
            setRefused(false);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <>
          <AdminTabs
            tabs={tabs}
            current={tab}
            onChange={choose}
            idPrefix={idPrefix}
            label={tabsLabel}
            className={tabsClassName}
          />
          <p
            className={message?.kind === 'error' ? 'site-form-alert' : okClassName}
            role="status"
            aria-live="polite"
          >
            {message?.text ?? ''}
          </p>
          <div
            key={`${tab}-${round}`}
            role="tabpanel"
            id={adminPanelId(idPrefix, tab)}
            aria-labelledby={adminTabId(idPrefix, tab)}
            className={panelClassName}
          >
            {renderPanel(tab, { onRefused, onDone })}
          </div>
        </>
      )}
    </section>
  );
}
