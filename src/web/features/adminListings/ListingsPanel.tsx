/**
 * One tab of the moderation page (issue 16 item 7): the band and tutor listings waiting for a
 * decision, reported, or hidden, each with what a moderator may do to it now, and the open
 * reports under the listing they are about.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  moderationRoutes as r,
  type ModerationItem,
} from '../../../contracts/directory/moderationRoutes.ts';
import {
  DIRECTORY_LIMITS,
  LISTING_REPORT_LABELS,
  directoryMessages,
} from '../../../contracts/directory/directoryTerms.ts';
import { paths, pathTo } from '../../../contracts/routes.ts';
import type { ResponseOf } from '../../../contracts/api/apiRoute.ts';
import { callModeration, isRefusal } from './moderationClient.ts';
import { ReasonDialog } from '../../ui/admin/ReasonDialog.tsx';

export type QueueTab = 'pending' | 'reported' | 'edited' | 'hidden';
type Queue = ResponseOf<typeof r.queue>;
type Decision = 'approve' | 'reject' | 'hide' | 'restore';

const EMPTY: Record<QueueTab, string> = {
  pending: 'No listings are waiting for a moderator.',
  reported: 'No listing has an open report.',
  edited: 'No public listing has changed since a moderator last looked.',
  hidden: 'No listing is hidden.',
};

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function ListingsPanel({
  tab,
  onRefused,
  onDone,
  fetchImpl,
}: {
  tab: QueueTab;
  onRefused: () => void;
  onDone: (text: string, kind?: 'ok' | 'error') => void;
  fetchImpl?: typeof fetch;
}) {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [asking, setAsking] = useState<{ item: ModerationItem; action: 'reject' | 'hide' } | null>(
    null,
  );

  useEffect(() => {
    let live = true;
    void callModeration(r.queue, { query: { status: tab } }, fetchImpl).then((answer) => {
      if (!live) return;
      if (answer.data) setQueue(answer.data);
      else if (isRefusal(answer.error.status)) onRefused();
      else setFailed(answer.error.message);
    });
    return () => {
      live = false;
    };
  }, [tab, round, onRefused, fetchImpl]);

  const decide = useCallback(
    async (item: ModerationItem, action: Decision, reason = ''): Promise<string | null> => {
      const body = action === 'reject' || action === 'hide' ? { action, reason } : { action };
      const answer = await callModeration(
        r.decide,
        { params: { kind: item.kind, listingId: item.id }, body: body as never },
        fetchImpl,
      );
      if (answer.error) {
        if (isRefusal(answer.error.status)) onRefused();
        return answer.error.message;
      }
      const done = {
        approve:
          item.status === 'public'
            ? 'stays listed; its changes are reviewed'
            : 'approved and listed',
        reject: 'rejected; the registrant has been mailed the reason',
        hide: 'hidden',
        restore: 'restored',
      }[action];
      onDone(`“${item.name}” ${done}.`);
      setRound((n) => n + 1);
      return null;
    },
    [fetchImpl, onDone, onRefused],
  );

  const resolve = async (reportId: string) => {
    const answer = await callModeration(r.resolveReport, { params: { reportId } }, fetchImpl);
    if (answer.error) onDone(answer.error.message, 'error');
    else {
      onDone('Report marked as dealt with.');
      setRound((n) => n + 1);
    }
  };

  if (failed) return <p role="alert">{failed}</p>;
  if (!queue) return <p role="status">Loading…</p>;
  if (queue.items.length === 0) return <p>{EMPTY[tab]}</p>;

  return (
    <>
      <ul className="listings-cards">
        {queue.items.map((item) => {
          const reports = queue.reports.filter((x) => x.listingId === item.id);
          return (
            <li key={`${item.kind}:${item.id}`} className="listings-card">
              <h2>
                <span className="listings-kind">{item.kind === 'band' ? 'Band' : 'Tutor'}</span>{' '}
                {item.kind === 'band' ? (
                  <Link to={pathTo(paths.band, { bandId: item.id })}>{item.name}</Link>
                ) : (
                  item.name
                )}
              </h2>
              <p className="listings-meta">
                {item.town}, {item.country} · {item.status} · registered {when(item.createdAt)}
                {item.registrant ? ` by ${item.registrant}` : ''}
                {item.editedAt ? ` · changed by its managers ${when(item.editedAt)}` : ''}
                {item.openReports > 0 ? ` · ${item.openReports} open report(s)` : ''}
              </p>
              {item.statusReason ? <p>Reason: {item.statusReason}</p> : null}
              {reports.length > 0 ? (
                <ul className="listings-reports" aria-label={`Reports on ${item.name}`}>
                  {reports.map((report) => (
                    <li key={report.id}>
                      <strong>{LISTING_REPORT_LABELS[report.reason]}</strong> (
                      {when(report.createdAt)}){report.message ? `: ${report.message}` : ''}{' '}
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => void resolve(report.id)}
                      >
                        Mark dealt with
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="listings-actions">
                {item.status === 'pending' || item.status === 'rejected' ? (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Approve ${item.name}`}
                    onClick={() =>
                      void decide(item, 'approve').then((e) => e && onDone(e, 'error'))
                    }
                  >
                    Approve
                  </button>
                ) : null}
                {item.status === 'pending' ? (
                  <button
                    type="button"
                    className="button danger"
                    aria-label={`Reject ${item.name}…`}
                    onClick={() => setAsking({ item, action: 'reject' })}
                  >
                    Reject…
                  </button>
                ) : null}
                {item.status === 'public' && item.editedAt ? (
                  <button
                    type="button"
                    className="button"
                    aria-label={`The changes to ${item.name} are fine`}
                    onClick={() =>
                      void decide(item, 'approve').then((e) => e && onDone(e, 'error'))
                    }
                  >
                    Changes are fine
                  </button>
                ) : null}
                {item.status === 'public' ? (
                  <button
                    type="button"
                    className="button danger"
                    aria-label={`Hide ${item.name}…`}
                    onClick={() => setAsking({ item, action: 'hide' })}
                  >
                    Hide…
                  </button>
                ) : null}
                {item.status === 'hidden' ? (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Restore ${item.name}`}
                    onClick={() =>
                      void decide(item, 'restore').then((e) => e && onDone(e, 'error'))
                    }
                  >
                    Restore
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {asking ? (
        <ReasonDialog
          title={`${asking.action === 'reject' ? 'Reject' : 'Hide'} “${asking.item.name}”`}
          label={
            asking.action === 'reject'
              ? 'Reason (mailed to the registrant)'
              : 'Reason (kept with the listing; optional)'
          }
          confirm={asking.action === 'reject' ? 'Reject and tell the registrant' : 'Hide listing'}
          required={asking.action === 'reject'}
          requiredMessage={directoryMessages.rejectReasonRequired}
          maxLength={DIRECTORY_LIMITS.reasonMax}
          className="admin-listings-dialog"
          onSubmit={async (reason) => {
            const error = await decide(asking.item, asking.action, reason);
            if (!error) setAsking(null);
            return error;
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
