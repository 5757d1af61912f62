/**
 * Reports on settings (issue 15 items 3 and 8), oldest first. Upholding takes the setting
 * down (a copyright report keeps it hidden; any other rejects it with the note); dismissing
 * gives a setting a copyright report hid back the visibility it had.
 */
import { useId, useState } from 'react';
import { curationRoutes, type CuratedReport } from '../../../contracts/library/curationRoutes.ts';
import { LIBRARY_LIMITS, type ReportKind } from '../../../contracts/library/libraryTerms.ts';
import { callCuration, isRefusal } from './curationClient.ts';
import { SettingCard } from './SettingCard.tsx';
import { useCurationQuery } from './useCurationQuery.ts';

const PAGE = 10;

/** Short headings; the reporter's own words follow in the card. */
const REPORT_HEADINGS: Record<ReportKind, string> = {
  copyright: 'Copyright report',
  'wrong-notes': 'Wrong notes report',
  other: 'Report',
};

export function ReportsPanel({
  onRefused,
  onDone,
}: {
  onRefused: () => void;
  onDone: (message: string, kind?: 'ok' | 'error') => void;
}) {
  const { result, reload } = useCurationQuery(
    curationRoutes.reports,
    { status: 'open', limit: PAGE },
    onRefused,
  );

  async function resolve(report: CuratedReport, decision: 'uphold' | 'dismiss', note: string) {
    const answer = await callCuration(curationRoutes.resolveReport, {
      params: { reportId: report.id },
      body: { decision, ...(note.trim() ? { note: note.trim() } : {}) },
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      else onDone(answer.error.message, 'error');
    } else if (decision === 'uphold') {
      onDone(`Report upheld: “${report.setting.tune.title}” is no longer public.`);
    } else {
      onDone(
        `Report dismissed: “${report.setting.tune.title}” is ${answer.data.setting.visibility === 'public' ? 'public again' : answer.data.setting.visibility}.`,
      );
    }
    reload();
  }

  if (result.state === 'loading') return <p role="status">Loading reports…</p>;
  if (result.state === 'error') {
    return (
      <p className="site-form-alert" role="alert">
        {result.message}
      </p>
    );
  }
  const { reports, total } = result.data;
  return (
    <>
      <p className="site-form-hint">
        {total === 0
          ? 'No open reports.'
          : `${total} open ${total === 1 ? 'report' : 'reports'}, oldest first.`}
      </p>
      <ul className="admin-songs-list">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} onResolve={resolve} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReportCard({
  report,
  onResolve,
}: {
  report: CuratedReport;
  onResolve: (report: CuratedReport, decision: 'uphold' | 'dismiss', note: string) => Promise<void>;
}) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (decision: 'uphold' | 'dismiss') => {
    setBusy(true);
    await onResolve(report, decision, note);
    setBusy(false);
  };
  return (
    <SettingCard
      setting={report.setting}
      heading={
        <h2 className="admin-songs-title">
          {REPORT_HEADINGS[report.kind]}: {report.setting.tune.title}
        </h2>
      }
    >
      <blockquote className="admin-songs-report">
        <p>{report.message}</p>
        <footer>
          {report.reporter ?? 'An anonymous visitor'}, {new Date(report.createdAt).toLocaleString()}
        </footer>
      </blockquote>
      <div className="site-form-field">
        <label htmlFor={noteId}>Note (kept in the log; the uploader’s reason if upheld)</label>
        <textarea
          id={noteId}
          rows={2}
          value={note}
          maxLength={LIBRARY_LIMITS.rejectReason}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div className="admin-songs-actions">
        <button
          type="button"
          className="button danger"
          disabled={busy}
          onClick={() => void act('uphold')}
        >
          Uphold: take it down
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => void act('dismiss')}
        >
          Dismiss: keep it
        </button>
      </div>
    </SettingCard>
  );
}
