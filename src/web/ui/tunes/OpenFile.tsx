import { useId, useState, type DragEvent } from 'react';
import './tunes.css';

export interface OpenFileProps {
  readonly onFile: (file: File) => void;
  /** Import Song puts the file first and says so in its heading. */
  readonly heading: string;
  /** What the picker offers; .bww by default (Import Song takes MusicXML too). */
  readonly accept?: string;
  readonly label?: string;
  readonly hint?: string;
}

/** Open a local .bww file with the file picker or by dropping it on the box. */
export function OpenFile({
  onFile,
  heading,
  accept = '.bww,.BWW,text/plain',
  label = 'Open a .bww file',
  hint = 'or drop a Bagpipe Music Writer file here.',
}: OpenFileProps) {
  const inputId = useId();
  const headingId = useId();
  const [over, setOver] = useState(false);

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <section
      className={`sheet-open${over ? ' is-over' : ''}`}
      aria-labelledby={headingId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id={headingId}>{heading}</h2>
      <label htmlFor={inputId} className="sheet-open-label">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          // The same file can be opened again after editing it elsewhere.
          e.target.value = '';
        }}
      />
      <p className="sheet-muted">{hint}</p>
    </section>
  );
}
