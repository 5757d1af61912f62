/**
 * Playlists' API (issue 15 item 7), defined once for the server (src/server/routes/playlists.ts)
 * and the playlist screens and Sheet Music (callApi). Every route but the shared view needs a
 * signed-in, unbanned user (spec §6: playlists need a session); only the owner reads or
 * changes a playlist. The shared view is public and read-only, and never names the owner.
 */
import { z } from 'zod';
import { defineRoute } from '../api/apiRoute.ts';
import { isStorableText, unstorableMessage } from '../storableText.ts';
import { LIBRARY_LIMITS, TUNE_TYPES, libraryMessages } from './libraryTerms.ts';
import {
  PLAYLIST_KINDS,
  PLAYLIST_LIMITS as P,
  SHARE_TOKEN_PATTERN,
  playlistMessages,
} from './playlistTerms.ts';

const uuid = z.uuid();

export const playlistKindSchema = z.enum(PLAYLIST_KINDS);

const nameSchema = z
  .string()
  .trim()
  .min(1, playlistMessages.nameRequired)
  .max(P.name, playlistMessages.nameTooLong)
  .refine(isStorableText, unstorableMessage('The name'));

const tempoSchema = z.number().int().min(P.minTempo).max(P.maxTempo);
const repeatsSchema = z.number().int().min(1).max(P.maxRepeats);

