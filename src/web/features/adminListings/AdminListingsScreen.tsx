/**
 * Moderate Listings (issue 16 item 7): the administrators' side of the band finder and tutor
 * directory — pending listings to approve or reject (the reason is mailed), reported ones,
 * public ones their managers changed since a moderator last looked (live at once, reviewed
 * after), hidden ones to restore, and the audit log. The server decides who may moderate
 * (src/server/routes/moderation.ts); the frame (src/web/ui/admin/) says when it refuses.
 */
import { AdminTabbedScreen } from '../../ui/admin/AdminTabbedScreen.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { ListingsPanel } from './ListingsPanel.tsx';
import './adminListings.css';

export const REFUSED_MESSAGE = 'Only administrators can moderate band and tutor listings.';

const TABS = [
  ['pending', 'Pending'],
  ['reported', 'Reported'],
  ['edited', 'Edited'],
  ['hidden', 'Hidden'],
  ['audit', 'Audit log'],
] as const;

export interface AdminListingsScreenProps {
  /** Test seam: the API's fetch. */
  readonly fetchImpl?: typeof fetch;
}

export default function AdminListingsScreen({ fetchImpl }: AdminListingsScreenProps = {}) {
  const seam = fetchImpl ? { fetchImpl } : {};
  return (
    <AdminTabbedScreen
      heading="Moderate Listings"
      className="admin-listings"
      refusedMessage={REFUSED_MESSAGE}
      tabs={TABS}
      idPrefix="admin-listings"
      tabsLabel="Moderation"
      tabsClassName="listings-tabs"
      okClassName="listings-ok"
      panelClassName="listings-panel"
      renderPanel={(tab, { onRefused, onDone }) =>
        tab === 'audit' ? (
          <AuditPanel onRefused={onRefused} {...seam} />
        ) : (
          <ListingsPanel tab={tab} onRefused={onRefused} onDone={onDone} {...seam} />
        )
      }
    />
  );
}
