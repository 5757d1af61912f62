/** The leaderboard's text (spec §2.3 'Leader board', §8 'Leaderboard and configuration'). */
export const leaderboardText = {
  noScores: 'No high scores found',
  noOwnScores: "You haven't submitted any scores yet",
  failed: 'Failed to load high scores',
  unconfigured: 'Database configuration is incomplete',
  unconfiguredStatus: 'Missing environment variables',
  notAvailable: 'N/A',
  allLevels: 'All Levels',
  yourHighScores: 'Your High Scores',
} as const;

/** Spec §2.3: the global table's columns. */
export const leaderboardColumns = ['Rank', 'Level', 'Score', 'Initials', 'Date'] as const;

/** How often an open board asks for news; an unchanged board costs a bodiless 304. */
export const POLL_INTERVAL_MS = 15_000;

/** The Battle table's text (issue 17 item 2; not in the spec, which predates Battle). */
export const battleText = {
  heading: 'Battle',
  caption: 'Top 10 Battle players by rating',
  loading: 'Loading Battle ratings…',
  failed: 'Failed to load Battle ratings',
  empty: 'No rated Battle games yet: sign in and play a friend.',
} as const;
