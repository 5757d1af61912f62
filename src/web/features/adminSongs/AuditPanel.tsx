/** The curation audit log (issue 15 item 8: 'who did what'), newest first, 50 a page. */
import { useState } from 'react';
import { curationRoutes } from '../../../contracts/library/curationRoutes.ts';
import { auditSummary } from './auditSummary.ts';
import { useCurationQuery } from './useCurationQuery.ts';

const PAGE = 50;

export function AuditPanel({ onRefused }: { onRefused: () => void }) {
  const [offset, setOffset] = useState(0);
  const { result } = useCurationQuery(curationRoutes.audit, { limit: PAGE, offset }, onRefused);
  if (result.state === 'loading') return <p role="status">Loading the log…</p>;
  if (result.state === 'error') {
    return (
      <p className="site-form-alert" role="alert">
        {result.message}
      </p>
    );
  }
  const { entries, total } = result.data;
  if (total === 0) return <p className="site-form-hint">No curation yet.</p>;
  return (
    <>
      <p className="site-form-hint">
        {offset + 1}–{offset + entries.length} of {total}, newest first.
      </p>
      <ol className="admin-songs-audit">
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
            <span className="admin-songs-who">{entry.actorLabel}</span>
            <span>{auditSummary(entry)}</span>
          </li>
        ))}
      </ol>
      {total > PAGE ? (
        <div className="admin-songs-actions">
          <button
            type="button"
            className="button secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            Newer
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={offset + entries.length >= total}
            onClick={() => setOffset(offset + PAGE)}
          >
            Older
          </button>
        </div>
      ) : null}
    </>
  );
}
