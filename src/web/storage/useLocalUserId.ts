import { useEffect } from 'react';
import { isUuidV4 } from '../../contracts/uuid.ts';
import { keys } from './keys.ts';
import { ensureLocalUserId } from './localUser.ts';
import { settingsStore } from './settingsStore.ts';
import { useStoredValue } from './useStoredValue.ts';

/** The local user id (spec §3), created or replaced when missing, invalid or legacy. */
export function useLocalUserId(): string | null {
  const [id] = useStoredValue(keys.userUuid);
  const valid = isUuidV4(id);
  useEffect(() => {
    if (!valid) ensureLocalUserId(settingsStore());
  }, [valid]);
  return valid ? id : null;
}
