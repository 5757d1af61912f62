import { routes, type ScreenKey } from '../../../contracts/routes.ts';

export type FeatureKind = 'Practice' | 'Game' | 'Pipe music' | 'Community';

export interface Feature {
  readonly screen: ScreenKey;
  readonly kind: FeatureKind;
  readonly blurb: string;
}

/**
 * The feature cards on Home. The spec's six destinations (§2.3 Home: /instruction, /blaster,
 * /tuner, /bands, /aisheetnovel, /sheet-share) plus the everyday practice tools and Sheet Music
 * (issue 22 item 5).
 */
export const features: readonly Feature[] = [
  {
    screen: 'tuner',
    kind: 'Practice',
    blurb: 'Play a note and see which one it is and how many cents sharp or flat it sounds.',
  },
  {
    screen: 'flashcards',
    kind: 'Practice',
    blurb: 'Learn the nine chanter notes: name, frequency, place on the staff and fingering.',
  },
  {
    screen: 'chanterSync',
    kind: 'Practice',
    blurb: 'Every chanter is pitched a little differently. Teach Chanterlab the notes of yours.',
  },
  {
    screen: 'metronome',
    kind: 'Practice',
    blurb: 'Keep steady time from 60 to 240 BPM with a beep, a snare or a bass drum.',
  },
  {
    screen: 'blaster',
    kind: 'Game',
    blurb: 'Blast falling notes by playing them on your chanter, then climb the leaderboard.',
  },
  {
    // Issue 22 item 5: the screen that reads and plays tunes had no card.
    screen: 'sheetMusic',
    kind: 'Pipe music',
    blurb: 'Read a pipe tune on the staff, hear it with drones and play along on your chanter.',
  },
  {
    screen: 'sheetShare',
    kind: 'Pipe music',
    blurb: 'Browse a library of pipe tunes shared by other pipers.',
  },
  {
    screen: 'aiSheetNovel',
    kind: 'Pipe music',
    blurb: 'Compose new pipe tunes with the help of the AI composer.',
  },
  {
    screen: 'instruction',
    kind: 'Community',
    blurb: 'Find a piping tutor and lessons for the Highland bagpipe.',
  },
  {
    screen: 'bands',
    kind: 'Community',
    blurb: 'Find a pipe band near you to play with.',
  },
];

/** The screen's title from the route table, so a card and the page it opens never disagree. */
export function titleOf(screen: ScreenKey): string {
  return routes.find((r) => r.screen === screen)?.title ?? screen;
}

/** Spec §2.3 Home: the welcome popup, remembered by this id when 'Don't show this again' is ticked. */
export const WELCOME_POPUP_ID = 'home-welcome';

/**
 * Spec §2.3 Home 'A social-media follow button'. The project's public page; a self-hosted
 * community may point it at its own.
 */
export const FOLLOW_URL = 'https://github.com/chanterlab/chanterlab';
