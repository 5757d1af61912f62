import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths, routes } from '../../contracts/routes.ts';
import { keys, sessionKeys } from '../storage/keys.ts';
import { sessionFlagsStore } from '../storage/settingsStore.ts';
import { useStoredValue } from '../storage/useStoredValue.ts';

/** The alias the spec redirects to (§4 'Redirect flag': 'forces a redirect to /chantersync'). */
const CHANTERSYNC_ALIAS = routes.find((r) => r.canonical === paths.chanterSync)!.path;

/**
 * Spec §4 'Redirect flag': a flag in local or session storage forces a redirect to
 * /chantersync (set by 'Set Up Custom Chanter', spec §2.4). The flag is cleared on arrival so
 * the piper is sent there once, not trapped.
 */
export function ChanterSyncRedirect() {
  const [localFlag, setLocalFlag] = useStoredValue(keys.forceNavigateToChanterSync);
  const [sessionFlag, setSessionFlag] = useStoredValue(
    sessionKeys.forceNavigateToChanterSync,
    sessionFlagsStore(),
  );
  const { pathname } = useLocation();
  const arrived = pathname === CHANTERSYNC_ALIAS || pathname === paths.chanterSync;
  const forced = localFlag || sessionFlag;

  useEffect(() => {
    if (!arrived) return;
    if (localFlag) setLocalFlag(false);
    if (sessionFlag) setSessionFlag(false);
  }, [arrived, localFlag, sessionFlag, setLocalFlag, setSessionFlag]);

  if (forced && !arrived) return <Navigate to={CHANTERSYNC_ALIAS} replace />;
  return null;
}
