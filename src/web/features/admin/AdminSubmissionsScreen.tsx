/**
 * Administrators read what visitors sent (issue 8 parts 2 and 5): contact messages, feature
 * requests and bug reports from the forms, and reports from the feedback widget.
 */
import { useState } from 'react';
import { adminRoutes } from '../../../contracts/api/adminRoutes.ts';
import type { StoredSubmission } from '../../../contracts/forms.ts';
import type { StoredFeedback } from '../../../contracts/monitoring.ts';
import { AdminFrame, when } from './AdminFrame.tsx';
import { useAdminData } from './useAdminData.ts';

const tabs = [
  ['contact', 'Contact', adminRoutes.submissions, { form: 'contact', limit: 100 }],
  [
    'feature-request',
    'Feature requests',
    adminRoutes.submissions,
    { form: 'feature-request', limit: 100 },
  ],
  ['feedback', 'Bug reports (widget)', adminRoutes.feedback, { limit: 100 }],
] as const;
type Tab = (typeof tabs)[number][0];

type Listing = { data: Array<StoredSubmission | StoredFeedback>; count: number };

export default function AdminSubmissionsScreen() {
  const [tab, setTab] = useState<Tab>('contact');
  const [, , route, query] = tabs.find(([key]) => key === tab) ?? tabs[0];
  const listing = useAdminData<Listing>(route, query);
  return (
    <AdminFrame title="Submissions" status={listing} onToken={listing.reload}>
      <div className="admin-tabs" role="group" aria-label="Which submissions">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={`button${key === tab ? '' : ' secondary'}`}
            aria-pressed={key === tab}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {listing.state === 'ready' ? (
        <>
          <p className="admin-count">
            {listing.data.count === 1 ? '1 entry' : `${listing.data.count} entries`}
          </p>
          {listing.data.data.length === 0 ? <p>Nothing here yet.</p> : null}
          <ol className="admin-list">
            {listing.data.data.map((row) => (
              <li key={row.id} className="card admin-item">
                {'form' in row ? <SubmissionItem row={row} /> : <FeedbackItem row={row} />}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </AdminFrame>
  );
}

function SubmissionItem({ row }: { row: StoredSubmission }) {
  const heading =
    row.form === 'contact'
      ? `From ${row.name ?? 'someone'}`
      : `${row.type === 'bug' ? 'Bug' : 'Feature'}: ${row.title ?? ''}`;
  return (
    <>
      <h2 className="admin-item-title">{heading}</h2>
      <p className="admin-meta">
        {when(row.created_at)} · <a href={`mailto:${row.email}`}>{row.email}</a>
        {row.browser ? ` · ${row.browser}` : ''}
      </p>
      <p className="admin-text">{row.message ?? row.description}</p>
    </>
  );
}

function FeedbackItem({ row }: { row: StoredFeedback }) {
  return (
    <>
      <h2 className="admin-item-title">Report from {row.name || 'someone'}</h2>
      <p className="admin-meta">
        {when(row.created_at)}
        {row.email ? (
          <>
            {' · '}
            <a href={`mailto:${row.email}`}>{row.email}</a>
          </>
        ) : null}
        {row.url ? ` · ${row.url}` : ''}
      </p>
      <p className="admin-text">{row.message}</p>
      {row.user_agent ? <p className="admin-meta">{row.user_agent}</p> : null}
    </>
  );
}
