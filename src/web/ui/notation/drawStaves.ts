/**
 * The practice staff widgets drawn with VexFlow (spec §2.3 'Note staff widget'). Pipe music
 * conventions throughout: treble clef with the pipe key signature (F♯ and C♯, VexFlow's D major
 * positions), melody stems down, grace notes small with stems up.
 */
import type { Pitch } from '../../../music/notes.ts';
import type { VexFlowApi } from '../../lib/vexflow.ts';
import { runToEnd, type Steps } from '../../lib/runInSlices.ts';
import { staffKey } from './vexKeys.ts';

/** VexFlow's stem directions (Stem.UP = 1, Stem.DOWN = -1). */
export const STEM_UP = 1;
export const STEM_DOWN = -1;

/** Key signature that draws pipe music's two sharps, F♯ and C♯. */
export const PIPE_KEY = 'D';

function svgRenderer(vf: VexFlowApi, host: HTMLDivElement, width: number, height: number) {
  // The previous drawing is replaced (MusicNotation's DrawNotation contract).
  host.replaceChildren();
  const renderer = new vf.Renderer(host, vf.Renderer.Backends.SVG);
  renderer.resize(width, height);
  const svg = host.querySelector('svg');
  // The wrapper's role="img" carries the description; the SVG's parts are not content.
  svg?.setAttribute('aria-hidden', 'true');
  svg?.setAttribute('focusable', 'false');
  return renderer.getContext();
}

/** One quarter note at its §3 staff position on a treble stave (R-2.3.STAFF-01). */
export function drawNoteStaff(...args: Parameters<typeof drawNoteStaffSteps>): void {
  runToEnd(drawNoteStaffSteps(...args));
}

/**
 * drawNoteStaff as steps, like drawGraceStaffSteps: the flash card's first note after VexFlow
 * loads ran VexFlow's code cold in one task of about 80 ms at Lighthouse's 4× slowdown on
 * /flashcards (issue 21 item 3). The note is laid out as VexFlow's FormatAndDraw does (a soft
 * 4/4 voice formatted to the stave), so the drawing is the same.
 */
export function* drawNoteStaffSteps(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  height: number,
  pitch: Pitch | null,
): Steps<void> {
  const stage = document.createElement('div');
  const ctx = svgRenderer(vf, stage, width, height);
  const top = Math.max(0, (height - 130) / 2);
  const stave = new vf.Stave(1, top, width - 2).addClef('treble').addKeySignature(PIPE_KEY);
  stave.setContext(ctx).draw();
  if (pitch) {
    yield;
    const note = new vf.StaveNote({
      keys: [staffKey(pitch)],
      duration: 'q',
      stemDirection: STEM_DOWN,
    });
    const voice = new vf.Voice({ numBeats: 4, beatValue: 4 })
      .setMode(vf.Voice.Mode.SOFT)
      .addTickables([note]);
    new vf.Formatter().joinVoices([voice]).formatToStave([voice], stave);
    yield;
    voice.setContext(ctx).setStave(stave).draw(ctx, stave);
    stage.querySelector(`#vf-${String(note.getAttribute('id'))}`)?.classList.add('melody-note');
  }
  host.replaceChildren(...stage.childNodes);
}

/**
 * Four beats: the melody as a half note, then the grace note(s) as sixteenths before the melody
 * as a second half note (R-2.3.STAFF-03) — the phrase the trainer plays (melody, grace,
 * melody). Several grace notes (an embellishment) are beamed together.
 */
export function drawGraceStaff(...args: Parameters<typeof drawGraceStaffSteps>): void {
  runToEnd(drawGraceStaffSteps(...args));
}

/**
 * drawGraceStaff as steps (../../lib/runInSlices.ts): the stave, the notes formatted, the notes
 * drawn. The first drawing after VexFlow loads runs its code cold, one 150–175 ms task at
 * Lighthouse's 4× slowdown on /gracenotes (issue 21 item 3). It is drawn into a detached element
 * and attached once complete, so the previous drawing stays until then.
 */
export function* drawGraceStaffSteps(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  height: number,
  melody: Pitch | null,
  graces: readonly Pitch[],
): Steps<void> {
  const stage = document.createElement('div');
  const ctx = svgRenderer(vf, stage, width, height);
  const top = Math.max(0, (height - 140) / 2);
  const stave = new vf.Stave(1, top, width - 2)
    .addClef('treble')
    .addKeySignature(PIPE_KEY)
    .addTimeSignature('4/4');
  stave.setContext(ctx).draw();
  if (melody) {
    yield;
    const key = staffKey(melody);
    const first = new vf.StaveNote({ keys: [key], duration: 'h', stemDirection: STEM_DOWN });
    const second = new vf.StaveNote({ keys: [key], duration: 'h', stemDirection: STEM_DOWN });
    const graceNotes = graces.map((g) => {
      const grace = new vf.GraceNote({
        keys: [staffKey(g)],
        duration: graces.length > 1 ? '32' : '16',
        slash: false,
      });
      grace.setStemDirection(STEM_UP);
      return grace;
    });
    if (graceNotes.length > 0) {
      const group = new vf.GraceNoteGroup(graceNotes, false);
      if (graceNotes.length > 1) group.beamNotes();
      second.addModifier(group, 0);
    }
    const voice = new vf.Voice({ numBeats: 4, beatValue: 4 }).addTickables([first, second]);
    new vf.Formatter().joinVoices([voice]).format([voice], width - (stave.getNoteStartX() + 20));
    yield;
    voice.draw(ctx, stave);
    // Classes for styling and the browser tests (VexFlow's own are 'vf-stavenote' for both).
    // VexFlow's getSVGElement looks its id up in the document: the stage is detached.
    const groupOf = (element: { getAttribute(name: string): unknown }) =>
      stage.querySelector(`#vf-${String(element.getAttribute('id'))}`);
    for (const note of [first, second]) groupOf(note)?.classList.add('melody-note');
    for (const grace of graceNotes) groupOf(grace)?.classList.add('grace-note');
  }
  host.replaceChildren(...stage.childNodes);
}
