import { keys } from '../../storage/keys.ts';
import { useState } from 'react';
import { INITIALS_MAX, initialsProblem, saveInitials } from '../../storage/localUser.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { useLocalUserId } from '../../storage/useLocalUserId.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

/**
 * Spec §2.3 Settings 'User section': up to 3 upper-case initials and the read-only user ID;
 * initials first, the anonymous ID after them (issue 22 item 12: no UUID leading the screen).
 */
export function UserSection() {
  const userId = useLocalUserId();
  const [initials] = useStoredValue(keys.initials);
  // The shared rule's complaint about the last thing typed (issue 13.11), which was not kept.
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section className="card settings-card" aria-labelledby="settings-user">
      <h2 id="settings-user">User</h2>
      <div className="settings-field">
        <label htmlFor="settings-initials">Initials</label>
        <input
          id="settings-initials"
          className="settings-initials"
          autoComplete="off"
          value={initials}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'settings-initials-problem' : 'settings-initials-hint'}
          onChange={(e) => {
            const typed = saveInitials(settingsStore(), e.target.value);
            setProblem(initialsProblem(typed.trim()));
          }}
        />
        {problem && (
          <p id="settings-initials-problem" role="alert" className="settings-hint">
            {problem}
          </p>
        )}
        <p id="settings-initials-hint" className="settings-hint">
          Up to {INITIALS_MAX} letters, shown next to your scores on the leaderboard.
        </p>
      </div>
      <div className="settings-field">
        <label htmlFor="settings-user-id">User ID</label>
        <input id="settings-user-id" className="settings-mono" readOnly value={userId ?? ''} />
        <p className="settings-hint">
          Your scores are saved under this anonymous ID. It stays in this browser.
        </p>
      </div>
    </section>
  );
}
