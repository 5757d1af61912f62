/**
 * The signed-in part of /band-profile (issue 16 item 3): accepts `?invite=TOKEN`, then lists
 * the bands the piper manages. Loaded only once the piper is signed in (it brings the API
 * contracts, ~100 KB of zod), so the prerendered page stays light (issue 21).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bandRoutes, type ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { ManagedBandCard } from './ManagedBandCard.tsx';

type Note = { kind: 'ok' | 'error'; text: string } | null;

interface Props {
  readonly userId: string;
  /** The invitation token from the address, once hydrated. */
  readonly invite: string | null;
}

export function ManagedBands({ userId, invite }: Props) {
  const navigate = useNavigate();
  const [bands, setBands] = useState<readonly ManagedBand[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const accepting = useRef(false);

  const load = useCallback(async () => {
    const answer = await callApi(bandRoutes.mine);
    if (answer.error) setNote({ kind: 'error', text: answer.error.message });
    else setBands(answer.data.bands);
  }, []);

  useEffect(() => {
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
  }, [invite, load, navigate]);

  const replace = (next: ManagedBand) =>
    setBands((list) => list?.map((b) => (b.band.id === next.band.id ? next : b)) ?? null);
  const drop = (bandId: string, message: string) => {
    setBands((list) => list?.filter((b) => b.band.id !== bandId) ?? null);
    setNote({ kind: 'ok', text: message });
  };

  return (
    <>
      {note && (
        <p
          className={note.kind === 'ok' ? 'band-ok' : 'site-form-alert'}
          role={note.kind === 'ok' ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
      {bands === null ? (
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
              userId={userId}
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
    </>
  );
}
