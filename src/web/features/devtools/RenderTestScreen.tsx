import { useId } from 'react';
import { GraceStaff } from '../../ui/notation/GraceStaff.tsx';
import { NoteStaff } from '../../ui/notation/NoteStaff.tsx';
import { ScoreTestBed } from '../../ui/notation/ScoreTestBed.tsx';
import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

/** The colour variables of app.css, so a contrast or palette change is seen at a glance. */
const swatches = [
  '--c-bg',
  '--c-surface',
  '--c-text',
  '--c-muted',
  '--c-primary',
  '--c-accent',
  '--c-accent-soft',
  '--c-border',
  '--c-focus',
];

/** Every shared UI primitive on one page, so a developer can eyeball styles (spec §2.1). */
export default function RenderTestScreen() {
  const inputId = useId();
  const hintId = useId();
  return (
    <section className="page render-test">
      <h1>Render Test</h1>
      <DeveloperNote>It shows the shared styles in every state.</DeveloperNote>

      <section className="dev-section" aria-labelledby="rt-headings">
        <h2 id="rt-headings">Headings and text</h2>
        <h3>Heading level 3</h3>
        <h4>Heading level 4</h4>
        <p>
          Body text with <a href="#rt-headings">a link</a>, <strong>strong</strong> and{' '}
          <em>emphasis</em>.
        </p>
      </section>

      <section className="dev-section" aria-labelledby="rt-buttons">
        <h2 id="rt-buttons">Buttons</h2>
        <div className="dev-row">
          <button type="button" className="button">
            Primary
          </button>
          <button type="button" className="button secondary">
            Secondary
          </button>
          <button type="button" className="button" disabled>
            Disabled
          </button>
          <button type="button" className="button secondary" disabled>
            Secondary disabled
          </button>
        </div>
      </section>

      <section className="dev-section" aria-labelledby="rt-card">
        <h2 id="rt-card">Card</h2>
        <div className="card">
          <h3>Card title</h3>
          <p>Cards group one idea: a feature, a setting, a result.</p>
          <button type="button" className="button secondary">
            Card action
          </button>
        </div>
      </section>

      <section className="dev-section" aria-labelledby="rt-status">
        <h2 id="rt-status">Status messages</h2>
        <p className="status-ok">Saved. Your settings are up to date.</p>
        <p className="status-error">Something went wrong. Please try again.</p>
        <pre className="result">
          {JSON.stringify({ message: 'Hello from a result block' }, null, 2)}
        </pre>
      </section>

      <section className="dev-section" aria-labelledby="rt-form">
        <h2 id="rt-form">Form field</h2>
        <div className="dev-field">
          <label htmlFor={inputId}>Initials</label>
          <input id={inputId} aria-describedby={hintId} maxLength={3} placeholder="ABC" />
          <p id={hintId} className="dev-hint">
            Up to 3 characters.
          </p>
        </div>
      </section>

      <section className="dev-section" aria-labelledby="rt-notation">
        <h2 id="rt-notation">Music notation</h2>
        <div className="dev-row">
          <NoteStaff pitch="LG" />
          <NoteStaff pitch="D" />
          <NoteStaff pitch="HA" />
        </div>
        <div className="dev-row">
          <GraceStaff melody="D" graces={['LG']} />
          <GraceStaff melody="D" graces={['HG', 'D', 'E']} />
        </div>
        <ScoreTestBed />
      </section>

      <section className="dev-section" aria-labelledby="rt-colours">
        <h2 id="rt-colours">Colours</h2>
        <ul className="dev-swatches">
          {swatches.map((name) => (
            <li key={name}>
              <span style={{ background: `var(${name})` }} />
              {name}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
