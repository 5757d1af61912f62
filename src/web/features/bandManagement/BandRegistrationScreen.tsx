/**
 * /band-registration (spec §2.1, §1; issue 16 item 3): a signed-in piper registers a band.
 * Listing is free during the launch phase (spec §1, as the About page says). A visitor who is
 * not signed in is sent to sign in first and brought back here. The first view is the same on
 * the server and in the browser (ADR 019): the sign-in state is read once hydrated. The form
 * (with the contract's schemas, ~100 KB of zod) loads only for a signed-in piper, so the page
 * stays light for everyone else (issue 21: TBT on a phone).
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { signInLink } from './signInLink.ts';
import '../../ui/siteForm.css';
import './bandManagement.css';

const BandForm = lazy(() => import('./BandForm.tsx').then((m) => ({ default: m.BandForm })));

const waiting = <p className="band-wait">Checking whether you are signed in…</p>;

export default function BandRegistrationScreen() {
  const auth = useAuthSnapshot();
  const [done, setDone] = useState(false);

  return (
    <section className="page band-manage" aria-labelledby="band-registration-title">
      <h1 id="band-registration-title">Register your pipe band</h1>
      <p className="site-form-intro">
        Put your band on the map so pipers and drummers nearby can find you, see when you practise
        and what you are looking for, and get in touch. Listing is free during the launch phase. A
        moderator checks each new listing before it appears.
      </p>
      {done ? (
        <div className="card site-form-done" role="status">
          <p>{directoryMessages.pending}</p>
          <p>
            <Link to={paths.bandProfile}>See and manage your bands</Link> — invite co-managers or
            make changes there.
          </p>
        </div>
      ) : auth.status === 'loading' ? (
        waiting
      ) : auth.status === 'signed-out' ? (
        <div className="card">
          <p>Please sign in first: the band’s listing belongs to your account.</p>
          <Link className="button" to={signInLink(paths.bandRegistration)}>
            Sign in to register a band
          </Link>
        </div>
      ) : (
        <Suspense fallback={<p className="band-wait">Loading the form…</p>}>
          <BandForm
            submitLabel="Register the band"
            onSaved={() => {
              setDone(true);
              window.scrollTo({ top: 0 });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
