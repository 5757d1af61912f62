/**
 * Manage Songs (spec §2.1 `/admin-songs`; issue 15 item 8): the administrators' side of the
 * tune library — the moderation queue, reports, tunes (edit, merge, feature) and the audit
 * log. The server decides who may curate (src/server/routes/curation.ts); the frame
 * (src/web/ui/admin/) says when it refuses.
 */
import { AdminTabbedScreen } from '../../ui/admin/AdminTabbedScreen.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { TunesPanel } from './TunesPanel.tsx';
import './adminSongs.css';

export const REFUSED_MESSAGE = 'Only administrators can manage the tune library.';

const TABS = [
  ['queue', 'Queue'],
  ['reports', 'Reports'],
  ['tunes', 'Tunes'],
  ['audit', 'Audit log'],
] as const;

export default function AdminSongsScreen() {
  return (
    <AdminTabbedScreen
      heading="Manage Songs"
      className="admin-songs"
      refusedMessage={REFUSED_MESSAGE}
      tabs={TABS}
      idPrefix="admin-songs"
      tabsLabel="Curation"
      tabsClassName="admin-songs-tabs"
      okClassName="admin-songs-ok"
      panelClassName="admin-songs-panel"
      renderPanel={(tab, panel) =>
        tab === 'queue' ? (
          <QueuePanel {...panel} />
        ) : tab === 'reports' ? (
          <ReportsPanel {...panel} />
        ) : tab === 'tunes' ? (
          <TunesPanel {...panel} />
        ) : (
          <AuditPanel onRefused={panel.onRefused} />
        )
      }
    />
  );
}
