/**
 * The learning path below the tutor directory (issue 16 item 5): the app's tools as lessons in
 * the order a piping tutor teaches them — the nine notes, the scale, single gracenotes,
 * doublings, throws, grips, taorluaths, birls, first tunes. Each step opens its tools at the
 * right exercise (Flash Cards `?mode=`, Grace Notes `?preset=`, a library tune's page) and says
 * what 'done' looks like, so a learner without a tutor knows when to move on. Pure data:
 * learningPath.test.ts checks every link is a route and every exercise exists.
 */
import { paths } from '../../../contracts/routes.ts';

export interface PathLink {
  readonly label: string;
  readonly to: string;
}

export interface LearningStep {
  readonly id: string;
  readonly title: string;
  /** What to practise, in a sentence or two. */
  readonly practise: string;
  readonly links: readonly PathLink[];
  /** What 'done' looks like: the bar to clear before the next step. */
  readonly done: string;
}

const grace = (preset: string) => `${paths.graceNotes}?preset=${encodeURIComponent(preset)}`;
const flash = (mode: string) => `${paths.flashcards}?mode=${encodeURIComponent(mode)}`;
const libraryTune = (slug: string) => `${paths.sheetShare}?tune=${encodeURIComponent(slug)}`;

export const learningPath: readonly LearningStep[] = [
  {
    id: 'nine-notes',
    title: 'The nine notes',
    practise:
      'Learn the fingering of each note from Low G to High A and how it sounds over the drones.',
    links: [
      { label: 'Basic Notes', to: paths.basicNotes },
      { label: 'Fingering chart', to: paths.chanterRender },
      { label: 'Flash Cards', to: flash('Random') },
    ],
    done: 'The Flash Cards listening quiz: 9 of 10 cards right, each note played without looking at the fingering.',
  },
  {
    id: 'scale',
    title: 'The scale',
    practise:
      'Play the scale up and down, one note a second, moving only the fingers that must move.',
    links: [
      { label: 'Flash Cards: Scale', to: flash('Scale') },
      { label: 'Tuner', to: paths.tuner },
      { label: 'Metronome', to: paths.metronome },
    ],
    done: 'A 30-second Scale exercise in Flash Cards at 1 second a note with no wrong or crossed notes, each note steady on the Tuner.',
  },
  {
    id: 'gracenotes',
    title: 'Single gracenotes',
    practise:
      'G, D and E gracenotes, then strikes: a quick flick that separates two notes, never a note of its own.',
    links: [
      { label: 'Grace Notes: G gracenote', to: grace('gg-LA') },
      { label: 'Grace Notes: strikes', to: grace('strlg-B') },
    ],
    done: 'G, D and E gracenotes on Low A, B and D sound as short as the trainer plays them, ten times running without a slip.',
  },
  {
    id: 'doublings',
    title: 'Doublings',
    practise: 'The doubling on every note from Low G to High A, slowly and evenly at first.',
    links: [{ label: 'Grace Notes: doublings', to: grace('dbd') }],
    done: 'Every doubling from Low G to High A clean at a slow march pace (60 beats a minute on the Metronome).',
  },
  {
    id: 'throws',
    title: 'Throws',
    practise: 'The throw on D, light and then heavy: Low G, D, C, then D.',
    links: [{ label: 'Grace Notes: throw on D', to: grace('thrd-D') }],
    done: 'Ten throws on D in a row with every note of the movement heard and none added.',
  },
  {
    id: 'grips',
    title: 'Grips',
    practise:
      'The grip (Low G, D, Low G) between melody notes: the bottom hand stays on the chanter.',
    links: [{ label: 'Grace Notes: grip', to: grace('grp-LA') }],
    done: 'Grips from Low A, B, C and D, each as even as the trainer’s, at 60 beats a minute.',
  },
  {
    id: 'taorluaths',
    title: 'Taorluaths',
    practise: 'The grip with an E gracenote after it: the movement of marches and strathspeys.',
    links: [{ label: 'Grace Notes: taorluath', to: grace('tar-LA') }],
    done: 'Taorluaths from Low A, B, C and D with the E gracenote heard every time.',
  },
  {
    id: 'birls',
    title: 'Birls',
    practise: 'The birl on Low A, the G-gracenote birl and the thumb birl: quick little finger.',
    links: [{ label: 'Grace Notes: birl', to: grace('brl-LA') }],
    done: 'Birls in time at 60 beats a minute, the two Low Gs distinct.',
  },
  {
    id: 'first-tunes',
    title: 'First tunes',
    practise:
      'A simple march and a slow air from the library: read them in Sheet Music, then play along.',
    links: [
      { label: 'Scotland the Brave', to: libraryTune('scotland-the-brave') },
      { label: 'Amazing Grace', to: libraryTune('amazing-grace') },
      { label: 'Play Along', to: paths.playAlong },
      // Spec §1 'Tutors and bands get an AI sheet-music generator' (issue 19): a fresh tune
      // to set a pupil, composed on the device.
      { label: 'Compose a tune', to: paths.aiSheetNovel },
    ],
    done: 'Scotland the Brave through in Play Along at 80 % tempo with at least 90 % of melody notes right.',
  },
];
