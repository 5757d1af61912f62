/**
 * The selected bar's changes on /aisheetnovel (issue 19 item 2): regenerate the bar or its
 * part keeping the rest, move the bar or its phrase up or down the scale, change one note's
 * pitch or length. Every change is one Undo step. A length the bar cannot balance is not sent:
 * the editor says why (lengthChangeProblem).
 */
import { PitchSelect } from '../../ui/PitchSelect.tsx';
import { useId, useState } from 'react';
import {
  notesOfBar,
  WRITABLE_TICKS,
  type Composition,
} from '../../../music/composer/composition.ts';
import { noteOf } from '../../../music/notes.ts';
import type { ComposerEdit } from '../../lib/composer/composerMessages.ts';
import { lengthChangeProblem } from './lengthChangeProblem.ts';
import { phraseOf } from './notePlaces.ts';
import { TICK_NAMES } from './tickNames.ts';

export { TICK_NAMES } from './tickNames.ts';

export interface BarEditorProps {
  readonly composition: Composition;
  readonly part: number;
  readonly bar: number;
  readonly note: number;
  readonly busy: boolean;
  readonly onNote: (index: number) => void;
  readonly onEdit: (edit: ComposerEdit) => void;
}

export function BarEditor({ composition, part, bar, note, busy, onNote, onEdit }: BarEditorProps) {
  const id = useId();
  const [scope, setScope] = useState<'bar' | 'phrase'>('bar');
  // Why the last length asked for could not be made; cleared by any other choice.
  const [problem, setProblem] = useState<{ at: string; text: string } | null>(null);
  const barNotes = notesOfBar(composition.parts[part]![bar]!);
  const chosen = barNotes[note] ?? barNotes[0]!;
  const index = barNotes[note] ? note : 0;
  const phrase = phraseOf(composition.parts[part]!.length, bar);
  const range = scope === 'bar' ? { from: bar, to: bar } : phrase;
  const transpose = (steps: number) =>
    onEdit({ kind: 'transpose', part, from: range.from, to: range.to, steps });
  const field = (name: string) => `${id}-${name}`;
  const here = `${part}:${bar}:${index}`;
  const shownProblem = problem && problem.at === here ? problem.text : null;

  function changeLength(ticks: number) {
    const why = lengthChangeProblem(composition, part, bar, index, ticks);
    setProblem(why ? { at: here, text: why } : null);
    if (!why) onEdit({ kind: 'editNote', part, bar, index, ticks });
  }

  return (
    <section className="composer-bar card" aria-labelledby={field('heading')}>
      <h2 id={field('heading')}>
        Part {part + 1}, bar {bar + 1}
      </h2>
      <div className="composer-row" role="group" aria-label="Regenerate">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onEdit({ kind: 'regenerateBar', part, bar })}
        >
          Regenerate bar
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => onEdit({ kind: 'regeneratePart', part })}
        >
          Regenerate part {part + 1}
        </button>
      </div>
      <div className="composer-row" role="group" aria-label="Transpose">
        <div className="composer-field">
          <label htmlFor={field('scope')}>Move</label>
          <select
            id={field('scope')}
            value={scope}
            onChange={(e) => setScope(e.target.value as 'bar' | 'phrase')}
          >
            <option value="bar">This bar</option>
            <option value="phrase">
              Its phrase (bars {phrase.from + 1}–{phrase.to + 1})
            </option>
          </select>
        </div>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => transpose(1)}
        >
          Up a note
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => transpose(-1)}
        >
          Down a note
        </button>
      </div>
      <div className="composer-row" role="group" aria-label="Edit a note">
        <div className="composer-field">
          <label htmlFor={field('note')}>Note</label>
          <select id={field('note')} value={index} onChange={(e) => onNote(Number(e.target.value))}>
            {barNotes.map((n, i) => (
              <option key={i} value={i}>
                {`${i + 1}: ${noteOf(n.pitch).name}, ${TICK_NAMES[n.ticks] ?? `${n.ticks}/16`}`}
              </option>
            ))}
          </select>
        </div>
        <div className="composer-field">
          <label htmlFor={field('pitch')}>Pitch</label>
          <PitchSelect
            id={field('pitch')}
            value={chosen.pitch}
            disabled={busy}
            onChange={(pitch) => onEdit({ kind: 'editNote', part, bar, index, pitch })}
          />
        </div>
        <div className="composer-field">
          <label htmlFor={field('length')}>Length</label>
          <select
            id={field('length')}
            value={chosen.ticks}
            disabled={busy}
            aria-describedby={shownProblem ? field('length-problem') : undefined}
            onChange={(e) => changeLength(Number(e.target.value))}
          >
            {WRITABLE_TICKS.map((t) => (
              <option key={t} value={t}>
                {TICK_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shownProblem ? (
        <p id={field('length-problem')} className="composer-error" role="alert">
          {shownProblem}
        </p>
      ) : (
        <p className="composer-hint">
          A new length takes its time from the next note in the beat, so the bar stays whole.
        </p>
      )}
    </section>
  );
}
