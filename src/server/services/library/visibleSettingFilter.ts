/**
 * Who sees which library settings — the one rule every library query uses (issue 15 items 3,
 * 5, 8; 'Done when': a private setting is invisible to others, a pending one is not public).
 *
 * - Everyone sees 'public' settings.
 * - A signed-in piper also sees their own settings, whatever their state (private, pending,
 *   rejected with its reason, hidden after a copyright report).
 * - A curator (administrator) also sees what curation acts on: pending, rejected and hidden
 *   settings — never another piper's private ones.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/actor.ts';
import type { Actor } from '../tableRegistry.ts';

export interface Viewer {
  /** The signed-in user's id (null: anonymous, or an ADMIN_TOKEN script). */
  readonly userId: string | null;
  readonly curator: boolean;
}

export const ANONYMOUS: Viewer = { userId: null, curator: false };

export function viewerOf(actor: Actor, user: SessionUser | null): Viewer {
  if (actor.kind === 'anonymous') return ANONYMOUS;
  return { userId: user?.id ?? null, curator: actor.kind === 'admin' };
}

/**
 * The SQL condition on library_settings (aliased `alias`, default the table itself) for the
 * settings `viewer` may see.
 */
export function visibleSettingFilter(viewer: Viewer, alias?: string): SQL {
  const column = (name: string) =>
    alias ? sql.raw(`${alias}.${name}`) : sql.raw(`"library_settings"."${name}"`);
  const visibility = column('visibility');
  const uploader = column('uploader_id');
  const parts: SQL[] = [sql`${visibility} = 'public'`];
  if (viewer.userId) parts.push(sql`${uploader} = ${viewer.userId}`);
  if (viewer.curator) parts.push(sql`${visibility} <> 'private'`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The same rule for a setting already read (owner checks, answers). */
export function canSee(
  viewer: Viewer,
  setting: { visibility: string; uploader_id: string | null },
): boolean {
  if (setting.visibility === 'public') return true;
  if (viewer.userId !== null && setting.uploader_id === viewer.userId) return true;
  return viewer.curator && setting.visibility !== 'private';
}
