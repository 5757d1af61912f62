import { Outlet, useNavigate } from 'react-router';
import { paths } from '../../contracts/routes.ts';
import { authSession } from '../lib/authSession.ts';
import { DialogOutlet } from '../ui/DialogOutlet.tsx';
import { FeedbackButton } from '../ui/feedback/FeedbackButton.tsx';
import { LazyAppStatus } from '../ui/LazyAppStatus.tsx';
import { usePracticeSync } from '../lib/usePracticeSync.ts';
import { useSiteTelemetry } from '../lib/useSiteTelemetry.ts';
import { ChanterSyncRedirect } from './ChanterSyncRedirect.tsx';
import { MainMenu } from './MainMenu.tsx';
import { LazyMigrationNotice } from './LazyMigrationNotice.tsx';
import { useAuthSession } from './useAuthSession.ts';

/** The page frame: skip link, main menu (spec §2.2), the screen, footer. */
export function Layout() {
  const { status, user } = useAuthSession();
  const navigate = useNavigate();
  useSiteTelemetry();
  usePracticeSync(user?.id ?? null);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <MainMenu
        signedIn={status === 'signed-in'}
        pending={status === 'loading'}
        onSignOut={async () => {
          // Clears what the service worker kept for this user, too (issue 18 item 1).
          await authSession.signOut();
          await navigate(paths.auth);
        }}
      />
      <ChanterSyncRedirect />
      <LazyMigrationNotice />
      <LazyAppStatus />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        <p>
          © 2025 Chanterlab · open source · <a href={paths.credits}>Credits</a> ·{' '}
          <a href={paths.aboutUs}>About</a>
        </p>
      </footer>
      <FeedbackButton />
      <DialogOutlet />
    </div>
  );
}
