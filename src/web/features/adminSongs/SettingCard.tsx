/**
 * One setting as a curator judges it (issue 15 item 8): the tune, the licence and credit, the
 * source, who uploaded it (name and email: administrators only), and its music on request
 * (a page of scores drawn at once would be slow on a phone).
 */
import { useId, useState, type ReactNode } from 'react';
import type { CuratedSetting } from '../../../contracts/library/curationRoutes.ts';
import {
  LICENCE_LABELS,
  TUNE_TYPE_LABELS,
  type Visibility,
} from '../../../contracts/library/libraryTerms.ts';
import { SettingPreview } from './SettingPreview.tsx';

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  private: 'Private',
  pending: 'Waiting for review',
  public: 'Public',
  rejected: 'Rejected',
  hidden: 'Hidden while a report is reviewed',
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

export function SettingCard({
  setting,
  heading,
  showMusic = false,
  children,
}: {
  setting: CuratedSetting;
  /** The heading level's element is chosen by the list (h2 in a panel). */
  heading?: ReactNode;
  showMusic?: boolean;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(showMusic);
  const musicId = useId();
  const { tune, uploader } = setting;
  return (
    <article className="card admin-songs-card" aria-label={`${tune.title}, setting`}>
      {heading ?? <h2 className="admin-songs-title">{tune.title}</h2>}
      <dl className="admin-songs-facts">
        <dt>Tune</dt>
        <dd>
          {TUNE_TYPE_LABELS[tune.type]} · {tune.timeSignature} · {tune.composer}
        </dd>
        <dt>Licence</dt>
        <dd>{LICENCE_LABELS[setting.licence]}</dd>
        {setting.attribution ? (
          <>
            <dt>Credit</dt>
            <dd>{setting.attribution}</dd>
          </>
        ) : null}
        {setting.arranger ? (
          <>
            <dt>Arranger</dt>
            <dd>{setting.arranger}</dd>
          </>
        ) : null}
        <dt>Source</dt>
        <dd>{setting.source ?? 'Not given'}</dd>
        <dt>Uploaded by</dt>
        <dd>
          {uploader ? (
            <>
              {uploader.name ? `${uploader.name} · ` : ''}
              <a href={`mailto:${uploader.email}`}>{uploader.email}</a>
            </>
          ) : (
            'Built in, or a deleted account'
          )}{' '}
          on {dateOf(setting.createdAt)}
        </dd>
        <dt>State</dt>
        <dd>
          {VISIBILITY_LABELS[setting.visibility]}
          {setting.rejectReason ? ` — ${setting.rejectReason}` : ''}
        </dd>
      </dl>
      <button
        type="button"
        className="button secondary admin-songs-music-toggle"
        aria-expanded={open}
        aria-controls={musicId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the music' : 'Show the music'}
      </button>
      <div id={musicId} hidden={!open}>
        {open ? <SettingPreview bww={setting.bww} title={tune.title} /> : null}
      </div>
      {/* The decision comes after the music, which is what is being judged. */}
      {children}
    </article>
  );
}
