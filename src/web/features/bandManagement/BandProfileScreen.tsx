/**
 * /band-profile (spec §2.1; issue 16 item 3): the bands the signed-in piper manages — their
 * state, edit, confirm, co-managers and invitations, delete. `?invite=TOKEN` (the link in an
 * invitation mail) is accepted once the piper is signed in with the invited address; it is read
 * after hydration so the prerendered first view stays the same for everyone (ADR 019).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { bandRoutes, type ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { ManagedBandCard } from './ManagedBandCard.tsx';
import { signInLink } from './signInLink.ts';
import '../../ui/siteForm.css';
import './bandManagement.css';

type Note = { kind: 'ok' | 'error'; text: string } | null;

export default function BandProfileScreen() {
  const auth = useAuthSnapshot();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [bands, setBands] = useState<readonly ManagedBand[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const accepting = useRef(false);
  const invite = hydrated ? new URLSearchParams(location.search).get('invite') : null;
  const signedIn = auth.status === 'signed-in';

  const load = useCallback(async () => {
    const answer = await callApi(bandRoutes.mine);
    if (answer.error) setNote({ kind: 'error', text: answer.error.message });
    else setBands(answer.data.bands);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    if (!invite) {
      void load();
      return;
    }
    if (accepting.current) return;
    accepting.current = true;
    void (async () => {
      const answer = await callApi(bandRoutes.acceptInvite, { body: { token: invite } });
      setNote(
        answer.error
          ? { kind: 'error', text: answer.error.message }
          : { kind: 'ok', text: `Welcome! You now help manage ${answer.data.band.name}.` },
      );
      // The token is spent (or useless): take it out of the address bar and history.
      await navigate(paths.bandProfile, { replace: true });
      accepting.current = false;
    })();
  }, [signedIn, invite, load, navigate]);

  const replace = (next: ManagedBand) =>
    setBands((list) => list?.map((b) => (b.band.id === next.band.id ? next : b)) ?? null);
  const drop = (bandId: string, message: string) => {
    setBands((list) => list?.filter((b) => b.band.id !== bandId) ?? null);
    setNote({ kind: 'ok', text: message });
  };

  return (
    <section className="page band-manage" aria-labelledby="band-profile-title">
      <h1 id="band-profile-title">Your bands</h1>
      <p className="site-form-intro">
        The pipe bands you manage: keep their listings right, confirm them once a year, and invite
        the people who help you run them.
      </p>
      {note && (
        <p
          className={note.kind === 'ok' ? 'band-ok' : 'site-form-alert'}
          role={note.kind === 'ok' ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
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
      ) : bands === null ? (
        <p className="band-wait">Loading your bands…</p>
      ) : (
        <>
          {bands.length === 0 && (
            <p className="card">
              You do not manage a band yet. Register yours, or ask your band to invite you.
            </p>
          )}
          {bands.map((managed) => (
            <ManagedBandCard
              key={managed.band.id}
              managed={managed}
              userId={auth.user!.id}
              onChange={replace}
              onGone={(message) => drop(managed.band.id, message)}
            />
          ))}
          <p>
            <Link className="button secondary" to={paths.bandRegistration}>
              Register a band
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
