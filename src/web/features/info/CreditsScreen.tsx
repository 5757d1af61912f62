import { BRAND } from '../../../contracts/routes.ts';
import { useCredits, type Credit } from './useCredits.ts';
import './info.css';

function CreditTable({ caption, credits }: { caption: string; credits: readonly Credit[] }) {
  return (
    <div className="credits-table-wrap">
      <table className="credits-table">
        <caption className="info-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Library</th>
            <th scope="col">Version</th>
            <th scope="col">Licence</th>
            <th scope="col" className="credits-desc">
              What it is
            </th>
          </tr>
        </thead>
        <tbody>
          {credits.map((c) => (
            <tr key={c.name}>
              <td>
                <a href={c.url} rel="noopener noreferrer">
                  {c.name}
                </a>
              </td>
              <td>{c.version}</td>
              <td>{c.license}</td>
              <td className="credits-desc">{c.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Credits (spec §1, §2.3): the open-source libraries, generated at build time from the
 * installed dependencies, and the map data's attribution (none yet: there are no maps).
 */
export default function CreditsScreen() {
  const state = useCredits();
  return (
    <section className="page info" aria-labelledby="credits-title">
      <h1 id="credits-title">Credits</h1>
      <p className="info-lead">
        {BRAND} is built on open-source software. Thank you to everyone who writes and maintains it.
      </p>
      <h2>Map data</h2>
      {/* Spec §1 credits the map-data contributors; there are no maps yet, so none is used and
          thanking anyone for it would be untrue (issue 22 item 11). */}
      <p>
        {BRAND} shows no maps yet. When the maps of bands and tutors arrive, the people whose map
        data they use will be credited here.
      </p>
      <h2>Open-source libraries</h2>
      {state.status === 'loading' && <p role="status">Loading the list of libraries…</p>}
      {state.status === 'error' && (
        <p role="status" className="status-error">
          The list of libraries could not be loaded. Please try again later.
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <h3>In the app and its server</h3>
          <CreditTable
            caption="Libraries in the app and its server"
            credits={state.credits.filter((c) => c.use === 'runtime')}
          />
          <h3>To build and test it</h3>
          <CreditTable
            caption="Libraries that build and test the app"
            credits={state.credits.filter((c) => c.use === 'build')}
          />
        </>
      )}
    </section>
  );
}
