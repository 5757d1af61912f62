/**
 * The /omr screen's state as a pure reducer (issue 20 item 2), so that reading, corrections,
 * 'Check this bar' marks and undo are tested without a browser, a worker or a score.
 */
import {
  OMR_UNSURE,
  type OmrBar,
  type OmrResult,
  type PageBox,
} from '../../../music/omr/omrTypes.ts';
import { withReadTitle } from '../../../music/omr/withReadTitle.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import {
  deleteNote,
  insertNote,
  setBarLines,
  setBarTime,
  type BarEnd,
  type BarStart,
  type NewNote,
} from './editRecognisedBar.ts';
import { editRecognisedNote, type NotePatch } from './editRecognisedNote.ts';
import type { OmrStage, PageSize } from './omrWorkerProtocol.ts';

/** The page as shown beside the tune: a picture URL and the size the reader saw it at. */
export interface ShownPage extends PageSize {
  readonly url: string;
}

export interface Reading {
  readonly tune: Tune;
  readonly bars: readonly OmrBar[];
  readonly warnings: readonly string[];
  /** Bars (indices into `bars`) the piper has looked at and said are right. */
  readonly checked: ReadonlySet<number>;
}

export type OmrPhase =
  | { readonly kind: 'empty' }
  | { readonly kind: 'opening'; readonly name: string }
  /** A PDF of several pages: which one to read. */
  | { readonly kind: 'choosePage'; readonly name: string; readonly pageCount: number }
  | {
      readonly kind: 'reading';
      readonly name: string;
      readonly stage: OmrStage | 'drawing';
      /** 0–1 through the stage when the worker says (staves read so far), else null. */
      readonly fraction: number | null;
    }
  | { readonly kind: 'failed'; readonly name: string | null; readonly message: string }
  | { readonly kind: 'read'; readonly name: string };

export interface Selection {
  /** Index into `reading.bars`. */
  readonly bar: number;
  /** Index among the bar's notes, or null for the bar as a whole. */
  readonly note: number | null;
}

export interface OmrScreenState {
  readonly phase: OmrPhase;
  readonly page: ShownPage | null;
  readonly reading: Reading | null;
  /** Earlier readings, newest last, for undo. */
  readonly undo: readonly Reading[];
  readonly selection: Selection | null;
  /** The bar under the pointer or focus, outlined on the page and in the list. */
  readonly hover: number | null;
  /** The title above the music: being read, found, or not found (issue 20 item 1). */
  readonly title: 'reading' | 'found' | 'none' | null;
}

export type OmrAction =
  | { readonly type: 'opening'; readonly name: string }
  | { readonly type: 'choosePage'; readonly name: string; readonly pageCount: number }
  | {
      readonly type: 'reading';
      readonly name: string;
      readonly stage: OmrStage | 'drawing';
      readonly fraction?: number | null;
      /** The page picture, once there is one to show. */
      readonly url?: string;
    }
  | {
      readonly type: 'read';
      readonly name: string;
      readonly page: ShownPage;
      readonly result: OmrResult;
      /** Whether the title above the music is being read (a 'title' action follows). */
      readonly readsTitle?: boolean;
    }
  /** The title read above the music, or null when there was none to read. */
  | { readonly type: 'title'; readonly title: string | null }
  | { readonly type: 'failed'; readonly name: string | null; readonly message: string }
  | { readonly type: 'select'; readonly selection: Selection | null }
  | { readonly type: 'hover'; readonly bar: number | null }
  | {
      readonly type: 'edit';
      readonly bar: number;
      readonly note: number;
      readonly patch: NotePatch;
    }
  /** Corrections for what the reader missed or invented (omr-ux). */
  | {
      readonly type: 'insertNote';
      readonly bar: number;
      readonly at: number;
      readonly note: NewNote;
    }
  | { readonly type: 'deleteNote'; readonly bar: number; readonly note: number }
  | {
      readonly type: 'setTime';
      readonly bar: number;
      readonly beats: number;
      readonly beatType: number;
    }
  | {
      readonly type: 'setBarLines';
      readonly bar: number;
      readonly start?: BarStart;
      readonly end?: BarEnd;
    }
  | { readonly type: 'markChecked'; readonly bar: number }
  | { readonly type: 'undo' };

export const initialOmrState: OmrScreenState = {
  phase: { kind: 'empty' },
  page: null,
  reading: null,
  undo: [],
  selection: null,
  hover: null,
  title: null,
};

/** Whether the screen marks a bar 'Check this bar' (not yet looked at, and read with doubt). */
export function needsCheck(reading: Reading, bar: number): boolean {
  const b = reading.bars[bar];
  return !!b && b.confidence < OMR_UNSURE && !reading.checked.has(bar);
}

const fresh = (phase: OmrPhase, page: ShownPage | null = null): OmrScreenState => ({
  ...initialOmrState,
  phase,
  page,
});

