/**
 * A setting's music as curators review it (issue 15 item 8): the app's own score renderer
 * (src/web/ui/notation/PipeScore.tsx, as Sheet Music shows tunes) and a Play button through
 * the shared tune player hook. The BWW is read in the browser; nothing is sent anywhere.
 */
import { useMemo } from 'react';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { performTune } from '../../../music/tune/performance.ts';
import { notesOf } from '../../../music/tune/tune.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { useTunePlayer } from '../../ui/tunes/useTunePlayer.ts';

export function SettingPreview({ bww, title }: { bww: string; title: string }) {
  const tune = useMemo(() => parseBww(bww).tunes.find((t) => notesOf(t).length > 0) ?? null, [bww]);
  const { player, state } = useTunePlayer();
  const performance = useMemo(() => (tune ? performTune(tune) : null), [tune]);
  if (!tune || !performance) {
    return (
      <p className="site-form-alert" role="alert">
        No music could be read from this setting.
      </p>
    );
  }
  const playing = state.state === 'playing';
  return (
    <div className="admin-songs-preview">
      <button
        type="button"
        className="button secondary"
        aria-label={`${playing ? 'Stop' : 'Play'} ${title}`}
        onClick={() => (playing ? player.stop() : player.play(performance))}
      >
        {playing ? 'Stop' : 'Play'}
      </button>
      <PipeScore tune={tune} activeNoteIndex={state.noteIndex} label={`Music of ${title}`} />
    </div>
  );
}
