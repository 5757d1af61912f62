/**
 * The band form's state and its conversions (issue 16 item 3: 'the form with every field
 * validated on the server with clear messages'): the same contract schema checks the form
 * before it is sent, so the browser shows the server's own words beside each field, and a
 * refusal from the server ('placeId: …') is put beside the field it names.
 */
import {
  bandInputSchema,
  bandUpdateSchema,
  type Band,
  type BandInput,
  type BandUpdate,
} from '../../../contracts/directory/bandRoutes.ts';
import type {
  BandGrade,
  Recruiting,
  Weekday,
} from '../../../contracts/directory/directoryTerms.ts';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';

export interface PracticeRow {
  readonly day: Weekday;
  readonly start: string;
  readonly end: string;
}

export interface TuneChoice {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
}

export interface BandFormState {
  readonly name: string;
  readonly grade: BandGrade | '';
  readonly association: string;
  readonly branch: string;
  readonly place: Place | null;
  readonly venue: string;
  readonly exactLocation: boolean;
  readonly practice: readonly PracticeRow[];
  readonly recruiting: readonly Recruiting[];
  readonly learnerProgramme: boolean;
  readonly loanerInstruments: boolean;
  readonly uniforms: boolean;
  readonly website: string;
  /** One address a line. */
  readonly socials: string;
  readonly description: string;
  /** Empty on an edit: the stored address is kept (it is never sent to the browser). */
  readonly contactEmail: string;
  readonly tunes: readonly TuneChoice[];
}

export const emptyBandForm: BandFormState = {
  name: '',
  grade: '',
  association: '',
  branch: '',
  place: null,
  venue: '',
  exactLocation: false,
  practice: [{ day: 'tue', start: '19:30', end: '21:30' }],
  recruiting: [],
  learnerProgramme: false,
  loanerInstruments: false,
  uniforms: false,
  website: '',
  socials: '',
  description: '',
  contactEmail: '',
  tunes: [],
};

/** The form filled from a band its manager is editing. */
export function formFromBand(band: Band): BandFormState {
  return {
    name: band.name,
    grade: band.grade,
    association: band.association ?? '',
    branch: band.branch ?? '',
    place: band.place,
    venue: band.venue ?? '',
    exactLocation: band.exactLocation,
    practice: band.practice,
    recruiting: band.recruiting,
    learnerProgramme: band.learnerProgramme,
    loanerInstruments: band.loanerInstruments,
    uniforms: band.uniforms,
    website: band.website ?? '',
    socials: band.socials.join('\n'),
    description: band.description,
    contactEmail: '',
    tunes: band.tunes,
  };
}

function inputOf(form: BandFormState) {
  return {
    name: form.name,
    // An unchosen grade and town go to the schema as missing, so its messages say so.
    grade: form.grade || undefined,
    association: form.association,
    branch: form.branch,
    placeId: form.place?.id,
    venue: form.venue,
    exactLocation: form.exactLocation,
    practice: [...form.practice],
    recruiting: [...form.recruiting],
    learnerProgramme: form.learnerProgramme,
    loanerInstruments: form.loanerInstruments,
    uniforms: form.uniforms,
    website: form.website,
    socials: form.socials
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    description: form.description,
    contactEmail: form.contactEmail,
    tuneIds: form.tunes.map((t) => t.id),
  };
}

export type FieldErrors = Partial<
  Record<keyof ReturnType<typeof inputOf> | 'logo' | 'email' | 'form', string>
>;

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors;
}

/** Registration: the whole input, or the message for each field that is wrong. */
export function checkNewBand(
  form: BandFormState,
): { ok: true; input: BandInput } | { ok: false; errors: FieldErrors } {
  const parsed = bandInputSchema.safeParse(inputOf(form));
  if (parsed.success) return { ok: true, input: inputOf(form) as BandInput };
  return { ok: false, errors: errorsOf(parsed.error.issues) };
}

/** An edit: every field but the contact address, which is sent only when a new one is typed. */
export function checkBandEdit(
  form: BandFormState,
): { ok: true; input: BandUpdate } | { ok: false; errors: FieldErrors } {
  const { contactEmail, ...rest } = inputOf(form);
  const input = contactEmail.trim() ? { ...rest, contactEmail } : rest;
  const parsed = bandUpdateSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: input as BandUpdate };
  return { ok: false, errors: errorsOf(parsed.error.issues) };
}

const FIELD_PREFIX = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/s;

/** A refusal from the server: 'placeId: …' goes beside the town, anything else above the form. */
export function serverErrors(message: string): FieldErrors {
  const match = FIELD_PREFIX.exec(message);
  if (match) return { [match[1]!]: match[2]! } as FieldErrors;
  return { form: message };
}
