import { Fragment } from 'react';
import { noteOf } from '../../../music/notes.ts';
import type { PlanSummary } from './composerPlanSummary.ts';

/**
 * /aitest's view of the composer's plan (issue 19 item 3): the form's facts, each part's
 * phrases bar by bar (role, implied chord, cadence note, restated bars, the notes written),
 * the cadences, and the embellishments chosen with the notes they went on.
 */
export function ComposerPlanView({ summary }: { readonly summary: PlanSummary }) {
  return (
    <>
      <h3>Form</h3>
      <dl className="dev-facts">
        {summary.facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>Phrases</h3>
      {summary.parts.map((part, p) => (
        <section key={p} className="ai-plan-part" aria-label={`Part ${p + 1}`}>
          <h4>
            Part {p + 1} <span className="ai-plan-muted">(centred on {part.centre})</span>
          </h4>
          {part.phrases.map((phrase, f) => (
            <ol
              key={phrase.from}
              className="melody-bars"
              aria-label={`Part ${p + 1}, phrase ${f + 1} (bars ${phrase.from + 1}–${phrase.to + 1})`}
            >
              {phrase.bars.map(({ bar, plan, notes }) => (
                <li key={bar}>
                  <span className="bar-number">
                    Part {p + 1} bar {bar + 1}
                  </span>
                  {plan.role} · {plan.chord} chord
                  {plan.target ? ` · ends on ${noteOf(plan.target).name}` : ''}
                  {plan.leadIn ? ` (then ${noteOf(plan.leadIn).name})` : ''}
                  {plan.copyOf
                    ? ` · repeats part ${plan.copyOf.part + 1} bar ${plan.copyOf.bar + 1}`
                    : ''}
                  {' — '}
                  {notes}
                </li>
              ))}
            </ol>
          ))}
        </section>
      ))}
      <h3>Cadences</h3>
      <div className="dev-table-scroll">
        <table className="dev-table" aria-label="Cadences">
          <thead>
            <tr>
              <th scope="col">Bar</th>
              <th scope="col">Cadence</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {summary.cadences.map((c) => (
              <tr key={`${c.part}:${c.bar}`}>
                <td>
                  Part {c.part + 1} bar {c.bar + 1}
                </td>
                <td>{c.kind}</td>
                <td>{c.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Embellishments chosen</h3>
      {summary.embellishments.length === 0 ? (
        <p>None (density 0).</p>
      ) : (
        <div className="dev-table-scroll">
          <table className="dev-table" aria-label="Embellishments chosen">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Family</th>
                <th scope="col">Times</th>
                <th scope="col">On</th>
              </tr>
            </thead>
            <tbody>
              {summary.embellishments.map((e) => (
                <tr key={e.code}>
                  <td>{e.code}</td>
                  <td>{e.family}</td>
                  <td>{e.count}</td>
                  <td>{e.on.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
