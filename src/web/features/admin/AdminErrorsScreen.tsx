/**
 * Administrators read the error reports browsers sent to our own endpoint (issue 8 part 6;
 * spec §7 'Monitoring'), newest first. The table keeps only the newest CLIENT_ERROR_ROWS.
 */
import { adminRoutes } from '../../../contracts/api/adminRoutes.ts';
import type { StoredClientError } from '../../../contracts/monitoring.ts';
import { AdminFrame, when } from './AdminFrame.tsx';
import { useAdminData } from './useAdminData.ts';

export default function AdminErrorsScreen() {
  const listing = useAdminData<{ data: StoredClientError[]; count: number }>(
    adminRoutes.clientErrors,
    { limit: 100 },
  );
  return (
    <AdminFrame title="Error Reports" status={listing} onToken={listing.reload}>
      {listing.state === 'ready' ? (
        <>
          <p className="admin-count">
            {listing.data.count === 1 ? '1 report kept' : `${listing.data.count} reports kept`}
          </p>
          {listing.data.data.length === 0 ? <p>No errors reported.</p> : null}
          <ol className="admin-list">
            {listing.data.data.map((row) => (
              <li key={row.id} className="card admin-item">
                <h2 className="admin-item-title">
                  {row.name}: {row.message}
                </h2>
                <p className="admin-meta">
                  {when(row.reported_at)}
                  {row.release ? ` · version ${row.release}` : ''}
                  {row.url ? ` · ${row.url}` : ''}
                </p>
                {Object.keys(row.context).length > 0 ? (
                  <details>
                    <summary>Context</summary>
                    <pre className="admin-pre">{JSON.stringify(row.context, null, 2)}</pre>
                  </details>
                ) : null}
                {row.stack ? (
                  <details>
                    <summary>Stack</summary>
                    <pre className="admin-pre">{row.stack}</pre>
                  </details>
                ) : null}
                {row.user_agent ? <p className="admin-meta">{row.user_agent}</p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </AdminFrame>
  );
}
