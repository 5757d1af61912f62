/**
 * 'Report this listing' for a band or a tutor (issue 16 item 7): anyone tells the moderators
 * that the details are wrong, that the band or tutor is gone, or that the listing is
 * inappropriate or spam (moderationRoutes.report; the server rate-limits). A report hides
 * nothing by itself; a moderator looks at it.
 */
import { moderationRoutes } from '../../contracts/directory/moderationRoutes.ts';
import {
  DIRECTORY_LIMITS,
  LISTING_REPORT_LABELS,
  LISTING_REPORT_REASONS,
  directoryMessages,
} from '../../contracts/directory/directoryTerms.ts';
import { callApi } from '../lib/apiClient.ts';
import { ReportDialog } from './ReportDialog.tsx';

export interface ReportListingDialogProps {
  readonly kind: 'band' | 'tutor';
  readonly listingId: string;
  /** The band's or tutor's name, in the title. */
  readonly name: string;
  readonly onClose: () => void;
  readonly fetchImpl?: typeof fetch;
}

export function ReportListingDialog({
  kind,
  listingId,
  name,
  onClose,
  fetchImpl,
}: ReportListingDialogProps) {
  return (
    <ReportDialog
      title={`Report “${name}”`}
      question="What is wrong with this listing?"
      reasons={LISTING_REPORT_REASONS}
      labels={LISTING_REPORT_LABELS}
      messageLabel="Tell the moderators more (optional)"
      messageMax={DIRECTORY_LIMITS.reasonMax}
      thanks={directoryMessages.reportThanks}
      send={async (reason, message) => {
        const result = await callApi(
          moderationRoutes.report,
          { params: { kind, listingId }, body: { reason, message } },
          fetchImpl ? { fetch: fetchImpl } : {},
        );
        return result.error ? result.error.message : null;
      }}
      onClose={onClose}
    />
  );
}
