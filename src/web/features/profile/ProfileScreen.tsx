import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { INITIALS_MAX, type Profile } from '../../../contracts/account.ts';
import { accountRoutes } from '../../../contracts/api/accountRoutes.ts';
import { paths } from '../../../contracts/routes.ts';
import type { HighScore } from '../../../contracts/scores.ts';
import { accountFetch } from '../../lib/accountFetch.ts';
import { authSession } from '../../lib/authSession.ts';
import { keys } from '../../storage/keys.ts';
import { ensureLocalUserId, initialsProblem, normaliseInitials } from '../../storage/localUser.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import '../../ui/siteForm.css';
import { TutorListingSection } from './TutorListingSection.tsx';
import './profile.css';

type Status = { readonly kind: 'ok' | 'error'; readonly text: string } | null;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p
      className={status.kind === 'ok' ? 'profile-ok' : 'site-form-alert'}
      role={status.kind === 'ok' ? 'status' : 'alert'}
    >
      {status.text}
    </p>
  );
}

/**
 * The signed-in piper's profile (issue 8 part 1; spec §2.1 /user-profile): email, initials,
 * role, the device id linked to the account, the account's scores (this device's anonymous
 * scores can be claimed), the tutor listing (issue 16 item 5), sign out, and deleting the
 * account.
 */
