import { useId } from 'react';
import type { RunResult } from '../../../audio/playAlong/playAlongSession.ts';
import type { RunSummary } from '../../../music/playAlong/runSummary.ts';
import { embellishmentWords, verdictWords } from './noteMarkStyle.ts';

export interface PlayAlongReviewProps {
  readonly result: RunResult;
  readonly summary: RunSummary;
  readonly onLoopBar: (bar: number) => void;
  readonly onAgain: () => void;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;
const ms = (s: number | null) => (s === null ? '' : ` by ${Math.round(Math.abs(s) * 1000)} ms`);

/**
 * The review after a run (issue 14 item 4): every mistake in words (the score beside it shows
 * them in colour and symbol), counts per bar and per embellishment family, and the weakest
 * bars offered as a loop with one click.
 */
export function PlayAlongReview({ result, summary, onLoopBar, onAgain }: PlayAlongReviewProps) {
  const headingId = useId();
  const mistakes = [
    ...result.events
      .filter((e) => e.expected.kind === 'melody' && e.verdict !== 'correct')
      .map((e) => ({
        key: `n${e.expected.index}`,
        bar: e.expected.bar,
        verdict: e.verdict,
        text:
          `Bar ${e.expected.bar}, ${e.expected.pitch}: ${verdictWords[e.verdict]}` +
          (e.verdict === 'wrong' && e.heard ? ` (heard ${e.heard})` : '') +
          (e.verdict === 'early' || e.verdict === 'late' ? ms(e.offset) : ''),
      })),
    ...result.embellishments
      .filter((j) => j.verdict !== 'complete')
      .map((j) => ({
        key: `e${j.melody}`,
        bar: j.bar,
        verdict: j.verdict,
        text:
          `Bar ${j.bar}, ${j.family.replace('-', ' ')} on ${result.events.find((e) => e.expected.index === j.melody)?.expected.pitch ?? '?'}: ${embellishmentWords[j.verdict]}` +
          (j.verdict === 'missing-graces'
            ? ` (${j.missing.map((k) => result.events.find((e) => e.expected.index === k)?.expected.pitch ?? '?').join(', ')})`
            : j.verdict === 'crossing-noise'
              ? ` (${j.noise.join(', ')})`
              : ''),
      })),
  ].sort((a, b) => a.bar - b.bar);

  return (
    <section className="playalong-review card" aria-labelledby={headingId}>
      <h2 id={headingId}>How it went</h2>
      <p className="playalong-accuracy">
        Melody notes right: <strong>{percent(summary.melodyAccuracy)}</strong>; on time:{' '}
        <strong>{percent(summary.timingAccuracy)}</strong>
        {result.rounds > 1 ? ` over ${result.rounds} rounds` : ''}.
      </p>
      {mistakes.length === 0 ? (
        <p>No mistakes heard. Well played!</p>
      ) : (
        <ul className="playalong-mistakes" aria-label="Mistakes">
          {mistakes.map((m) => (
            <li key={m.key} data-verdict={m.verdict}>
              {m.text}
            </li>
          ))}
        </ul>
      )}
      {summary.weakestBars.length > 0 && (
        <div className="playalong-weakest" role="group" aria-label="Practise the weakest bars">
          {summary.weakestBars.map((bar) => (
            <button
              key={bar}
              type="button"
              className="button secondary"
              onClick={() => onLoopBar(bar)}
            >
              Loop bar {bar}
            </button>
          ))}
        </div>
      )}
      <details className="playalong-tables">
        <summary>Bar by bar and by embellishment</summary>
        <table>
          <caption>Melody notes per bar</caption>
          <thead>
            <tr>
              <th scope="col">Bar</th>
              <th scope="col">Right</th>
              <th scope="col">Early</th>
              <th scope="col">Late</th>
              <th scope="col">Wrong</th>
              <th scope="col">Missed</th>
              <th scope="col">Embellishment faults</th>
            </tr>
          </thead>
          <tbody>
            {summary.bars.map((b) => (
              <tr key={b.bar}>
                <th scope="row">{b.bar}</th>
                <td>{b.notes.correct}</td>
                <td>{b.notes.early}</td>
                <td>{b.notes.late}</td>
                <td>{b.notes.wrong}</td>
                <td>{b.notes.missed}</td>
                <td>
                  {b.embellishmentFaults} of {b.embellishments}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.families.length > 0 && (
          <table>
            <caption>Embellishments by family</caption>
            <thead>
              <tr>
                <th scope="col">Family</th>
                <th scope="col">Complete</th>
                <th scope="col">Graces missing</th>
                <th scope="col">Wrong order</th>
                <th scope="col">Crossing noise</th>
                <th scope="col">Too slow</th>
              </tr>
            </thead>
            <tbody>
              {summary.families.map((f) => (
                <tr key={f.family}>
                  <th scope="row">{f.family.replace('-', ' ')}</th>
                  <td>
                    {f.complete} of {f.total}
                  </td>
                  <td>{f.missingGraces}</td>
                  <td>{f.wrongOrder}</td>
                  <td>{f.crossingNoise}</td>
                  <td>{f.tooSlow}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      <button type="button" className="button" onClick={onAgain}>
        Play again
      </button>
    </section>
  );
}
