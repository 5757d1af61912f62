/**
 * Screen loaders by key: each is a lazy chunk (spec §2.1 'Heavy screens load lazily').
 * Screens whose issue has not landed yet render PlannedScreen with one honest sentence; the
 * issue that builds a screen replaces its line here.
 */
import type { ComponentType } from 'react';
import type { ScreenKey } from '../../contracts/routes.ts';

type Loader = () => Promise<{ default: ComponentType }>;

function planned(sentence: string): Loader {
  return () =>
    import('../ui/PlannedScreen.tsx').then((m) => ({ default: m.plannedScreen(sentence) }));
}

export const screens: Record<ScreenKey, Loader> = {
  home: () => import('../features/home/HomeScreen.tsx'),
  flashcards: () => import('../features/flashcards/FlashCardsScreen.tsx'),
  metronome: () => import('../features/metronome/MetronomeScreen.tsx'),
  basicNotes: () => import('../features/basicNotes/BasicNotesScreen.tsx'),
  playAlong: () => import('../features/playAlong/PlayAlongScreen.tsx'),
  chanterSync: () => import('../features/chanterSync/ChanterSyncScreen.tsx'),
  sheetMusic: () => import('../features/sheetMusic/SheetMusicScreen.tsx'),
  chanterTest: () => import('../features/chanterTest/ChanterTestScreen.tsx'),
  battle: () => import('../features/battle/BattleScreen.tsx'),
  blaster: () => import('../features/blaster/BlasterScreen.tsx'),
  animatedNotes: () => import('../features/animatedNotes/AnimatedNotesScreen.tsx'),
  chanterRender: () => import('../features/chanterRender/ChanterRenderScreen.tsx'),
  graceNotes: () => import('../features/graceNotes/GraceNotesScreen.tsx'),
  resources: () => import('../features/info/ResourcesScreen.tsx'),
  contact: () => import('../features/contact/ContactScreen.tsx'),
  aboutUs: () => import('../features/info/AboutScreen.tsx'),
  credits: () => import('../features/info/CreditsScreen.tsx'),
  featureRequest: () => import('../features/featureRequest/FeatureRequestScreen.tsx'),
  microphoneHelp: () => import('../features/microphoneHelp/MicrophoneHelpScreen.tsx'),
  settings: () => import('../features/settings/SettingsScreen.tsx'),
  leaderBoard: () => import('./leaderboardScreens.tsx').then((m) => ({ default: m.LeaderBoard })),
  blasterHighScores: () =>
    import('./leaderboardScreens.tsx').then((m) => ({ default: m.BlasterHighScores })),
  tuner: () => import('../features/tuner/TunerScreen.tsx'),
  renderTest: () => import('../features/devtools/RenderTestScreen.tsx'),
  fireDemo: () => import('../features/devtools/FireDemoScreen.tsx'),
  template1: () => import('../features/devtools/Template1Screen.tsx'),
  template2: () => import('../features/devtools/Template2Screen.tsx'),
  databaseTest: () => import('../features/devtools/DatabaseTestScreen.tsx'),
  directFunctionTest: () => import('../features/devtools/DirectFunctionTestScreen.tsx'),
  synthesisTest: () => import('../features/devtools/SynthesisTestScreen.tsx'),
  aiTest: () => import('../features/devtools/AiTestScreen.tsx'),
  auth: () => import('../features/auth/AuthScreen.tsx'),
  authCallback: () => import('../features/auth/AuthCallbackScreen.tsx'),
  blocked: () => import('../features/home/BlockedScreen.tsx'),
  profile: () => import('../features/profile/ProfileScreen.tsx'),
  playlists: () => import('../features/playlists/PlaylistsScreen.tsx'),
  instruction: () => import('../features/instruction/InstructionScreen.tsx'),
  bands: () => import('../features/bandFinder/BandFinderScreen.tsx'),
  bandRegistration: () => import('../features/bandManagement/BandRegistrationScreen.tsx'),
  bandProfile: () => import('../features/bandManagement/BandProfileScreen.tsx'),
  band: () => import('../features/band/BandScreen.tsx'),
  tutorInvitation: () => import('../features/invitations/TutorInvitationScreen.tsx'),
  bandInvitation: () => import('../features/invitations/BandInvitationScreen.tsx'),
  aiSheetNovel: planned('The AI pipe-tune composer is coming.'),
  omr: () => import('../features/omr/OmrScreen.tsx'),
  sheetShare: () => import('../features/sheetShare/SheetShareScreen.tsx'),
  playlistsAccess: () => import('../features/playlists/PlaylistAccessScreen.tsx'),
  importSong: () => import('../features/importSong/ImportSongScreen.tsx'),
  adminSongs: () => import('../features/adminSongs/AdminSongsScreen.tsx'),
  privacy: () => import('../features/info/PrivacyScreen.tsx'),
  adminUsers: () => import('../features/adminUsers/AdminUsersScreen.tsx'),
  devMailbox: () => import('../features/devMailbox/DevMailboxScreen.tsx'),
  adminSubmissions: () => import('../features/admin/AdminSubmissionsScreen.tsx'),
  adminErrors: () => import('../features/admin/AdminErrorsScreen.tsx'),
  adminAnalytics: () => import('../features/admin/AdminAnalyticsScreen.tsx'),
  adminListings: () => import('../features/adminListings/AdminListingsScreen.tsx'),
  progress: () => import('../features/progress/ProgressScreen.tsx'),
};
