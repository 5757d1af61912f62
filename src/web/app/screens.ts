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
  flashcards: planned(
    'Flash cards for the nine chanter notes, with fingering, staff and a listening quiz, are being built.',
  ),
  metronome: () => import('../features/metronome/MetronomeScreen.tsx'),
  basicNotes: planned('Every chanter note played on its own or over drones is being built.'),
  playAlong: planned('Playing along with tunes while the app listens to your chanter is coming.'),
  chanterSync: planned(
    'Calibrating the app to your own practice chanter through the microphone is being built.',
  ),
  sheetMusic: planned(
    'Reading, hearing and playing along with Bagpipe Music Writer tunes is being built.',
  ),
  chanterTest: planned('Checking that the app hears every note of your chanter is being built.'),
  battle: planned('Battle, a note game played on your chanter, is coming.'),
  blaster: planned('Blaster, the note-blasting game with a global leaderboard, is being built.'),
  animatedNotes: planned(
    'Notes scrolling past a marker and sounding as they pass are being built.',
  ),
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
  auth: planned('Signing in with an emailed link or a Google account is being built.'),
  authCallback: planned('Completing sign-in from an emailed link is being built.'),
  blocked: () => import('../features/home/BlockedScreen.tsx'),
  profile: planned('Your profile, initials and scores are being built.'),
  playlists: planned('Playlists of pipe tunes are coming.'),
  instruction: planned('Finding a piping tutor and lessons is coming.'),
  bands: planned('Finding pipe bands near you is coming.'),
  bandRegistration: planned('Registering your pipe band is coming.'),
  bandProfile: planned('Pipe band profiles are coming.'),
  band: planned('Pipe band pages are coming.'),
  tutorInvitation: planned('The invitation for piping tutors is coming.'),
  bandInvitation: planned('The invitation for pipe bands is coming.'),
  aiSheetNovel: planned('The AI pipe-tune composer is coming.'),
  omr: planned('Turning a photo of pipe music into a playable tune is coming.'),
  sheetShare: planned('A shared library of pipe tunes is coming.'),
  playlistsAccess: planned('Opening playlists shared with you is coming.'),
  importSong: planned('Importing Bagpipe Music Writer (.bww) files is being built.'),
  adminSongs: planned('Managing the tune library is coming.'),
  privacy: () => import('../features/info/PrivacyScreen.tsx'),
};
