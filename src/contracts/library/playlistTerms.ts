/**
 * Playlists' vocabulary, bounds and messages (issue 15 item 7): sets, medleys and band
 * setlists of library tunes and the owner's own files. No zod here: the words and numbers only,
 * shared by the server, the playlist screens and Sheet Music.
 */

export const PLAYLIST_KINDS = ['set', 'medley', 'setlist', 'list'] as const;
export type PlaylistKind = (typeof PLAYLIST_KINDS)[number];

export const PLAYLIST_KIND_LABELS: Record<PlaylistKind, string> = {
  set: 'Set',
  medley: 'Medley',
  setlist: 'Band setlist',
  list: 'List',
};

/** Bounds (DESIGN: bound every message, upload and table). */
export const PLAYLIST_LIMITS = {
  /** Playlists one account may keep. */
  playlistsPerUser: 100,
  /** Tunes in one playlist (a long band setlist is ~30). */
  itemsPerPlaylist: 100,
  name: 120,
  /** An item's own tempo, crotchets per minute (the player's range: performance.ts). */
  minTempo: 20,
  maxTempo: 240,
  /** Times an item is played through in a set. */
  maxRepeats: 10,
  /** Beats between two tunes of a set when played through (0: straight on). */
  maxGapBeats: 16,
} as const;

/**
 * A share link's secret: 32 random bytes as base64url (256 bits; issue 15 item 7 asks for
 * unguessable links, ≥ 128 bits).
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const playlistMessages = {
  nameRequired: 'Please give the playlist a name.',
  nameTooLong: `A playlist name has at most ${PLAYLIST_LIMITS.name} characters.`,
  tooManyPlaylists: `You can keep up to ${PLAYLIST_LIMITS.playlistsPerUser} playlists.`,
  tooManyItems: `A playlist holds up to ${PLAYLIST_LIMITS.itemsPerPlaylist} tunes.`,
  notFound: 'This playlist does not exist, or it is not yours.',
  itemNotFound: 'This tune is not in the playlist.',
  settingNotFound: 'This tune is not in the library.',
  badOrder: 'The new order must list every tune of the playlist once.',
  linkNotFound: 'This link does not open a playlist: it may have been revoked.',
  unavailable: 'This tune is no longer available in the library.',
  copied: 'Copied to your playlists.',
} as const;
