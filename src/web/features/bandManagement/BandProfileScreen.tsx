/**
 * /band-profile (spec §2.1; issue 16 item 3): the bands the signed-in piper manages — their
 * state, edit, confirm, co-managers and invitations, delete. `?invite=TOKEN` (the link in an
 * invitation mail) is accepted once the piper is signed in with the invited address; it is read
 * after hydration so the prerendered first view stays the same for everyone (ADR 019).
 */
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { signInLink } from './signInLink.ts';
import '../../ui/siteForm.css';
import './bandManagement.css';

const ManagedBands = lazy(() =>
  import('./ManagedBands.tsx').then((m) => ({ default: m.ManagedBands })),
);

export default function BandProfileScreen() {
  const auth = useAuthSnapshot();
  const hydrated = useHydrated();
  const location = useLocation();
  const invite = hydrated ? new URLSearchParams(location.search).get('invite') : null;
  const loading = <p className="band-wait">Loading your bands…</p>;

  return (
    <section className="page band-manage" aria-labelledby="band-profile-title">
      <h1 id="band-profile-title">Your bands</h1>
      <p className="site-form-intro">
        The pipe bands you manage: keep their listings right, confirm them once a year, and invite
        the people who help you run them.
      </p>
      {auth.status === 'loading' || !hydrated ? (
        <p className="band-wait">Checking whether you are signed in…</p>
      ) : auth.status === 'signed-out' ? (
        <div className="card">
          <p>
            {invite
              ? 'Sign in with the email address the invitation was sent to, and you will be brought back here to accept it.'
              : 'Please sign in to see the bands you manage.'}
          </p>
          <Link className="button" to={signInLink(`${paths.bandProfile}${location.search}`)}>
            Sign in
          </Link>
        </div>
      ) : (
        <Suspense fallback={loading}>
          <ManagedBands userId={auth.user!.id} invite={invite} />
        </Suspense>
      )}
    </section>
  );
}