/** A note the piper added is on no part of the page: an empty box, outlined nowhere. */
function placeholderBox(boxes: readonly PageBox[], at: number, region: PageBox): PageBox {
  const near = boxes[at] ?? boxes[at - 1];
  return { x: near ? near.x : region.x, y: region.y, width: 0, height: 0 };
}

/** The reading with a new tune (and bars), the old reading kept for undo. */
function corrected(
  state: OmrScreenState,
  reading: Reading,
  tune: Reading['tune'],
  bars: Reading['bars'] = reading.bars,
  selection: Selection | null = state.selection,
): OmrScreenState {
  if (tune === reading.tune) return state;
  return {
    ...state,
    reading: { ...reading, tune, bars },
    undo: [...state.undo, reading],
    selection,
  };
}

const withNotes = (bars: readonly OmrBar[], index: number, notes: readonly PageBox[]) =>
  bars.map((b, i) => (i === index ? { ...b, notes } : b));

export function omrReducer(state: OmrScreenState, action: OmrAction): OmrScreenState {
  switch (action.type) {
    case 'opening':
      return fresh({ kind: 'opening', name: action.name });
    case 'choosePage':
      return fresh({ kind: 'choosePage', name: action.name, pageCount: action.pageCount });
    case 'reading':
      return {
        ...fresh(
          {
            kind: 'reading',
            name: action.name,
            stage: action.stage,
            fraction: action.fraction ?? null,
          },
          state.page,
        ),
        page: action.url ? { url: action.url, width: 0, height: 0 } : state.page,
      };
    case 'read': {
      // Issue 20: 'No pipe staves found on this page' rather than an empty tune.
      if (!action.result.ok) {
        return fresh(
          { kind: 'failed', name: action.name, message: action.result.error },
          action.page,
        );
      }
      const { tune, bars, warnings } = action.result;
      return {
        ...fresh({ kind: 'read', name: action.name }, action.page),
        reading: { tune, bars, warnings, checked: new Set() },
        title: action.readsTitle ? 'reading' : null,
      };
    }
    case 'title': {
      if (state.title !== 'reading' || !state.reading) return state;
      const title = action.title;
      if (!title) return { ...state, title: 'none' };
      // Corrections made while the title was read keep it too, through undo.
      const named = (r: Reading): Reading => ({ ...r, tune: withReadTitle(r.tune, title) });
      return {
        ...state,
        reading: named(state.reading),
        undo: state.undo.map(named),
        title: 'found',
      };
    }
    case 'failed':
      return fresh({ kind: 'failed', name: action.name, message: action.message }, state.page);
    case 'select':
      return { ...state, selection: action.selection };
    case 'hover':
      return state.hover === action.bar ? state : { ...state, hover: action.bar };
    case 'edit': {
      const reading = state.reading;
      const bar = reading?.bars[action.bar];
      if (!reading || !bar) return state;
      const tune = editRecognisedNote(reading.tune, bar, action.note, action.patch);
      if (tune === reading.tune) return state;
      return { ...state, reading: { ...reading, tune }, undo: [...state.undo, reading] };
    }
    case 'insertNote': {
      const reading = state.reading;
      const bar = reading?.bars[action.bar];
      if (!reading || !bar) return state;
      const tune = insertNote(reading.tune, bar, action.at, action.note);
      const notes = [
        ...bar.notes.slice(0, action.at),
        placeholderBox(bar.notes, action.at, bar.region),
        ...bar.notes.slice(action.at),
      ];
      return corrected(state, reading, tune, withNotes(reading.bars, action.bar, notes), {
        bar: action.bar,
        note: action.at,
      });
    }
    case 'deleteNote': {
      const reading = state.reading;
      const bar = reading?.bars[action.bar];
      if (!reading || !bar) return state;
      const tune = deleteNote(reading.tune, bar, action.note);
      const notes = bar.notes.filter((_, i) => i !== action.note);
      return corrected(state, reading, tune, withNotes(reading.bars, action.bar, notes), {
        bar: action.bar,
        note: null,
      });
    }
    case 'setTime': {
      const reading = state.reading;
      const bar = reading?.bars[action.bar];
      if (!reading || !bar) return state;
      return corrected(
        state,
        reading,
        setBarTime(reading.tune, bar, action.beats, action.beatType),
      );
    }
    case 'setBarLines': {
      const reading = state.reading;
      const bar = reading?.bars[action.bar];
      if (!reading || !bar) return state;
      const change = {
        ...(action.start ? { start: action.start } : {}),
        ...(action.end ? { end: action.end } : {}),
      };
      return corrected(state, reading, setBarLines(reading.tune, bar, change));
    }
    case 'markChecked': {
      const reading = state.reading;
      if (!reading || reading.checked.has(action.bar) || !reading.bars[action.bar]) return state;
      const checked = new Set(reading.checked).add(action.bar);
      return { ...state, reading: { ...reading, checked }, undo: [...state.undo, reading] };
    }
    case 'undo': {
      const previous = state.undo.at(-1);
      if (!previous) return state;
      return { ...state, reading: previous, undo: state.undo.slice(0, -1) };
    }
  }
}
