/**
 * The profile's tutor form as plain values (issue 16 item 5): what the inputs hold, to and from
 * a listing, and the form's field errors from the same schema the server checks with
 * (tutorInputSchema), so the form shows the server's words before it is sent.
 */
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import {
  tutorInputSchema,
  type Tutor,
  type TutorInput,
} from '../../../contracts/directory/tutorRoutes.ts';
import { directoryMessages, type TutorLevel } from '../../../contracts/directory/directoryTerms.ts';

export interface TutorFormValues {
  readonly displayName: string;
  readonly place: Place | null;
  readonly inPerson: boolean;
  readonly online: boolean;
  readonly levels: readonly TutorLevel[];
  readonly qualifications: string;
  /** Comma-separated, as typed. */
  readonly languages: string;
  readonly feeMin: string;
  readonly feeMax: string;
  readonly currency: string;
  readonly description: string;
  readonly website: string;
}

export type TutorFormErrors = Partial<Record<keyof TutorFormValues | 'form', string>>;

export const CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'ZAR', 'CHF'] as const;

export function emptyTutorForm(name = ''): TutorFormValues {
  return {
    displayName: name,
    place: null,
    inPerson: true,
    online: false,
    levels: ['beginner'],
    qualifications: '',
    languages: 'English',
    feeMin: '',
    feeMax: '',
    currency: 'GBP',
    description: '',
    website: '',
  };
}

export function formOfTutor(tutor: Tutor): TutorFormValues {
  return {
    displayName: tutor.displayName,
    place: tutor.place,
    inPerson: tutor.inPerson,
    online: tutor.online,
    levels: tutor.levels,
    qualifications: tutor.qualifications,
    languages: tutor.languages.join(', '),
    feeMin: tutor.fee ? String(tutor.fee.min) : '',
    feeMax: tutor.fee ? String(tutor.fee.max) : '',
    currency: tutor.fee?.currency ?? 'GBP',
    description: tutor.description,
    website: tutor.website ?? '',
  };
}

const whole = (text: string): number | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** The body to send, or the field errors (the schema's own messages) when it would fail. */
export function tutorInputOf(
  values: TutorFormValues,
): { ok: true; input: TutorInput } | { ok: false; errors: TutorFormErrors } {
  if (!values.place) return { ok: false, errors: { place: directoryMessages.placeRequired } };
  const feeMin = whole(values.feeMin);
  const feeMax = whole(values.feeMax);
  // One fee is a fixed price: send it as both ends of the range.
  const input: TutorInput = {
    displayName: values.displayName,
    placeId: values.place.id,
    inPerson: values.inPerson,
    online: values.online,
    levels: [...values.levels],
    qualifications: values.qualifications,
    languages: values.languages
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    feeMin: feeMin ?? feeMax,
    feeMax: feeMax ?? feeMin,
    currency: (feeMin ?? feeMax) ? values.currency : null,
    description: values.description,
    website: values.website,
  };
  const parsed = tutorInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: TutorFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const key = (
      field === 'placeId' ? 'place' : field in values ? field : 'form'
    ) as keyof TutorFormErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
