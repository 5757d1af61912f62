import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { writeBww } from '../../../music/bww/writeBww.ts';
import {
  COMPOSER_FORMS,
  FORM_SPECS,
  type ComposerForm,
} from '../../../music/composer/composerForms.ts';
import { COMPOSER_LIMITS, type Composition } from '../../../music/composer/composition.ts';
import { toTune } from '../../../music/composer/toTune.ts';
import { isPitch, type Pitch } from '../../../music/notes.ts';
import { browserComposerClient } from '../../lib/composer/browserComposer.ts';
import type { ComposerClient } from '../../lib/composer/composerClient.ts';
import { MAX_TIMING_RUNS, type ComposerTiming } from '../../lib/composer/composerMessages.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { composerPlanSummary } from './composerPlanSummary.ts';
import { ComposerPlanView } from './ComposerPlanView.tsx';
import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

/** Seeds are 32-bit; a whole number in that range regenerates the same tune anywhere. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed <= 0xffffffff ? seed : null;
}

/** 'LA B C' or 'la, b, c' → pitches; null when a word is not a chanter note. */
export function parseMotif(text: string): Pitch[] | null {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((w) => w.toUpperCase());
  if (words.length > COMPOSER_LIMITS.motifMax) return null;
  return words.every(isPitch) ? (words as Pitch[]) : null;
}

/**
 * `?runs=N` (1–1000, default 100) and `?form=` from the address: the composer bench
 * (bench/composer.bench.ts) opens `/aitest?runs=100&form=jig` in Chromium and reads the
 * timing the worker measured from `[data-composer-timing]`.
 */
export function timingRequest(search: string): {
  runs: number;
  form: ComposerForm | null;
  auto: boolean;
} {
  const params = new URLSearchParams(search);
  const runsText = params.get('runs');
  const runs = runsText !== null && /^\d{1,4}$/.test(runsText) ? Number(runsText) : NaN;
  const formText = params.get('form');
  return {
    runs: runs >= 1 && runs <= MAX_TIMING_RUNS ? runs : 100,
    form: COMPOSER_FORMS.find((f) => f === formText) ?? null,
    auto: runsText !== null,
  };
}

interface Result {
  composition: Composition;
  ms: number;
  bww: string;
}

/**
 * The composer's test bench (spec §2.1 /aitest and /ai-test; issue 19 item 3): seed and options
 * in; the tune composed in the same Web Worker the AI Composer uses (omr-ux: it composed on the
 * main thread, so its time was not the screen's); the intermediate plan (form, phrases bar by
 * bar with role, implied chord, cadence note and restated bars, the cadences, the
 * embellishments chosen and where), the time the worker took and the BWW out. The same seed
 * always gives the same tune.
 */
