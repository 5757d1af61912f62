import { useState } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import { dismissPopup, isPopupDismissed } from '../../storage/dialogFlags.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { ADVANCED_SETTINGS_ID } from './AdvancedSettings.tsx';

export const ADVANCED_NOTICE_ID = 'settings-advanced-notice';

/** Spec §2.3 Settings: a floating, dismissible notice pointing to Advanced Settings. */
export function AdvancedNotice() {
  // Read after hydration: the prerendered first view cannot know this browser's choice and
  // the notice floats, so showing it later moves nothing (issue 21.1).
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  if (!hydrated || closed || isPopupDismissed(settingsStore(), ADVANCED_NOTICE_ID)) return null;
  return (
    <aside className="settings-notice" aria-label="Advanced Settings tip">
      <p>
        Settings not sticking, or something looks wrong?{' '}
        <a
          href={`#${ADVANCED_SETTINGS_ID}`}
          onClick={(e) => {
            e.preventDefault();
            const target = document.getElementById(ADVANCED_SETTINGS_ID);
            // Advanced Settings sits in a closed disclosure (issue 22 item 12): open it first.
            const disclosure = target?.closest('details');
            if (disclosure) disclosure.open = true;
            target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            target?.focus({ preventScroll: true });
          }}
        >
          Advanced Settings
        </a>{' '}
        can check and repair your stored settings.
      </p>
      <button
        type="button"
        className="settings-notice-close"
        aria-label="Dismiss tip"
        onClick={() => {
          dismissPopup(settingsStore(), ADVANCED_NOTICE_ID);
          setClosed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
