/**
 * One labelled text field of a site form (contact, feature request, …): input or textarea,
 * its error linked by aria-describedby and marked aria-invalid. Styles in siteForm.css.
 */
export interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
}

export function FormField({
  id,
  name,
  label,
  value,
  error,
  onChange,
  multiline = false,
  required = true,
  type = 'text',
  autoComplete = 'off',
}: FormFieldProps) {
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required ? true : undefined,
  } as const;
  return (
    <div className="site-form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="site-form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