export default function AiTestScreen({
  createClient = browserComposerClient,
}: {
  /** Test seam: the composer worker's client. */
  readonly createClient?: () => ComposerClient;
}) {
  const id = useId();
  const hydrated = useHydrated();
  // Read once live: the prerendered page has no address query.
  const [request] = useState(() =>
    timingRequest(typeof window === 'undefined' ? '' : window.location.search),
  );
  const initialForm = request.form ?? '2/4 march';
  const [seedText, setSeedText] = useState('1');
  const [form, setForm] = useState<ComposerForm>(initialForm);
  const [parts, setParts] = useState(FORM_SPECS[initialForm].parts);
  const [bars, setBars] = useState(FORM_SPECS[initialForm].barsPerPart);
  const [density, setDensity] = useState(0.5);
  const [motifText, setMotifText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  // The latest Compose wins: an older answer arriving late is dropped.
  const ticket = useRef(0);

  // Issue 19 item 3: timing measured in the Web Worker, as the composer screen runs it.
  const [client] = useState(createClient);
  useEffect(() => () => client.dispose(), [client]);
  const [timing, setTiming] = useState<ComposerTiming | null>(null);
  const [timingState, setTimingState] = useState<'idle' | 'running' | 'failed'>('idle');
  function timeRuns() {
    setTimingState('running');
    setTiming(null);
    client
      .time(
        { form, seed: parseSeed(seedText) ?? 1, parts, barsPerPart: bars, density },
        request.runs,
      )
      .then(
        (answer) => {
          setTiming(answer);
          setTimingState('idle');
        },
        () => setTimingState('failed'),
      );
  }
  const autoTimed = useRef(false);
  useEffect(() => {
    if (!hydrated || !request.auto || autoTimed.current) return;
    autoTimed.current = true;
    timeRuns();
    // Once, when the page is live and the address asked for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  function chooseForm(next: ComposerForm) {
    setForm(next);
    setParts(FORM_SPECS[next].parts);
    setBars(FORM_SPECS[next].barsPerPart);
  }

  function compose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const seed = parseSeed(seedText);
    if (seed === null) {
      setError('Enter a whole number from 0 to 4294967295 as the seed.');
      return;
    }
    const motif = parseMotif(motifText);
    if (motif === null) {
      setError(
        `The motif is up to ${COMPOSER_LIMITS.motifMax} chanter notes: LG LA B C D E F HG HA.`,
      );
      return;
    }
    setError(null);
    setComposing(true);
    const mine = ++ticket.current;
    client.compose({ form, seed, parts, barsPerPart: bars, density, motif }).then(
      ({ composition, ms }) => {
        if (mine !== ticket.current) return;
        setComposing(false);
        setResult({ composition, ms, bww: writeBww([toTune(composition)]) });
      },
      (failure: unknown) => {
        if (mine !== ticket.current) return;
        setComposing(false);
        setError(failure instanceof Error ? failure.message : 'The composer worker failed.');
      },
    );
  }

  const field = (name: string) => `${id}-${name}`;
  const summary = useMemo(
    () => (result ? composerPlanSummary(result.composition) : null),
    [result],
  );

  return (
    <section className="page ai-test">
      <h1>AI Test</h1>
      <DeveloperNote>
        The composer runs on this device: a phrase plan, note and rhythm counts learned from the
        app’s own public-domain library, and the rules of pipe idiom (docs/decisions/032).
      </DeveloperNote>
      <form className="dev-row" onSubmit={compose} noValidate>
        <div className="dev-field">
          <label htmlFor={field('seed')}>Seed</label>
          <input
            id={field('seed')}
            inputMode="numeric"
            value={seedText}
            onChange={(e) => setSeedText(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? field('error') : undefined}
          />
        </div>
        <div className="dev-field">
          <label htmlFor={field('form')}>Form</label>
          <select
            id={field('form')}
            value={form}
            onChange={(e) => chooseForm(e.target.value as ComposerForm)}
          >
            {COMPOSER_FORMS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        <div className="dev-field">
          <label htmlFor={field('parts')}>Parts</label>
          <input
            id={field('parts')}
            type="number"
            min={COMPOSER_LIMITS.minParts}
            max={COMPOSER_LIMITS.maxParts}
            value={parts}
            onChange={(e) => setParts(Number(e.target.value))}
          />
        </div>
        <div className="dev-field">
          <label htmlFor={field('bars')}>Bars per part</label>
          <input
            id={field('bars')}
            type="number"
            min={COMPOSER_LIMITS.minBars}
            max={COMPOSER_LIMITS.maxBars}
            value={bars}
            onChange={(e) => setBars(Number(e.target.value))}
          />
        </div>
        <div className="dev-field">
          <label htmlFor={field('density')}>Embellishment density</label>
          <input
            id={field('density')}
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={density}
            onChange={(e) => setDensity(Number(e.target.value))}
          />
        </div>
        <div className="dev-field">
          <label htmlFor={field('motif')}>Starting motif (optional)</label>
          <input
            id={field('motif')}
            value={motifText}
            placeholder="LA B C E"
            onChange={(e) => setMotifText(e.target.value)}
          />
        </div>
        <div className="dev-row ai-actions">
          <button type="submit" className="button" disabled={composing}>
            Compose
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
      <section className="dev-section" aria-labelledby={field('timing')}>
        <h2 id={field('timing')}>Timing in the Web Worker</h2>
        <p>
          Composes {request.runs} tunes of the chosen options (seeds from the seed up) in the worker
          the AI Composer uses, and reports the median and 95th percentile per tune.
        </p>
        <button
          type="button"
          className="button secondary"
          onClick={timeRuns}
          disabled={timingState === 'running'}
        >
          Time {request.runs} tunes
        </button>
        <p aria-live="polite">
          {timingState === 'running'
            ? `Composing ${request.runs} tunes…`
            : timingState === 'failed'
              ? 'The worker failed to answer.'
              : timing
                ? `${timing.runs} tunes: median ${timing.medianMs} ms, p95 ${timing.p95Ms} ms per tune.`
                : ''}
        </p>
        {timing && (
          <pre className="dev-pre" data-composer-timing="" aria-label="Timing JSON">
            {JSON.stringify(timing)}
          </pre>
        )}
      </section>
      {error ? (
        <p id={field('error')} className="status-error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <section className="dev-section" aria-labelledby={field('result')}>
          <h2 id={field('result')}>
            Seed {result.composition.options.seed}: {result.composition.options.form}, key of{' '}
            {result.composition.plan.key === 'A' ? 'A (Low A home)' : 'D'}
          </h2>
          <p role="status">Composed in the Web Worker in {result.ms.toFixed(1)} ms.</p>
          {summary && <ComposerPlanView summary={summary} />}
          <h3>BWW</h3>
          <pre className="dev-pre" aria-label="BWW">
            {result.bww}
          </pre>
        </section>
      ) : null}
    </section>
  );
}
