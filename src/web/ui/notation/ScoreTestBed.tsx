import { useId, useState, type ChangeEvent } from 'react';
import { parseBww } from '../../../music/bww/parseBww.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import { PipeScore } from './PipeScore.tsx';

interface Opened {
  readonly run: number;
  readonly name: string;
  readonly tunes: readonly Tune[];
}

/**
 * The /render-test bed for pipe notation: open a local .bww file and see every tune in it.
 * Each opening remounts the scores, so the browser tests and bench/render.bench.ts can read
 * one fresh `data-render-ms` per tune (written by MusicNotation) for each run.
 */
export function ScoreTestBed() {
  const inputId = useId();
  const cursorId = useId();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const { tunes } = parseBww(new Uint8Array(await file.arrayBuffer()));
    setOpened((prev) => ({ run: (prev?.run ?? 0) + 1, name: file.name, tunes }));
    event.target.value = '';
  };

  return (
    <div className="score-test-bed">
      <h3>Pipe score</h3>
      <div className="dev-field">
        <label htmlFor={inputId}>Open a BWW file</label>
        <input id={inputId} type="file" accept=".bww,.bmw,text/plain" onChange={open} />
      </div>
      <div className="dev-field">
        <label htmlFor={cursorId}>Highlight note number</label>
        <input
          id={cursorId}
          type="number"
          min={0}
          value={cursor ?? ''}
          onChange={(e) => setCursor(e.target.value === '' ? null : Number(e.target.value))}
        />
      </div>
      {opened && (
        <div data-run={opened.run}>
          <p role="status">
            {opened.name}: {opened.tunes.length} {opened.tunes.length === 1 ? 'tune' : 'tunes'}
          </p>
          {opened.tunes.map((tune, i) => (
            <PipeScore
              key={`${opened.run}-${i}`}
              tune={tune}
              tuneIndex={i}
              activeNoteIndex={cursor}
            />
          ))}
        </div>
      )}
    </div>
  );
}
