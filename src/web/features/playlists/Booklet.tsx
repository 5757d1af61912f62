import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import {
  PLAYLIST_KIND_LABELS,
  playlistMessages,
  type PlaylistKind,
} from '../../../contracts/library/playlistTerms.ts';
import type { PlaylistItem } from '../../../contracts/library/playlistRoutes.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { MusicNotation, type DrawNotation } from '../../ui/notation/MusicNotation.tsx';
import { drawScore } from '../../ui/notation/drawScore.ts';
import { layoutTune, type ScoreLine } from '../../ui/notation/scoreLayout.ts';
import './booklet.css';

export interface BookletProps {
  readonly name: string;
  readonly kind: PlaylistKind;
  readonly items: readonly Omit<PlaylistItem, 'settingId'>[];
  /** Where 'Back' goes. */
  readonly backTo: string;
}

/**
 * A set printed as a booklet (issue 15 item 7): a contents page, then each tune starting on a
 * new page, every staff line kept whole on its page (booklet.css: `break-before: page` per
 * tune, `break-inside: avoid` per line). The browser's own print makes the PDF; no server
 * PDF library. Tunes that are no longer available are listed, not printed.
 */
export function Booklet({ name, kind, items, backTo }: BookletProps) {
  const tunes = useMemo(
    () =>
      items.map((item) => {
        if (!item.available || !item.bww) return null;
        return parseBww(item.bww).tunes.find((t) => notesOf(t).length > 0) ?? null;
      }),
    [items],
  );
  return (
    <article className="booklet" aria-labelledby="booklet-title">
      <div className="booklet-toolbar">
        <Link to={backTo}>Back to the playlist</Link>
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <span className="booklet-muted">
          Each tune starts on a new page; choose “Save as PDF” in the print dialog for a file.
        </span>
      </div>
      <section className="booklet-page booklet-contents">
        <h1 id="booklet-title">{name}</h1>
        <p className="booklet-muted">{PLAYLIST_KIND_LABELS[kind]}</p>
        <h2>Contents</h2>
        <ol className="booklet-toc">
          {items.map((item, i) => (
            <li key={item.id}>
              <span className="booklet-toc-title">{item.title}</span>
              <span className="booklet-toc-meta">
                {item.type ? TUNE_TYPE_LABELS[item.type] : ''}
                {item.tempo ? ` · ${item.tempo} bpm` : ''}
                {item.repeats > 1 ? ` · ×${item.repeats}` : ''}
                {tunes[i] ? '' : ` · ${playlistMessages.unavailable}`}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {items.map((item, i) => {
        const tune = tunes[i];
        return tune ? <BookletTune key={item.id} item={item} tune={tune} number={i + 1} /> : null;
      })}
    </article>
  );
}

function BookletTune({
  item,
  tune,
  number,
}: {
  item: BookletProps['items'][number];
  tune: Tune;
  number: number;
}) {
  const lines = useMemo(() => layoutTune(tune), [tune]);
  const { type, composer } = tuneName(tune, 0);
  const id = `booklet-tune-${item.id}`;
  return (
    <section className="booklet-page booklet-tune" aria-labelledby={id}>
      <header className="booklet-tune-header">
        <h2 id={id}>
          {number}. {item.title}
        </h2>
        <p className="booklet-muted">
          {[item.type ? TUNE_TYPE_LABELS[item.type] : type, composer].filter(Boolean).join(' · ')}
        </p>
      </header>
      {lines.map((line, i) => (
        <BookletLine key={i} line={line} label={`${item.title}, line ${i + 1}`} />
      ))}
    </section>
  );
}

/** One staff line, drawn on its own so print can keep it whole (break-inside: avoid). */
function BookletLine({ line, label }: { line: ScoreLine; label: string }) {
  const draw = useCallback<DrawNotation>(
    (vf, host, width) => {
      drawScore(vf, host, width, [line]);
    },
    [line],
  );
  return <MusicNotation label={label} draw={draw} className="booklet-line" />;
}