/** One tune of a playlist as its owner (or a link's holder) sees it. */
export const playlistItemSchema = z.object({
  id: uuid,
  position: z.number().int(),
  /** 'library': a setting of a library tune; 'file': the owner's own BWW file. */
  source: z.enum(['library', 'file']),
  settingId: uuid.nullable(),
  /** The library tune's address (for a link to its page); null for files. */
  tuneSlug: z.string().nullable(),
  title: z.string(),
  type: z.enum(TUNE_TYPES).nullable(),
  /** Crotchets per minute for this item; null: the tune's own tempo. */
  tempo: z.number().int().nullable(),
  repeats: z.number().int(),
  /**
   * false when a library setting was deleted, or is hidden or private to the viewer: the item
   * keeps its title and place, but its music is not sent (issue 15 item 7).
   */
  available: z.boolean(),
  /** The music (null when unavailable). */
  bww: z.string().nullable(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistSummarySchema = z.object({
  id: uuid,
  name: z.string(),
  kind: playlistKindSchema,
  itemCount: z.number().int(),
  /** A share link is live. */
  shared: z.boolean(),
  updatedAt: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistSchema = playlistSummarySchema.extend({
  items: z.array(playlistItemSchema),
  /** The live share link's token (owner only), or null. */
  shareToken: z.string().nullable(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** What a link's holder sees: no owner, no token, no ids of the owner's. */
export const sharedPlaylistSchema = z.object({
  name: z.string(),
  kind: playlistKindSchema,
  items: z.array(playlistItemSchema.omit({ settingId: true })),
});
export type SharedPlaylist = z.infer<typeof sharedPlaylistSchema>;

export const createPlaylistBodySchema = z.object({
  name: nameSchema,
  kind: playlistKindSchema.default('set'),
});

export const updatePlaylistBodySchema = z
  .object({ name: nameSchema.optional(), kind: playlistKindSchema.optional() })
  .strict();

const fileTextSchema = z
  .string()
  .min(1, libraryMessages.fileRequired)
  .max(LIBRARY_LIMITS.fileChars, libraryMessages.fileTooLarge)
  .refine(isStorableText, unstorableMessage('The file'));

export const addItemBodySchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('library'),
    settingId: uuid,
    tempo: tempoSchema.nullable().default(null),
    repeats: repeatsSchema.default(1),
  }),
  z.object({
    source: z.literal('file'),
    title: z
      .string()
      .trim()
      .min(1, libraryMessages.titleRequired)
      .max(LIBRARY_LIMITS.title, 'This field is too long.')
      .refine(isStorableText, unstorableMessage('The title')),
    bww: fileTextSchema,
    type: z.enum(TUNE_TYPES).nullable().default(null),
    tempo: tempoSchema.nullable().default(null),
    repeats: repeatsSchema.default(1),
  }),
]);
export type AddItemBody = z.input<typeof addItemBodySchema>;

export const updateItemBodySchema = z
  .object({ tempo: tempoSchema.nullable().optional(), repeats: repeatsSchema.optional() })
  .strict();

export const reorderBodySchema = z.object({
  /** Every item id of the playlist, once each, in the new order. */
  itemIds: z.array(uuid).max(P.itemsPerPlaylist),
});

export const shareTokenSchema = z.string().regex(SHARE_TOKEN_PATTERN, 'Not a share link');

const playlistParams = z.object({ playlistId: uuid });
const itemParams = z.object({ playlistId: uuid, itemId: uuid });
const tokenParams = z.object({ token: shareTokenSchema });

export const playlistRoutes = {
  list: defineRoute({
    method: 'GET',
    pattern: '/api/playlists',
    summary: "The caller's playlists, newest change first",
    auth: 'user',
    response: z.object({ playlists: z.array(playlistSummarySchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    pattern: '/api/playlists',
    summary: `Create a playlist (at most ${P.playlistsPerUser} per account)`,
    auth: 'user',
    body: createPlaylistBodySchema,
    response: playlistSchema,
  }),
  get: defineRoute({
    method: 'GET',
    pattern: '/api/playlists/:playlistId',
    summary: 'Owner: one playlist with its tunes (unavailable tunes without their music)',
    auth: 'user',
    params: playlistParams,
    response: playlistSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    pattern: '/api/playlists/:playlistId',
    summary: 'Owner: rename a playlist or change its kind',
    auth: 'user',
    params: playlistParams,
    body: updatePlaylistBodySchema,
    response: playlistSummarySchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    pattern: '/api/playlists/:playlistId',
    summary: 'Owner: delete a playlist (its share link stops working)',
    auth: 'user',
    params: playlistParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  addItem: defineRoute({
    method: 'POST',
    pattern: '/api/playlists/:playlistId/items',
    summary: `Owner: add a library setting or an own BWW file (at most ${P.itemsPerPlaylist} tunes)`,
    auth: 'user',
    params: playlistParams,
    body: addItemBodySchema,
    response: playlistItemSchema,
  }),
  updateItem: defineRoute({
    method: 'PATCH',
    pattern: '/api/playlists/:playlistId/items/:itemId',
    summary: "Owner: an item's tempo and repeats",
    auth: 'user',
    params: itemParams,
    body: updateItemBodySchema,
    response: playlistItemSchema,
  }),
  removeItem: defineRoute({
    method: 'DELETE',
    pattern: '/api/playlists/:playlistId/items/:itemId',
    summary: 'Owner: remove a tune from a playlist',
    auth: 'user',
    params: itemParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  reorder: defineRoute({
    method: 'PUT',
    pattern: '/api/playlists/:playlistId/order',
    summary: 'Owner: put the tunes in a new order (every item id once)',
    auth: 'user',
    params: playlistParams,
    body: reorderBodySchema,
    response: playlistSchema,
  }),
  share: defineRoute({
    method: 'POST',
    pattern: '/api/playlists/:playlistId/share',
    summary: 'Owner: create the read-only share link (the live one if there is one)',
    auth: 'user',
    params: playlistParams,
    response: z.object({ token: shareTokenSchema }),
  }),
  unshare: defineRoute({
    method: 'DELETE',
    pattern: '/api/playlists/:playlistId/share',
    summary: 'Owner: revoke the share link (it stops working at once)',
    auth: 'user',
    params: playlistParams,
    response: z.object({ revoked: z.literal(true) }),
  }),
  shared: defineRoute({
    method: 'GET',
    pattern: '/api/shared-playlists/:token',
    summary: 'Anyone with the link: a shared playlist, read-only, without its owner',
    params: tokenParams,
    response: sharedPlaylistSchema,
  }),
  copyShared: defineRoute({
    method: 'POST',
    pattern: '/api/shared-playlists/:token/copy',
    summary: 'Copy a shared playlist to the caller’s own playlists',
    auth: 'user',
    params: tokenParams,
    response: playlistSchema,
  }),
} as const;
