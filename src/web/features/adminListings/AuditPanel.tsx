/** The directory's audit log (issue 16 item 7), newest first, a hundred at a time. */
import { useEffect, useState } from 'react';
import {
  moderationRoutes as r,
  type directoryAuditSchema,
} from '../../../contracts/directory/moderationRoutes.ts';
import type { z } from 'zod';
import { callModeration, isRefusal } from './moderationClient.ts';

type Entry = z.infer<typeof directoryAuditSchema>;

export function AuditPanel({
  onRefused,
  fetchImpl,
}: {
  onRefused: () => void;
  fetchImpl?: typeof fetch;
}) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [before, setBefore] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void callModeration(r.audit, { query: before ? { before } : {} }, fetchImpl).then((answer) => {
      if (!live) return;
      if (answer.data)
        setEntries((old) => [...(before ? (old ?? []) : []), ...answer.data.entries]);
      else if (isRefusal(answer.error.status)) onRefused();
      else setFailed(answer.error.message);
    });
    return () => {
      live = false;
    };
  }, [before, onRefused, fetchImpl]);

  if (failed) return <p role="alert">{failed}</p>;
  if (!entries) return <p role="status">Loading…</p>;
  if (entries.length === 0) return <p>Nothing has been moderated yet.</p>;
  return (
    <>
      <div className="listings-table-wrap">
        <table className="listings-audit">
          <caption>Moderation and management, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Listing</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.createdAt).toLocaleString('en-GB')}</td>
                <td>{e.actor ?? 'Administrator (token)'}</td>
                <td>{e.action}</td>
                <td>
                  {e.kind === 'band' ? 'Band' : 'Tutor'}: {e.listingName ?? '(deleted)'}
                </td>
                <td>{e.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length % 100 === 0 ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => setBefore(entries.at(-1)?.createdAt)}
        >
          Older entries
        </button>
      ) : null}
    </>
  );
}
