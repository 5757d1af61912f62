/**
 * The tune library's vocabulary and rules (issue 15 items 2, 3, 5), shared by the server, the
 * library screens and the curation screen. No zod here: the words and numbers only.
 */
import { withThousands } from '../withThousands.ts';

/** Issue 15 item 2: the tune types pipers file tunes under. */
export const TUNE_TYPES = [
  '2/4 march',
  '6/8 march',
  '3/4 march',
  '4/4 march',
  'retreat',
  'strathspey',
  'reel',
  'jig',
  'hornpipe',
  'slow air',
  'piobaireachd',
  'other',
] as const;
export type TuneType = (typeof TUNE_TYPES)[number];

export const TUNE_TYPE_LABELS: Record<TuneType, string> = {
  '2/4 march': '2/4 March',
  '6/8 march': '6/8 March',
  '3/4 march': '3/4 March',
  '4/4 march': '4/4 March',
  retreat: 'Retreat',
  strathspey: 'Strathspey',
  reel: 'Reel',
  jig: 'Jig',
  hornpipe: 'Hornpipe',
  'slow air': 'Slow Air',
  piobaireachd: 'Piobaireachd',
  other: 'Other',
};

/** Time signatures as shown ('C' common time, '2/2' cut time written as such). */
export const TIME_SIGNATURES = [
  '2/4',
  '3/4',
  '4/4',
  '6/8',
  '9/8',
  '12/8',
  '3/8',
  '2/2',
  'C',
  'other',
] as const;
export type TimeSignatureName = (typeof TIME_SIGNATURES)[number];

/**
 * Issue 15 item 3: what a setting may be licensed as. Only the first three allow the setting
 * to be public; 'private-use' is the uploader's own copy of music they may not share (a tune
 * by a living composer, a book they own).
 */
export const LICENCES = ['public-domain', 'cc0', 'cc-by', 'private-use'] as const;
export type Licence = (typeof LICENCES)[number];
export const PUBLIC_LICENCES: readonly Licence[] = ['public-domain', 'cc0', 'cc-by'];

export const LICENCE_LABELS: Record<Licence, string> = {
  'public-domain': 'Public domain (traditional, or the composer died over 70 years ago)',
  cc0: 'CC0 — I wrote this setting and give it to everyone',
  'cc-by': 'CC BY 4.0 — anyone may use it if they credit the name below',
  'private-use': 'For my own use only (keeps it private)',
};

/**
 * 'private': only the uploader; 'pending': asked to be public, waiting for a curator;
 * 'public': approved; 'rejected': a curator said no (the uploader still sees it, with the
 * reason); 'hidden': taken down after a copyright report, pending review.
 */
export const VISIBILITIES = ['private', 'pending', 'public', 'rejected', 'hidden'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const REPORT_KINDS = ['wrong-notes', 'copyright', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  'wrong-notes': 'Wrong notes or a mistake in the music',
  copyright: 'Copyright: this music should not be shared here',
  other: 'Something else',
};

/** Bounds (DESIGN: bound every message, upload and table). */
export const LIBRARY_LIMITS = {
  title: 200,
  alias: 200,
  aliases: 10,
  composer: 200,
  composerDates: 40,
  notes: 4_000,
  arranger: 200,
  source: 300,
  attribution: 200,
  /** A whole book of tunes in BWW is ~150 KB; one tune is a few KB. */
  fileChars: 400_000,
  reportMessage: 2_000,
  rejectReason: 1_000,
  /** Uploaded settings one account may hold. */
  settingsPerUser: 500,
  /** A search page. */
  pageSize: 50,
  /** Find-by-playing: notes in a query. */
  findMinNotes: 8,
  findMaxNotes: 64,
  /** Melodic similarity at or above which an upload is offered as a new setting (item 3). */
  duplicateSimilarity: 0.9,
} as const;

/** Messages the library screens show (the spec shows none; ours). */
export const libraryMessages = {
  titleRequired: 'Title is required.',
  typeRequired: 'Please choose the tune type.',
  fileRequired: 'Please choose a BWW or MusicXML file, or paste the music.',
  fileTooLarge: `The file is too large (at most ${withThousands(LIBRARY_LIMITS.fileChars)} characters).`,
  unreadable: 'This file could not be read as pipe music.',
  licenceRequired: 'Please say what licence this setting has.',
  publicNeedsLicence:
    'Only public-domain, CC0 or CC BY music can be shared. Keep it private, or choose a licence that allows sharing.',
  attributionRequired: 'CC BY needs the name to credit.',
  livingComposers:
    'Many pipe tunes have living composers, or composers who died less than 70 years ago: their tunes are in copyright and cannot be shared here without permission. Keep such tunes private.',
  pendingReview: 'Thanks — a curator will check it before it appears in the library.',
  tooManySettings: `You can keep up to ${LIBRARY_LIMITS.settingsPerUser} tunes in the library.`,
  notFound: 'This tune is not in the library.',
  reportThanks: 'Thank you — a curator will look at it.',
  copyrightHidden: 'This setting is hidden while a copyright report is reviewed.',
  findTooShort: `Play at least ${LIBRARY_LIMITS.findMinNotes} notes.`,
} as const;
