import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { titleArea } from '../../../music/omr/titleArea.ts';
import { downloadText } from '../../lib/downloadText.ts';
import { tuneText } from '../../../music/tune/tune.ts';
import { OpenFile } from '../../ui/tunes/OpenFile.tsx';
import type { CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { CHECK_THIS_BAR } from './BarList.tsx';
import { createOmrReader, type CreateOmrWorker } from './createOmrReader.ts';
import { createTitleReader, type CreateTitleReader } from './createTitleReader.ts';
import { initialOmrState, needsCheck, omrReducer } from './omrScreenState.ts';
import { openPageFile, type OpenedPageFile } from './openPageFile.ts';
import { PageView } from './PageView.tsx';
import { RecognisedTune } from './RecognisedTune.tsx';
import './omr.css';

export interface OmrScreenProps {
  /** Test seams: the recognition worker, the title reader, the player, downloads and fetch. */
  readonly createWorker?: CreateOmrWorker;
  readonly createTitleReader?: CreateTitleReader;
  readonly createPlayer?: CreateTunePlayer;
  readonly download?: typeof downloadText;
  readonly fetchImpl?: typeof fetch;
}

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

/** The progress line's words for each stage (the reader's own stages come from its worker). */
export const STAGE_WORDS = {
  drawing: 'Drawing the PDF page…',
  decoding: 'Opening the picture…',
  staves: 'Finding staves…',
  notes: 'Reading notes…',
} as const;

/** What the status line says of the title above the music (issue 20 item 1). */
export const TITLE_WORDS = {
  reading: 'Reading the title…',
  found: (title: string) => `Title: “${title}”.`,
  none: 'No title was read above the music: name the tune when you save it.',
} as const;

/**
 * Music Recognition (/omr; spec §2.1, issue 20 item 2): open or drop a picture or PDF of pipe
 * music, or take a photo; the page is read in a worker and the tune shown beside the picture,
 * each bar linked to its place on the page; bars read with doubt are marked; a tap corrects a
 * note; then play it, open it in Play-along, download it, or save it to the library.
 */
export default function OmrScreen({
  createWorker,
  createTitleReader: makeTitleReader = createTitleReader,
  createPlayer,
  download = downloadText,
  fetchImpl,
}: OmrScreenProps) {
  const titleId = useId();
  const photoId = useId();
  const pageSelectId = useId();
  const [state, dispatch] = useReducer(omrReducer, initialOmrState);
  const [reader] = useState(() => createOmrReader(createWorker));
  useEffect(() => () => reader.dispose(), [reader]);
  const [titleReader] = useState(makeTitleReader);
  useEffect(() => () => titleReader.dispose(), [titleReader]);
  const [pageChoice, setPageChoice] = useState(1);

  // The latest file wins: answers for an older one are dropped.
  const job = useRef(0);
  const pdf = useRef<Extract<OpenedPageFile, { kind: 'pdf' }> | null>(null);
  // The picture's object URL lives until the next page (or leaving the screen).
  const shownUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  async function readPicture(name: string, picture: Blob, mine: number) {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    const url = URL.createObjectURL(picture);
    shownUrl.current = url;
    dispatch({ type: 'reading', name, stage: 'decoding', url });
    const outcome = await reader.read(picture, (stage, fraction) => {
      if (job.current === mine) dispatch({ type: 'reading', name, stage, fraction });
    });
    if (job.current !== mine || outcome.kind === 'cancelled') return;
    if (outcome.kind === 'failed') {
      dispatch({ type: 'failed', name, message: outcome.message });
      return;
    }
    const { result } = outcome;
    const area = result.ok ? titleArea(result.bars, outcome.page) : null;
    dispatch({
      type: 'read',
      name,
      page: { url, ...outcome.page },
      result,
      readsTitle: area !== null,
    });
    // The tune shows at once; its title follows when the text above the music is read.
    if (!area) return;
    const title = await titleReader.read(picture, outcome.page, area);
    if (job.current === mine) dispatch({ type: 'title', title });
  }

  async function readPdfPage(name: string, pageNumber: number, mine: number) {
    const file = pdf.current;
    if (!file) return;
    dispatch({ type: 'reading', name, stage: 'drawing' });
    let picture: Blob;
    try {
      picture = await file.renderPage(pageNumber);
    } catch {
      if (job.current === mine)
        dispatch({
          type: 'failed',
          name,
          message: `Page ${pageNumber} of “${name}” could not be drawn.`,
        });
      return;
    }
    if (job.current === mine) await readPicture(name, picture, mine);
  }

  async function openFile(file: File) {
    const mine = ++job.current;
    dispatch({ type: 'opening', name: file.name });
    const opened = await openPageFile(file);
    if (job.current !== mine) return;
    if (opened.kind === 'error') {
      dispatch({ type: 'failed', name: file.name, message: opened.message });
      return;
    }
    if (opened.kind === 'image') {
      pdf.current = null;
      await readPicture(opened.name, opened.page, mine);
      return;
    }
    pdf.current = opened;
    if (opened.pageCount > 1) {
      setPageChoice(1);
      dispatch({ type: 'choosePage', name: opened.name, pageCount: opened.pageCount });
    } else await readPdfPage(opened.name, 1, mine);
  }

  const { phase, reading, page, selection, hover } = state;
  const unsure = (bar: number) => (reading ? needsCheck(reading, bar) : false);
  const toCheck = reading ? reading.bars.filter((_, i) => needsCheck(reading, i)).length : 0;
  const busy = phase.kind === 'opening' || phase.kind === 'reading';

  return (
    <section className="page omr" aria-labelledby={titleId}>
      <h1 id={titleId}>Music Recognition</h1>
      <p className="omr-intro">
        Turn a printed or scanned page of pipe music into a tune you can hear, correct, play along
        with and keep. The page is read on this device: nothing is uploaded unless you save it.
      </p>

      <div className="omr-sources card">
        <OpenFile
          heading="Open a page of music"
          accept={ACCEPT}
          label="Open a picture or PDF"
          hint="or drop a PNG, JPEG or PDF page here. A scan at 200 dpi or a sharp, flat photo reads best."
          onFile={(f) => void openFile(f)}
        />
        <div className="omr-photo">
          <label htmlFor={photoId} className="button secondary">
            Take a photo
          </label>
          <input
            id={photoId}
            className="omr-photo-input"
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void openFile(file);
              e.target.value = '';
            }}
          />
        </div>
      </div>

      <div className="omr-status" role="status" aria-live="polite">
        {phase.kind === 'opening' && <p>Opening “{phase.name}”…</p>}
        {phase.kind === 'reading' && (
          <p className="omr-progress">
            {/* A known fraction fills the bar; before the reader can tell, it is indeterminate. */}
            <progress
              aria-label="Reading the page"
              max={1}
              {...(phase.fraction !== null ? { value: phase.fraction } : {})}
            />
            <span>{STAGE_WORDS[phase.stage]}</span>
          </p>
        )}
        {phase.kind === 'read' && reading && (
          <p>
            Read {reading.bars.length} {reading.bars.length === 1 ? 'bar' : 'bars'} from “
            {phase.name}”.{' '}
            {toCheck > 0
              ? `${toCheck} marked “${CHECK_THIS_BAR}”: the reader was unsure of them.`
              : 'Tap a bar or note to correct it.'}{' '}
            {state.title === 'reading' && TITLE_WORDS.reading}
            {state.title === 'found' && TITLE_WORDS.found(tuneText(reading.tune, 'title'))}
            {state.title === 'none' && TITLE_WORDS.none}
          </p>
        )}
      </div>

      {phase.kind === 'failed' && (
        <p className="omr-error" role="alert">
          {phase.message}
        </p>
      )}

      {phase.kind === 'choosePage' && (
        <div className="omr-pdf-page card">
          <label htmlFor={pageSelectId}>
            “{phase.name}” has {phase.pageCount} pages. Which one?
          </label>
          <select
            id={pageSelectId}
            value={pageChoice}
            onChange={(e) => setPageChoice(Number(e.target.value))}
          >
            {Array.from({ length: phase.pageCount }, (_, i) => (
              <option key={i} value={i + 1}>
                Page {i + 1}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            onClick={() => void readPdfPage(phase.name, pageChoice, job.current)}
          >
            Read this page
          </button>
        </div>
      )}

      {(page || reading) && (
        <div className={`omr-layout${busy ? ' is-busy' : ''}`}>
          <div className="omr-page-column">
            {page && (
              <PageView
                page={page}
                name={phase.kind === 'empty' ? '' : (phase.name ?? '')}
                bars={reading?.bars ?? []}
                hover={hover}
                selected={selection?.bar ?? null}
                unsure={unsure}
                onHover={(bar) => dispatch({ type: 'hover', bar })}
                onSelect={(bar) => dispatch({ type: 'select', selection: { bar, note: null } })}
              />
            )}
          </div>
          {reading && page && (
            <RecognisedTune
              key={page.url}
              reading={reading}
              page={page}
              name={phase.kind === 'read' ? phase.name : ''}
              selection={selection}
              hover={hover}
              canUndo={state.undo.length > 0}
              dispatch={dispatch}
              createPlayer={createPlayer}
              download={download}
              fetchImpl={fetchImpl}
            />
          )}
        </div>
      )}
    </section>
  );
}
