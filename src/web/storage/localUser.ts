/**
 * The anonymous piper's identity (spec §3 'Local user id', §5 'Inputs'): a UUID v4 under
 * `local_user_uuid`, regenerated when invalid; legacy `local-…` ids are replaced. Initials are
 * at most 3 characters, upper-cased: the shared rule of contracts/initials.ts (issue 13.11).
 */
import { initialsProblem, normaliseInitials } from '../../contracts/initials.ts';
import { isUuidV4 } from '../../contracts/uuid.ts';
import { keys } from './keys.ts';
import type { SettingsStore } from './settingsStore.ts';

export { INITIALS_MAX, initialsProblem, normaliseInitials } from '../../contracts/initials.ts';

export function newUuidV4(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The stored id, or a fresh v4 stored in place of a missing, invalid or legacy one. */
export function ensureLocalUserId(store: SettingsStore): string {
  const current = store.read(keys.userUuid);
  if (isUuidV4(current)) return current;
  const id = newUuidV4();
  store.write(keys.userUuid, id);
  return id;
}

/**
 * Stores the initials as typed (normalised) and returns them. Text the rule refuses (a
 * bidirectional control, say) is not stored; the field shows initialsProblem's message.
 */
export function saveInitials(store: SettingsStore, input: string): string {
  const initials = normaliseInitials(input);
  if (initialsProblem(initials.trim()) === null) store.write(keys.initials, initials);
  return initials;
}
