/**
 * The words of the tutor and band invitation pages (spec §2.3 'Tutor and band invitation': a
 * hero, benefits, three steps, an FAQ and join buttons; the tutor button goes to /profile, the
 * band button to /auth — .INVITE-01..07). Listing is free during the launch phase
 * (R-1.ABOUT-06); tutors and bands are to get the AI sheet-music generator (R-1.ABOUT-07).
 */
import { paths } from '../../../contracts/routes.ts';

export interface InvitationContent {
  readonly title: string;
  readonly hero: { readonly heading: string; readonly lead: string };
  readonly benefits: readonly { readonly title: string; readonly text: string }[];
  readonly steps: readonly [string, string, string];
  readonly faq: readonly { readonly question: string; readonly answer: string }[];
  readonly join: { readonly label: string; readonly to: string };
  /** Where visitors who are not tutors or band managers can look instead. */
  readonly browse: { readonly label: string; readonly to: string };
}

/** Spec §2.3: the tutor's join button goes to /profile (the profile's 'Tutor listing'). */
export const TUTOR_JOIN_PATH = '/profile';
/** Spec §2.3: the band's join button goes to /auth; after signing in, to band registration. */
export const BAND_JOIN_PATH = `${paths.auth}?redirect=${encodeURIComponent(paths.bandRegistration)}`;

export const tutorInvitation: InvitationContent = {
  title: 'Tutor Invitation',
  hero: {
    heading: 'Teach the pipes? Let learners find you.',
    lead: 'List your lessons in the Chanterlab tutor directory, in person or online. Learners search by town, level and language, and write to you without ever seeing your email address. Listing is free during the launch phase.',
  },
  benefits: [
    {
      title: 'Found by the learners near you',
      text: 'Pupils search by town and distance; online lessons reach learners wherever they live.',
    },
    {
      title: 'Your address stays private',
      text: 'Messages reach you through the site’s relay with a human check. Only your town is shown, never your street or your email.',
    },
    {
      title: 'Practice tools for between lessons',
      text: 'Point pupils at Flash Cards, Grace Notes, the Tuner and Play Along, and the learning path that says when each step is done.',
    },
    {
      title: 'An AI sheet-music generator',
      text: 'Tutors are to get the AI sheet-music generator, to write practice material for each pupil.',
    },
  ],
  steps: [
    'Sign in with your email address (a one-time link, no password).',
    'On your profile, choose Become a Tutor and fill in your town, the levels you teach, languages and, if you like, your fees.',
    'A moderator checks the listing, usually within a few days; then learners find you on the Instruction page.',
  ],
  faq: [
    {
      question: 'Does it cost anything?',
      answer:
        'No. Listing is free during the launch phase. We will say well in advance if that ever changes.',
    },
    {
      question: 'Who sees my email address?',
      answer:
        'Nobody. Learners write through the Send Email form; the message is relayed to you, and you decide whether to answer.',
    },
    {
      question: 'How exactly is my location shown?',
      answer:
        'Only your town, picked from a list, and the distance to it. Never an address or a map pin on your home.',
    },
    {
      question: 'Why does my listing need confirming?',
      answer:
        'So the directory stays current: a listing not confirmed for a year is hidden until you confirm it from your profile. We email a reminder a month before.',
    },
    {
      question: 'Can I change or delete my listing?',
      answer: 'Yes, at any time from your profile. Deleting your account deletes your listing too.',
    },
  ],
  join: { label: 'List Your Lessons', to: TUTOR_JOIN_PATH },
  browse: { label: 'See the tutor directory', to: paths.instruction },
};

export const bandInvitation: InvitationContent = {
  title: 'Band Invitation',
  hero: {
    heading: 'Put your pipe band on the map.',
    lead: 'Pipers, drummers and learners look for a band near them in the Chanterlab band finder. Register your band, say what you are recruiting, and let them get in touch. Listing is free during the launch phase.',
  },
  benefits: [
    {
      title: 'Recruit pipers, drummers and learners',
      text: 'Say who you are looking for and whether you run a learner programme or lend instruments and uniforms.',
    },
    {
      title: 'A band page with your practice nights',
      text: 'Your grade, practice times (with a calendar file), the tunes you play from the library, your logo and links.',
    },
    {
      title: 'Safe contact',
      text: 'People write through the site’s relay with a human check; the band’s email address is never shown. Practice venues are shown to about a kilometre unless you choose otherwise.',
    },
    {
      title: 'Shared with your committee',
      text: 'Invite co-managers by email so the listing does not depend on one person. Bands are also to get the AI sheet-music generator.',
    },
  ],
  steps: [
    'Sign in with your email address (a one-time link, no password).',
    'Register your band: its town, practice venue and nights, grade and what you are recruiting.',
    'A moderator checks the listing; then your band appears in the band finder and on its own page.',
  ],
  faq: [
    {
      question: 'Does it cost anything?',
      answer:
        'No. Listing is free during the launch phase. We will say well in advance if that ever changes.',
    },
    {
      question: 'We have children in the band. Is our practice venue shown?',
      answer:
        'Only rounded to about a kilometre, unless you choose to show the exact place. The band’s email address is never shown.',
    },
    {
      question: 'Can more than one person manage the listing?',
      answer:
        'Yes. Invite co-managers by email from the band profile; any of them can edit the listing.',
    },
    {
      question: 'Why does the listing need confirming?',
      answer:
        'So pipers do not turn up to a band that has stopped meeting: a listing not confirmed for a year is hidden until a manager confirms it. We email a reminder a month before.',
    },
  ],
  join: { label: 'Register Your Band', to: BAND_JOIN_PATH },
  browse: { label: 'See the band finder', to: paths.bands },
};
