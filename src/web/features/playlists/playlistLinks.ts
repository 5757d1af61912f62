/**
 * Where the playlist screens link to (issue 15 item 7). Paths come from the route table
 * (contracts/routes.ts); Sheet Music reads `playlist` (the owner's) or `shared` (a link's token).
 */
import { paths } from '../../../contracts/routes.ts';

export const playlistLinks = {
  edit: (id: string) => `${paths.playlists}?id=${encodeURIComponent(id)}`,
  booklet: (id: string) => `${paths.playlists}?id=${encodeURIComponent(id)}&view=booklet`,
  shared: (token: string) => `${paths.playlistsAccess}?token=${encodeURIComponent(token)}`,
  sharedBooklet: (token: string) =>
    `${paths.playlistsAccess}?token=${encodeURIComponent(token)}&view=booklet`,
  play: (id: string) => `${paths.sheetMusic}?playlist=${encodeURIComponent(id)}`,
  playShared: (token: string) => `${paths.sheetMusic}?shared=${encodeURIComponent(token)}`,
} as const;