export default function ProfileScreen() {
  const navigate = useNavigate();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [scores, setScores] = useState<readonly HighScore[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [initials, setInitials] = useState('');
  const [initialsStatus, setInitialsStatus] = useState<Status>(null);
  const [claimStatus, setClaimStatus] = useState<Status>(null);
  const [deleteStatus, setDeleteStatus] = useState<Status>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deviceId] = useState(() => ensureLocalUserId(settingsStore()));

  const load = useCallback(async () => {
    try {
      const [me, mine] = await Promise.all([
        accountFetch(accountRoutes.me),
        accountFetch(accountRoutes.scores),
      ]);
      setProfile(me);
      setInitials(me.initials ?? '');
      setScores(mine.scores);
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function saveInitials(event: FormEvent) {
    event.preventDefault();
    // The shared rule first (issue 13.11); the server applies the same one.
    const problem = initialsProblem(initials.trim());
    if (problem) {
      setInitialsStatus({ kind: 'error', text: problem });
      return;
    }
    try {
      const next = await accountFetch(accountRoutes.updateMe, { body: { initials } });
      setProfile(next);
      setInitials(next.initials ?? '');
      setInitialsStatus({ kind: 'ok', text: 'Initials saved.' });
    } catch (error) {
      setInitialsStatus({ kind: 'error', text: errorText(error) });
    }
  }

  async function claim() {
    try {
      const { claimed } = await accountFetch(accountRoutes.claimScores, {
        // Each score is claimed with its game session, which only this device kept.
        body: {
          localUserId: deviceId,
          sessionIds: [...settingsStore().read(keys.blasterScoreSessions)],
        },
      });
      setClaimStatus({
        kind: 'ok',
        text:
          claimed === 0
            ? 'This device has no unclaimed scores.'
            : `This device is linked. ${claimed} ${claimed === 1 ? 'score was' : 'scores were'} added to your account.`,
      });
      await load();
    } catch (error) {
      setClaimStatus({ kind: 'error', text: errorText(error) });
    }
  }

  async function signOut() {
    await authSession.signOut();
    await navigate(paths.auth);
  }

  async function deleteAccount() {
    try {
      await accountFetch(accountRoutes.deleteMe);
      authSession.set({ status: 'signed-out', user: null });
      await authSession.signedIn();
      await navigate('/', { replace: true });
    } catch (error) {
      setDeleteStatus({ kind: 'error', text: errorText(error) });
    }
  }

  if (loadError) {
    return (
      <section className="page profile">
        <h1>My Profile</h1>
        <p className="site-form-alert" role="alert">
          Could not load your profile: {loadError}
        </p>
        <button type="button" className="button" onClick={() => void load()}>
          Try again
        </button>
      </section>
    );
  }
  if (!profile) {
    return (
      <section className="page profile">
        <h1>My Profile</h1>
        <p role="status">Loading your profile...</p>
      </section>
    );
  }

  const linked = profile.localUserId === deviceId;
  const isAdmin = profile.roles.includes('admin');

  return (
    <section className="page profile">
      <h1>My Profile</h1>
      <div className="profile-grid">
        <section className="card profile-card" aria-labelledby="profile-account">
          <h2 id="profile-account">Account</h2>
          <dl className="profile-facts">
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Role</dt>
            <dd>{profile.roles.join(', ')}</dd>
            <dt>Member since</dt>
            <dd>{new Date(profile.createdAt).toLocaleDateString()}</dd>
          </dl>
          <form className="profile-initials site-form-field" onSubmit={saveInitials}>
            <label htmlFor="profile-initials">Initials</label>
            <div className="profile-initials-row">
              <input
                id="profile-initials"
                name="initials"
                value={initials}
                autoComplete="off"
                aria-describedby="profile-initials-hint"
                onChange={(e) => setInitials(normaliseInitials(e.target.value))}
              />
              <button type="submit" className="button">
                Save Initials
              </button>
            </div>
            <p id="profile-initials-hint" className="site-form-hint">
              Up to {INITIALS_MAX} letters, shown beside your scores.
            </p>
          </form>
          <StatusLine status={initialsStatus} />
          <div className="profile-actions">
            {isAdmin ? (
              <Link className="button secondary" to={paths.adminUsers}>
                Manage Users
              </Link>
            ) : null}
            <button type="button" className="button secondary" onClick={() => void signOut()}>
              Sign Out
            </button>
          </div>
        </section>

        <section className="card profile-card" aria-labelledby="profile-device">
          <h2 id="profile-device">This device</h2>
          <p>
            Scores played here without signing in are kept under this device&rsquo;s id. Claiming
            adds the ones this device submitted to your account.
          </p>
          <dl className="profile-facts">
            <dt>Device id</dt>
            <dd className="profile-id">{deviceId}</dd>
            <dt>Linked to your account</dt>
            <dd className="profile-id">
              {profile.localUserId ? profile.localUserId : 'No device linked yet'}
              {linked ? ' (this device)' : ''}
            </dd>
          </dl>
          <button type="button" className="button" onClick={() => void claim()}>
            Claim Scores From This Device
          </button>
          <StatusLine status={claimStatus} />
        </section>
      </div>

      <section className="card profile-card profile-scores" aria-labelledby="profile-scores">
        <h2 id="profile-scores">My Scores</h2>
        {scores.length === 0 ? (
          <p>No scores on your account yet.</p>
        ) : (
          <div className="profile-table-wrap">
            <table className="profile-table">
              <thead>
                <tr>
                  <th scope="col">Level</th>
                  <th scope="col">Score</th>
                  <th scope="col">Initials</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {scores.map((s) => (
                  <tr key={s.id}>
                    <td>{s.level}</td>
                    <td>{s.score}</td>
                    <td>{s.struserinitials ?? ''}</td>
                    <td>{new Date(s.created_at).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <TutorListingSection accountName={profile.name} />

      <section className="card profile-card profile-danger" aria-labelledby="profile-delete">
        <h2 id="profile-delete">Delete my account</h2>
        <p>
          Deletes your account, your sign-ins and your email address. Your scores stay on the
          leaderboards without your name, initials or ids.
        </p>
        {confirmDelete ? (
          <div className="profile-actions">
            <button type="button" className="button danger" onClick={() => void deleteAccount()}>
              Yes, Delete My Account
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => setConfirmDelete(false)}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="button secondary" onClick={() => setConfirmDelete(true)}>
            Delete My Account
          </button>
        )}
        <StatusLine status={deleteStatus} />
      </section>
    </section>
  );
}
