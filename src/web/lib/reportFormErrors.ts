/**
 * Spec §5 'Validation errors are also reported to monitoring' (R-5.CONTACT-07): one report per
 * refused attempt, naming the form and each failing field's message.
 */
import { reportError } from './monitoring.ts';

export function reportFormErrors(form: string, errors: Readonly<Record<string, string>>): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const error = new Error(`${form} form validation failed: ${Object.values(errors).join(' ')}`);
  error.name = 'ValidationError';
  reportError(error, { source: 'form', form, fields, errors });
}
