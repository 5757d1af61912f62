import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import { performTune } from '../../../music/tune/performance.ts';
import { BWW_TYPE, MUSICXML_TYPE, downloadText } from '../../lib/downloadText.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { fileSlug, openBww } from '../../ui/tunes/openBww.ts';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { AddToPlaylist } from '../../ui/playlists/AddToPlaylist.tsx';
import { ReportSettingDialog } from './ReportSettingDialog.tsx';
import { licenceText, settingName, visibilityText } from './settingFacts.ts';
import { tunePageHref } from './TuneResult.tsx';
import { useTunePage } from './useTunePage.ts';

export interface TunePageViewProps {
  readonly slug: string;
  readonly live: boolean;
  readonly fetchImpl?: typeof fetch;
  readonly createPlayer?: CreateTunePlayer;
  readonly download?: typeof downloadText;
}

/** A library tune in another screen: `/sheet-music?tune=…&setting=…` (issue 15 item 5). */
export function linkedTuneHref(path: string, slug: string, settingId: string): string {
  return `${path}?tune=${encodeURIComponent(slug)}&setting=${encodeURIComponent(settingId)}`;
}

/**
 * A tune's page (issue 15 item 5): its names, type, time, composer and notes; every setting
 * the visitor may see with its arranger, source and licence; the chosen setting drawn, played,
 * opened in Sheet Music or Play Along, downloaded as BWW or MusicXML, added to a playlist, or
 * reported.
 */
export function TunePageView({
  slug,
  live,
  fetchImpl,
  createPlayer,
  download = downloadText,
}: TunePageViewProps) {
  const [version, setVersion] = useState(0);
  const state = useTunePage(slug, live, version, fetchImpl);
  const navigate = useNavigate();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const { player, state: playback } = useTunePlayer(createPlayer);
  const pickerId = useId();

  const page = state.status === 'done' ? state.page : null;
  const redirectTo = page?.redirectTo ?? null;
  useEffect(() => {
    // A merged duplicate's old link still works: it lands on the tune it was merged into.
    if (redirectTo && redirectTo !== slug)
      void navigate(tunePageHref(redirectTo), { replace: true });
  }, [redirectTo, slug, navigate]);

  const settings = page?.settings ?? [];
  const setting = settings.find((s) => s.id === chosenId) ?? settings[0] ?? null;
  const opened = useMemo(
    () => (setting && page ? openBww(page.tune.title, setting.bww, 'library') : null),
    [setting, page],
  );
  const tune = opened?.ok ? (opened.file.tunes[0] ?? null) : null;
  useEffect(() => () => player.stop(), [player, setting?.id]);

  if (state.status === 'loading') {
    return (
      <p className="share-status" role="status">
        Loading the tune…
      </p>
    );
  }
  if (state.status === 'missing') {
    return (
      <div className="share-missing">
        <h2>Tune not found</h2>
        <p>This tune is not in the library, or it is not shared.</p>
        <p>
          <Link to={paths.sheetShare}>Back to the library</Link>
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="share-missing">
        <p className="share-error" role="alert">
          {state.message}
        </p>
        <button type="button" onClick={() => setVersion((v) => v + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!page) return null;
  const { tune: info } = page;
  const playing = playback.state === 'playing';
  const title = info.title;
  const file = fileSlug(title);

  return (
    <article className="share-tune" aria-labelledby={`${pickerId}-title`}>
      <p className="share-back">
        <Link to={paths.sheetShare}>← All tunes</Link>
      </p>
      <h2 id={`${pickerId}-title`} className="share-tune-title">
        {title}
      </h2>
      {info.aliases.length > 0 && (
        <p className="share-aliases">Also known as {info.aliases.join(', ')}</p>
      )}
      <dl className="share-meta">
        <dt>Type</dt>
        <dd>{TUNE_TYPE_LABELS[info.type]}</dd>
        <dt>Time</dt>
        <dd>{info.timeSignature}</dd>
        <dt>Composer</dt>
        <dd>
          {info.composer}
          {info.composerDates && ` (${info.composerDates})`}
        </dd>
      </dl>
      {info.notes && <p className="share-notes">{info.notes}</p>}

      {settings.length === 0 ? (
        <p>No setting of this tune is shared yet.</p>
      ) : (
        <>
          {settings.length > 1 && (
            <div className="share-field">
              <label htmlFor={pickerId}>Setting</label>
              <select
                id={pickerId}
                value={setting?.id ?? ''}
                onChange={(e) => setChosenId(e.target.value)}
              >
                {settings.map((s, i) => (
                  <option key={s.id} value={s.id}>
                    {settingName(s, i)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {setting && (
            <dl className="share-meta share-setting-meta">
              {setting.arranger && (
                <>
                  <dt>Arranged by</dt>
                  <dd>{setting.arranger}</dd>
                </>
              )}
              {setting.source && (
                <>
                  <dt>Source</dt>
                  <dd>{setting.source}</dd>
                </>
              )}
              <dt>Licence</dt>
              <dd>{licenceText(setting)}</dd>
              {setting.uploaderName && (
                <>
                  <dt>Shared by</dt>
                  <dd>{setting.uploaderName}</dd>
                </>
              )}
            </dl>
          )}
          {setting?.mine && visibilityText(setting) && (
            <p className="share-own-status" role="note">
              {visibilityText(setting)}
            </p>
          )}
          {setting && (
            <div className="share-actions">
              <button
                type="button"
                disabled={!tune}
                onClick={() => {
                  if (playing) player.stop();
                  else if (tune) player.play(performTune(tune));
                }}
              >
                {playing ? 'Stop' : 'Play'}
              </button>
              <Link
                className="share-action-link"
                to={linkedTuneHref(paths.sheetMusic, info.slug, setting.id)}
              >
                Open in Sheet Music
              </Link>
              <Link
                className="share-action-link"
                to={linkedTuneHref(paths.playAlong, info.slug, setting.id)}
              >
                Play along
              </Link>
              <button type="button" onClick={() => download(`${file}.bww`, setting.bww, BWW_TYPE)}>
                Download BWW
              </button>
              <button
                type="button"
                disabled={!tune}
                onClick={() =>
                  tune && download(`${file}.musicxml`, toMusicXml(tune), MUSICXML_TYPE)
                }
              >
                Download MusicXML
              </button>
              <AddToPlaylist
                settingId={setting.id}
                tuneTitle={title}
                {...(fetchImpl ? { fetchImpl } : {})}
              />
              <button type="button" className="share-report" onClick={() => setReporting(true)}>
                Report a problem
              </button>
            </div>
          )}
          {opened && !opened.ok && (
            <p className="share-error" role="alert">
              {opened.message}
            </p>
          )}
          {tune && (
            <div className="share-score">
              <PipeScore tune={tune} activeNoteIndex={playback.noteIndex} />
            </div>
          )}
        </>
      )}
      {reporting && setting && (
        <ReportSettingDialog
          settingId={setting.id}
          tuneTitle={title}
          {...(fetchImpl ? { fetchImpl } : {})}
          onClose={(sent) => {
            setReporting(false);
            // A copyright report hides the setting: show the page as it now is.
            if (sent) setVersion((v) => v + 1);
          }}
        />
      )}
    </article>
  );
}
