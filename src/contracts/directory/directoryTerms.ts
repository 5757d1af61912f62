/**
 * The band finder's and tutor directory's vocabulary and rules (issue 16), shared by the server,
 * the directory screens and the moderation page. No zod here: the words and numbers only.
 */

/** Competition grades as pipe band associations name them (RSPBA and its branches abroad). */
export const BAND_GRADES = [
  'grade-1',
  'grade-2',
  'grade-3',
  'grade-4',
  'grade-5',
  'juvenile',
  'novice-juvenile',
  'non-competing',
] as const;
export type BandGrade = (typeof BAND_GRADES)[number];
export const BAND_GRADE_LABELS: Record<BandGrade, string> = {
  'grade-1': 'Grade 1',
  'grade-2': 'Grade 2',
  'grade-3': 'Grade 3',
  'grade-4': 'Grade 4',
  'grade-5': 'Grade 5',
  juvenile: 'Juvenile',
  'novice-juvenile': 'Novice Juvenile',
  'non-competing': 'Non-competing',
};

/** Issue 16 item 1: what a band is recruiting. */
export const RECRUITING = ['pipers', 'snare', 'tenor', 'bass', 'learners'] as const;
export type Recruiting = (typeof RECRUITING)[number];
export const RECRUITING_LABELS: Record<Recruiting, string> = {
  pipers: 'Pipers',
  snare: 'Snare drummers',
  tenor: 'Tenor drummers',
  bass: 'Bass drummer',
  learners: 'Learners',
};

/** Practice nights, ISO order (Monday first), as stored. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Issue 16 item 5: what a tutor teaches. */
export const TUTOR_LEVELS = ['beginner', 'intermediate', 'advanced', 'competition'] as const;
export type TutorLevel = (typeof TUTOR_LEVELS)[number];
export const TUTOR_LEVEL_LABELS: Record<TutorLevel, string> = {
  beginner: 'Beginners (practice chanter)',
  intermediate: 'Intermediate (first tunes, onto the pipes)',
  advanced: 'Advanced (full repertoire, piobaireachd)',
  competition: 'Competition preparation',
};

/**
 * A listing's life: new listings wait for a moderator ('pending'); 'public' is listed;
 * 'rejected' carries the reason mailed to the registrant; 'hidden' was taken down by a moderator
 * or a report and can be restored. Unconfirmed for CONFIRM_AFTER_DAYS → not listed (computed
 * from `confirmedAt`, not a status, so confirming brings it straight back).
 */
export const LISTING_STATUSES = ['pending', 'public', 'rejected', 'hidden'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_KINDS = ['band', 'tutor'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** 'Report this listing' reasons. */
export const LISTING_REPORT_REASONS = [
  'wrong',
  'closed',
  'inappropriate',
  'spam',
  'other',
] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];
export const LISTING_REPORT_LABELS: Record<ListingReportReason, string> = {
  wrong: 'The details are wrong',
  closed: 'The band or tutor no longer exists',
  inappropriate: 'Inappropriate content',
  spam: 'Spam or advertising',
  other: 'Something else',
};

export const DIRECTORY_LIMITS = {
  nameMax: 120,
  textMax: 200,
  descriptionMax: 2_000,
  urlMax: 300,
  socialMax: 5,
  practiceMax: 7,
  tunesMax: 100,
  managersMax: 10,
  languagesMax: 10,
  reasonMax: 1_000,
  /** Logo uploads: PNG, JPEG or WebP, at most 2 MiB, re-encoded to a 256 px WebP on the server. */
  logoBytesMax: 2 * 1024 * 1024,
  logoSizePx: 256,
  /** Search radius choices (km) and the default. */
  radiiKm: [10, 25, 50, 100, 250, 500] as const,
  defaultRadiusKm: 50,
  /** Results per search page; the map's markers endpoint returns every public band. */
  searchMax: 200,
  /** Bands one user may register (a band with many branches registers each). */
  bandsPerUser: 10,
  /** Venues not shown exactly are rounded to 0.01° (≈ 1.1 km north–south). */
  roundDegrees: 0.01,
  /** Listings unconfirmed this long are hidden; the reminder goes a month before. */
  confirmAfterDays: 365,
  remindBeforeDays: 30,
  /** A co-manager invitation link lasts a week. */
  inviteDays: 7,
  /** Place search: at most this many suggestions. */
  placesMax: 10,
} as const;

export const directoryMessages = {
  nameRequired: 'Please enter the band’s name.',
  tutorNameRequired: 'Please enter the name pupils will know you by.',
  gradeRequired: 'Please choose the band’s grade.',
  placeRequired: 'Please choose the town from the list.',
  placeUnknown: 'We could not find that town. Please choose it from the list.',
  venueRequired: 'Please enter where the band practises.',
  contactRequired: 'Please enter an email address the band reads.',
  contactInvalid: 'Please enter a valid email address.',
  urlInvalid: 'Please enter a full web address starting with https://',
  practiceTime: 'Practice times are written like 19:30, and end after they start.',
  tutorFormat: 'Please say whether you teach in person, online or both.',
  tutorLevels: 'Please choose at least one level you teach.',
  feeRange: 'The lowest fee must not be more than the highest.',
  logoType: 'The logo must be a PNG, JPEG or WebP image.',
  logoSize: 'The logo must be 2 MB or smaller.',
  logoUnreadable: 'We could not read that image. Please try another file.',
  tooManyBands: 'You manage as many bands as one account may register.',
  notManager: 'Only the band’s managers can change it.',
  notFound: 'We could not find that band. It may have been removed or not yet approved.',
  tutorNotFound: 'We could not find that tutor.',
  inviteInvalid: 'This invitation link is not valid any more. Ask the band to invite you again.',
  inviteWrongAccount: 'This invitation was sent to a different email address.',
  pending: 'Thank you! Your listing will appear once a moderator has checked it.',
  reportThanks: 'Thank you. A moderator will look at this listing.',
  rejectReasonRequired: 'Please give the registrant a reason.',
} as const;
