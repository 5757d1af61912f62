/**
 * `/band/{bandId}` (spec §2.1; issue 16 item 4): a band's public page. The server already sent
 * the band's title, description and JSON-LD in the HTML (src/server/http/bandPageHead.ts); this
 * screen reads the band through the API once on the page. Unknown, hidden or not yet approved
 * bands get a helpful 'not found' with a way on to the band finder.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import { documentTitle, paths } from '../../../contracts/routes.ts';
import { authSession, type AuthSnapshot } from '../../lib/authSession.ts';
import { BandView } from './BandView.tsx';
import { useBand } from './useBand.ts';
import './band.css';

/** The first render cannot know who visits (ADR 019). */
const UNKNOWN: AuthSnapshot = { status: 'loading', user: null };
const unknown = () => UNKNOWN;

export interface BandScreenProps {
  /** Test seam: the API's fetch. */
  readonly fetchImpl?: typeof fetch;
}

export default function BandScreen({ fetchImpl }: BandScreenProps = {}) {
  const { bandId = '' } = useParams();
  const [version, setVersion] = useState(0);
  const state = useBand(bandId, version, fetchImpl);
  const auth = useSyncExternalStore(authSession.subscribe, authSession.getSnapshot, unknown);
  const name = state.status === 'done' ? state.band.name : null;

  // The route's head says 'Band'; once the band is known the tab says its name, as the
  // server's HTML did.
  useEffect(() => {
    if (name) document.title = documentTitle({ title: name });
  }, [name]);

  return (
    <section className="page band-page">
      {state.status === 'done' ? (
        <BandView
          band={state.band}
          userEmail={auth.user?.email ?? null}
          {...(fetchImpl ? { fetchImpl } : {})}
        />
      ) : state.status === 'missing' ? (
        <>
          <h1>Band not found</h1>
          <p>{directoryMessages.notFound}</p>
          <p>
            <Link className="button" to={paths.bands}>
              Find pipe bands near you
            </Link>
          </p>
          <p className="band-muted">
            Run a band? <Link to={paths.bandInvitation}>List it on Chanterlab for free</Link>.
          </p>
        </>
      ) : state.status === 'failed' ? (
        <>
          <h1>Band</h1>
          <p role="alert">{state.message}</p>
          <button type="button" className="button" onClick={() => setVersion((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : (
        <>
          <h1>Band</h1>
          <p role="status" className="band-loading">
            Loading the band…
          </p>
        </>
      )}
    </section>
  );
}
