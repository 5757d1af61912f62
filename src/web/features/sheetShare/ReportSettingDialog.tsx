/**
 * Anyone may report a setting (issue 15 item 3): wrong notes, copyright, or something else.
 * A copyright report hides the setting until a curator has looked (the server does that).
 */
import { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import {
  LIBRARY_LIMITS,
  REPORT_KINDS,
  REPORT_KIND_LABELS,
  libraryMessages,
} from '../../../contracts/library/libraryTerms.ts';
import { callApi } from '../../lib/apiClient.ts';
import { ReportDialog } from '../../ui/ReportDialog.tsx';

export interface ReportSettingDialogProps {
  readonly settingId: string;
  readonly tuneTitle: string;
  readonly onClose: (sent: boolean) => void;
  readonly fetchImpl?: typeof fetch;
}

export function ReportSettingDialog({
  settingId,
  tuneTitle,
  onClose,
  fetchImpl,
}: ReportSettingDialogProps) {
  return (
    <ReportDialog
      title={`Report “${tuneTitle}”`}
      question="What is wrong?"
      reasons={REPORT_KINDS}
      labels={REPORT_KIND_LABELS}
      messageLabel="Tell the curators what you found"
      messageMax={LIBRARY_LIMITS.reportMessage}
      messageRequired="Please say what is wrong."
      thanks={libraryMessages.reportThanks}
      send={async (kind, message) => {
        const result = await callApi(
          libraryRoutes.report,
          { params: { settingId }, body: { kind, message } },
          fetchImpl ? { fetch: fetchImpl } : {},
        );
        return result.error ? result.error.message : null;
      }}
      onClose={onClose}
    />
  );
}
