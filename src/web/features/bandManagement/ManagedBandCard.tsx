import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { bandRoutes, type ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { BAND_GRADE_LABELS } from '../../../contracts/directory/directoryTerms.ts';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import { paths, pathTo } from '../../../contracts/routes.ts';
import type { Result } from '../../../contracts/result.ts';
import { callApi } from '../../lib/apiClient.ts';
import { BandForm } from './BandForm.tsx';
import { formFromBand, serverErrors } from './bandForm.ts';
import { bandStatus } from './bandStatus.ts';

interface Props {
  readonly managed: ManagedBand;
  /** The signed-in user (to tell owner from manager and offer 'step down'). */
  readonly userId: string;
  readonly onChange: (next: ManagedBand) => void;
  readonly onGone: (message: string) => void;
}

type Note = { kind: 'ok' | 'error'; text: string } | null;

/**
 * One band on /band-profile (issue 16 item 3): its state, a link to its page, and what its
 * managers may do — edit, confirm, invite or remove co-managers, step down, delete.
 */
export function ManagedBandCard({ managed, userId, onChange, onGone }: Props) {
  const id = useId();
  const { band, managers, invites } = managed;
  const params = { bandId: band.id };
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const me = managers.find((m) => m.userId === userId);
  const owner = me?.role === 'owner';
  const status = band.manage ? bandStatus(band.manage, new Date()) : null;

  async function act<T>(call: Promise<Result<T>>, done: (data: T) => void) {
    const answer = await call;
    if (answer.error) return setNote({ kind: 'error', text: answer.error.message });
    done(answer.data);
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    const answer = await callApi(bandRoutes.invite, { params, body: { email } });
    if (answer.error) {
      const problem = serverErrors(answer.error.message);
      setEmailError(problem.email ?? problem.form ?? answer.error.message);
      return;
    }
    setEmailError(null);
    setNote({ kind: 'ok', text: bandMessages.invited(email.trim()) });
    setEmail('');
    onChange(answer.data);
  }

  if (editing) {
    return (
      <article className="card band-card" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Edit {band.name}</h2>
        <BandForm
          bandId={band.id}
          initial={formFromBand(band)}
          logoUrl={band.logoUrl}
          submitLabel="Save changes"
          onSaved={(next) => {
            setEditing(false);
            setNote({ kind: 'ok', text: 'Changes saved.' });
            onChange(next);
          }}
        >
          <button type="button" className="button secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </BandForm>
      </article>
    );
  }

  return (
    <article className="card band-card" aria-labelledby={`${id}-h`}>
      <header className="band-card-head">
        {band.logoUrl && <img src={band.logoUrl} alt="" width={56} height={56} />}
        <div>
          <h2 id={`${id}-h`}>{band.name}</h2>
          <p className="site-form-hint">
            {BAND_GRADE_LABELS[band.grade]} · {band.town}, {band.country}
          </p>
        </div>
      </header>
      {status && (
        <p className={`band-status band-status-${status.tone}`}>
          <strong>{status.label}</strong>
          {status.detail && <span> — {status.detail}</span>}
        </p>
      )}
      {note && (
        <p
          className={note.kind === 'ok' ? 'band-ok' : 'site-form-alert'}
          role={note.kind === 'ok' ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
      <div className="band-actions">
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Edit
        </button>
        <button
          type="button"
          className={status?.needsConfirming ? 'button' : 'button secondary'}
          onClick={() =>
            void act(callApi(bandRoutes.confirm, { params }), (next) => {
              setNote({ kind: 'ok', text: bandMessages.confirmed });
              onChange(next);
            })
          }
        >
          Confirm the listing is right
        </button>
        <Link className="button secondary" to={pathTo(paths.band, params)}>
          View the band’s page
        </Link>
        {band.logoUrl && (
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              void act(callApi(bandRoutes.removeLogo, { params }), () =>
                onChange({ ...managed, band: { ...band, logoUrl: null } }),
              )
            }
          >
            Remove the logo
          </button>
        )}
      </div>

      <section aria-labelledby={`${id}-mh`}>
        <h3 id={`${id}-mh`}>Managers</h3>
        <ul className="band-people">
          {managers.map((m) => (
            <li key={m.userId}>
              <span>
                {m.name}
                {m.userId === userId ? ' (you)' : ''} —{' '}
                {m.role === 'owner' ? 'owner' : 'co-manager'}
              </span>
              {m.userId === userId && m.role !== 'owner' && (
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() =>
                    void act(
                      callApi(bandRoutes.removeManager, {
                        params: { ...params, userId: m.userId },
                      }),
                      () => onGone(`You no longer manage ${band.name}.`),
                    )
                  }
                >
                  Step down
                </button>
              )}
              {owner && m.userId !== userId && (
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={`Remove ${m.name} as a manager`}
                  onClick={() =>
                    void act(
                      callApi(bandRoutes.removeManager, {
                        params: { ...params, userId: m.userId },
                      }),
                      () =>
                        onChange({
                          ...managed,
                          managers: managers.filter((x) => x.userId !== m.userId),
                        }),
                    )
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
        {invites.length > 0 && (
          <>
            <h4>Invitations waiting</h4>
            <ul className="band-people">
              {invites.map((invite) => (
                <li key={invite.id}>
                  <span>
                    {invite.email} — until {invite.expiresAt.slice(0, 10)}
                  </span>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Withdraw the invitation to ${invite.email}`}
                    onClick={() =>
                      void act(
                        callApi(bandRoutes.cancelInvite, {
                          params: { ...params, inviteId: invite.id },
                        }),
                        onChange,
                      )
                    }
                  >
                    Withdraw
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <form className="band-invite" noValidate onSubmit={(e) => void invite(e)}>
          <div className="site-form-field">
            <label htmlFor={`${id}-invite`}>Invite a co-manager by email</label>
            <input
              id={`${id}-invite`}
              type="email"
              autoComplete="off"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-invite-error` : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {emailError && (
              <p id={`${id}-invite-error`} className="site-form-error">
                {emailError}
              </p>
            )}
          </div>
          <button type="submit" className="button secondary">
            Send invitation
          </button>
        </form>
      </section>

      {owner && (
        <section className="band-danger" aria-labelledby={`${id}-dh`}>
          <h3 id={`${id}-dh`}>Delete the band</h3>
          {confirmDelete ? (
            <div role="alertdialog" aria-labelledby={`${id}-dq`} className="band-confirm">
              <p id={`${id}-dq`}>
                Delete {band.name} for good? Its page, logo and managers go with it.
              </p>
              <button
                type="button"
                className="button danger"
                onClick={() =>
                  void act(callApi(bandRoutes.remove, { params }), () =>
                    onGone(`${band.name} was deleted.`),
                  )
                }
              >
                Yes, delete {band.name}
              </button>
              <button
                type="button"
                className="button secondary"
                onClick={() => setConfirmDelete(false)}
              >
                Keep it
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button secondary"
              onClick={() => setConfirmDelete(true)}
            >
              Delete…
            </button>
          )}
        </section>
      )}
    </article>
  );
}
