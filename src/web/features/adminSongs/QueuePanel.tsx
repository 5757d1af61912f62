/**
 * The moderation queue (issue 15 item 8): settings asking to be public, oldest first.
 * Approve makes one public; Reject asks for the reason, which the server mails to the uploader.
 */
import { useState } from 'react';
import {
  curationMessages,
  curationRoutes,
  type CuratedSetting,
} from '../../../contracts/library/curationRoutes.ts';
import { LIBRARY_LIMITS } from '../../../contracts/library/libraryTerms.ts';
import { callCuration, isRefusal } from './curationClient.ts';
import { ReasonDialog } from '../../ui/admin/ReasonDialog.tsx';
import { SettingCard } from './SettingCard.tsx';
import { useCurationQuery } from './useCurationQuery.ts';

const PAGE = 10;

export function QueuePanel({
  onRefused,
  onDone,
}: {
  onRefused: () => void;
  onDone: (message: string, kind?: 'ok' | 'error') => void;
}) {
  const { result, reload } = useCurationQuery(curationRoutes.queue, { limit: PAGE }, onRefused);
  const [rejecting, setRejecting] = useState<CuratedSetting | null>(null);

  async function approve(setting: CuratedSetting) {
    const answer = await callCuration(curationRoutes.approve, {
      params: { settingId: setting.id },
      body: {},
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      else onDone(answer.error.message, 'error');
    } else onDone(`Approved “${setting.tune.title}”: it is public now.`);
    reload();
  }

  async function reject(setting: CuratedSetting, reason: string): Promise<string | null> {
    const answer = await callCuration(curationRoutes.reject, {
      params: { settingId: setting.id },
      body: { reason },
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      return answer.error.message;
    }
    setRejecting(null);
    onDone(
      answer.data.mailed
        ? `Rejected “${setting.tune.title}”; the reason was mailed to the uploader.`
        : `Rejected “${setting.tune.title}”; the uploader has no address to mail.`,
    );
    reload();
    return null;
  }

  if (result.state === 'loading') return <p role="status">Loading the queue…</p>;
  if (result.state === 'error') {
    return (
      <p className="site-form-alert" role="alert">
        {result.message}
      </p>
    );
  }
  const { settings, total } = result.data;
  return (
    <>
      <p className="site-form-hint">
        {total === 0
          ? 'Nothing is waiting for review.'
          : `${total} ${total === 1 ? 'setting is' : 'settings are'} waiting for review, oldest first${total > settings.length ? ` (the first ${settings.length} shown)` : ''}.`}
      </p>
      <ul className="admin-songs-list">
        {settings.map((setting, index) => (
          <li key={setting.id}>
            <SettingCard setting={setting} showMusic={index === 0}>
              <div className="admin-songs-actions">
                <button type="button" className="button" onClick={() => void approve(setting)}>
                  Approve
                </button>
                <button
                  type="button"
                  className="button danger"
                  onClick={() => setRejecting(setting)}
                >
                  Reject…
                </button>
              </div>
            </SettingCard>
          </li>
        ))}
      </ul>
      {rejecting ? (
        <ReasonDialog
          title={`Reject “${rejecting.tune.title}”`}
          label="Reason (mailed to the uploader)"
          confirm="Reject and tell the uploader"
          required
          requiredMessage={curationMessages.reasonRequired}
          maxLength={LIBRARY_LIMITS.rejectReason}
          className="admin-songs-dialog"
          formClassName="admin-songs-form"
          onSubmit={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}
