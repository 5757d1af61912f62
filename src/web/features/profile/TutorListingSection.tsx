import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import {
  tutorRoutes,
  type Tutor,
  type TutorInput,
} from '../../../contracts/directory/tutorRoutes.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { placeLabel } from '../../ui/places/placeLabel.ts';
import { TutorListingForm } from './TutorListingForm.tsx';
import { emptyTutorForm, formOfTutor } from './tutorForm.ts';

export interface TutorListingSectionProps {
  /** The account's name, to start a new listing with. */
  readonly accountName: string;
  readonly fetch?: typeof fetch;
}

type Load =
  | { readonly phase: 'loading' }
  | { readonly phase: 'failed'; readonly message: string }
  | { readonly phase: 'ready'; readonly tutor: Tutor | null };

/** The listing's state in words (issue 16 item 5: pending, public, rejected, needs confirming). */
export function listingStatusText(tutor: Tutor): string {
  const manage = tutor.manage;
  if (!manage) return '';
  switch (manage.status) {
    case 'pending':
      return directoryMessages.pending;
    case 'rejected':
      return `A moderator did not approve your listing${manage.statusReason ? `: ${manage.statusReason}` : '.'} Change it and save to send it again.`;
    case 'hidden':
      return `A moderator has hidden your listing${manage.statusReason ? `: ${manage.statusReason}` : '.'} Write to us through the contact form if you think this is a mistake.`;
    case 'public':
      return manage.listed
        ? 'Your listing is public on the Instruction page.'
        : 'Your listing needs confirming: it is hidden until you confirm it is still right.';
  }
}

/**
 * The profile's 'Tutor listing' (issue 16 item 5; spec §2.3 'Tutor and band invitation': the
 * tutor's join button leads here): become a tutor, see the listing's status, edit, confirm
 * (listings unconfirmed for a year are hidden) and delete.
 */
export function TutorListingSection({ accountName, fetch: fetchImpl }: TutorListingSectionProps) {
  const options = fetchImpl ? { fetch: fetchImpl } : {};
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const refresh = useCallback(async () => {
    const result = await callApi(tutorRoutes.mine, {}, fetchImpl ? { fetch: fetchImpl } : {});
    setLoad(
      result.error
        ? { phase: 'failed', message: result.error.message }
        : { phase: 'ready', tutor: result.data.tutor },
    );
  }, [fetchImpl]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function save(input: TutorInput) {
    setSaving(true);
    const result = await callApi(tutorRoutes.save, { body: input }, options);
    setSaving(false);
    if (result.error) {
      // The server names the field ('levels: …'): the message after the name reads better.
      setServerError(result.error.message.replace(/^[A-Za-z.]+: /, ''));
      return;
    }
    setServerError(null);
    setEditing(false);
    setNotice(
      result.data.tutor.manage?.status === 'pending' ? directoryMessages.pending : 'Listing saved.',
    );
    setLoad({ phase: 'ready', tutor: result.data.tutor });
  }

  async function confirm() {
    const result = await callApi(tutorRoutes.confirm, {}, options);
    if (result.error) return setNotice(result.error.message);
    setNotice('Thank you: your listing is confirmed for another year.');
    setLoad({ phase: 'ready', tutor: result.data.tutor });
  }

  async function remove() {
    const result = await callApi(tutorRoutes.remove, {}, options);
    setConfirmDelete(false);
    if (result.error) return setNotice(result.error.message);
    setNotice('Your tutor listing is deleted.');
    setLoad({ phase: 'ready', tutor: null });
  }

  const tutor = load.phase === 'ready' ? load.tutor : null;
  return (
    <section className="card profile-card profile-tutor" aria-labelledby="profile-tutor">
      <h2 id="profile-tutor">Tutor listing</h2>
      {load.phase === 'loading' ? <p role="status">Loading your tutor listing…</p> : null}
      {load.phase === 'failed' ? (
        <p className="site-form-alert" role="alert">
          Could not load your tutor listing: {load.message}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      {editing ? (
        <TutorListingForm
          initial={tutor ? formOfTutor(tutor) : emptyTutorForm(accountName)}
          saving={saving}
          serverError={serverError}
          onSave={(input) => void save(input)}
          onCancel={() => {
            setEditing(false);
            setServerError(null);
          }}
          {...options}
        />
      ) : load.phase === 'ready' && !tutor ? (
        <>
          <p>
            Teach the pipes? List yourself in the tutor directory on the{' '}
            <Link to={paths.instruction}>Instruction</Link> page, so pupils near you or online can
            find you. Pupils write to you through the site: your email address is never shown.
            Listing is free during the launch phase.
          </p>
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Become a Tutor
          </button>
        </>
      ) : tutor ? (
        <>
          <dl className="profile-facts">
            <dt>Name</dt>
            <dd>{tutor.displayName}</dd>
            <dt>Town</dt>
            <dd>{placeLabel(tutor.place)}</dd>
            <dt>Status</dt>
            <dd data-testid="tutor-status">{listingStatusText(tutor)}</dd>
            <dt>Confirmed</dt>
            <dd>{tutor.manage ? new Date(tutor.manage.confirmedAt).toLocaleDateString() : ''}</dd>
          </dl>
          <div className="profile-actions">
            <button type="button" className="button" onClick={() => setEditing(true)}>
              Edit Listing
            </button>
            <button type="button" className="button secondary" onClick={() => void confirm()}>
              Confirm Listing
            </button>
            {confirmDelete ? (
              <>
                <button type="button" className="button danger" onClick={() => void remove()}>
                  Yes, Delete Listing
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => setConfirmDelete(false)}
                >
                  Keep It
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button secondary"
                onClick={() => setConfirmDelete(true)}
              >
                Delete Listing
              </button>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
