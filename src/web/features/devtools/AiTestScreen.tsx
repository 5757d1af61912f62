import { useId, useState, type FormEvent } from 'react';
import { generateMelody, MAX_BARS } from '../../../music/melodyGenerator.ts';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

const BAR_CHOICES = [2, 4, 8, 16].filter((n) => n <= MAX_BARS);

/** Seeds are 32-bit; a whole number in that range regenerates the same tune anywhere. */
function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed <= 0xffffffff ? seed : null;
}

/**
 * The composer test bench (spec §2.1 /ai-test). There is no AI model behind it: a seeded
 * generator stands in so the composition pipeline can be tested reproducibly.
 */
export default function AiTestScreen() {
  const seedId = useId();
  const barsId = useId();
  const errorId = useId();
  const [seedText, setSeedText] = useState('1');
  const [bars, setBars] = useState(4);
  const [melody, setMelody] = useState<{ seed: number; bars: Pitch[][] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const seed = parseSeed(seedText);
    if (seed === null) {
      setError('Enter a whole number from 0 to 4294967295 as the seed.');
      return;
    }
    setError(null);
    setMelody({ seed, bars: generateMelody({ seed, bars }) });
  }

  return (
    <section className="page ai-test">
      <h1>AI Test</h1>
      <DeveloperNote>
        The AI composer is a later feature; this bench tests the composition pipeline with a seeded
        melody generator, not an AI model.
      </DeveloperNote>
      <p>
        The same seed always gives the same tune: bars of four notes from the nine-note chanter
        scale, moving mostly by step.
      </p>
      <form className="dev-row" onSubmit={generate} noValidate>
        <div className="dev-field">
          <label htmlFor={seedId}>Seed</label>
          <input
            id={seedId}
            inputMode="numeric"
            value={seedText}
            onChange={(e) => setSeedText(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="dev-field">
          <label htmlFor={barsId}>Bars</label>
          <select id={barsId} value={bars} onChange={(e) => setBars(Number(e.target.value))}>
            {BAR_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="dev-row ai-actions">
          <button type="submit" className="button">
            Generate
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => setSeedText(String(Math.floor(Math.random() * 0x100000000)))}
          >
            Random seed
          </button>
        </div>
      </form>
      {error ? (
        <p id={errorId} className="status-error" role="alert">
          {error}
        </p>
      ) : null}
      {melody ? (
        <section className="dev-section" aria-labelledby={`${seedId}-result`}>
          <h2 id={`${seedId}-result`}>
            Seed {melody.seed}, {melody.bars.length} bars
          </h2>
          <ol className="melody-bars">
            {melody.bars.map((bar, i) => (
              <li key={i}>
                <span className="bar-number">Bar {i + 1}</span>
                {bar.map((p) => noteOf(p).name).join(' · ')}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
