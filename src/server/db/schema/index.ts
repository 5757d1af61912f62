export { tblblasterhighscore } from './highScores.ts';
export { tblgamesession } from './gameSessions.ts';
export { captcha_used, form_submissions } from './forms.ts';
export {
  analytics_events,
  client_errors,
  email_relay_log,
  feedback_reports,
} from './monitoring.ts';
export {
  authUser,
  authSession,
  authAccount,
  authVerification,
  auth_link_requests,
} from './auth.ts';
export { mail_outbox } from './outbox.ts';
export { client_daily_writes } from './dailyWrites.ts';
export {
  library_tunes,
  library_settings,
  library_reports,
  library_audit,
  playlists,
  playlist_items,
} from './library.ts';
export {
  band_invites,
  band_logos,
  band_managers,
  band_tunes,
  bands,
  directory_audit,
  listing_reports,
  tutors,
} from './directory.ts';
export { battle_lobby, battle_ratings } from './battle.ts';
export { practice_sessions } from './practiceHistory.ts';
