import { useId } from 'react';
import {
  DIRECTORY_LIMITS,
  directoryMessages as m,
} from '../../../contracts/directory/directoryTerms.ts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The browser's first look at a chosen file (the server decides by its bytes). */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return m.logoType;
  if (file.size > DIRECTORY_LIMITS.logoBytesMax) return m.logoSize;
  return null;
}

/** The file's bytes as base64, the way the upload route takes them. */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

interface Props {
  readonly currentUrl: string | null;
  readonly error?: string | undefined;
  readonly onChoose: (file: File | null, problem: string | null) => void;
  readonly onRemove?: (() => void) | undefined;
}

/** A logo upload (issue 16 item 1): PNG, JPEG or WebP up to 2 MB, made a 256 px WebP. */
export function LogoField({ currentUrl, error, onChoose, onRemove }: Props) {
  const id = useId();
  return (
    <div className="site-form-field band-logo-field">
      <label htmlFor={id}>Logo (optional)</label>
      <p className="site-form-hint" id={`${id}-hint`}>
        A PNG, JPEG or WebP image up to 2 MB. We shrink it to 256 pixels and remove its metadata.
      </p>
      {currentUrl && (
        <div className="band-logo-current">
          <img src={currentUrl} alt="The band’s current logo" width={64} height={64} />
          {onRemove && (
            <button type="button" className="button secondary small" onClick={onRemove}>
              Remove the logo
            </button>
          )}
        </div>
      )}
      <input
        id={id}
        type="file"
        accept={LOGO_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          onChoose(file, file ? logoProblem(file) : null);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="site-form-error">
          {error}
        </p>
      )}
    </div>
  );
}
