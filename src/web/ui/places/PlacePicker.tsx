/**
 * Pick a town from the offline gazetteer (issue 16 item 2): a labelled combobox (WAI-ARIA 1.2
 * 'combobox with listbox popup') that asks the server's /api/places as the piper types, a
 * quarter of a second after the last key, and returns the chosen Place — never free text, so a
 * listing's town always has coordinates. Arrow keys move through the suggestions, Enter picks,
 * Escape closes; typing after a pick clears it (the form then says 'choose the town from the list').
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import { placeRoutes } from '../../../contracts/directory/placeRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { placeLabel } from './placeLabel.ts';
import './placePicker.css';

export interface PlacePickerProps {
  label: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The server's message for this field, shown under it. */
  error?: string | undefined;
  /** ISO country to rank first (e.g. from the browser's locale). */
  country?: string | undefined;
  placeholder?: string;
  required?: boolean;
  /** For tests. */
  fetch?: typeof fetch;
  /** Wait after the last key before asking (ms). */
  debounceMs?: number;
}

/** The region part of the visitor's locale ('en-GB' → 'GB'), to rank their country first. */
export function localeCountry(languages: readonly string[] = []): string | undefined {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

export function PlacePicker({
  label,
  value,
  onChange,
  error,
  country,
  placeholder = 'Start typing a town…',
  required = true,
  fetch: fetchImpl,
  debounceMs = 250,
}: PlacePickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? placeLabel(value) : '');
  const [options, setOptions] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const asked = useRef('');

  // A value set from outside (an edit form loading a band) shows its label.
  useEffect(() => {
    if (value) setText(placeLabel(value));
  }, [value]);

  useEffect(() => {
    const query = text.trim();
    if (!open || query.length < 2 || (value && text === placeLabel(value))) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      asked.current = query;
      void callApi(
        placeRoutes.search,
        { query: { q: query, limit: 8, ...(country ? { country } : {}) } },
        { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
      ).then((result) => {
        if (controller.signal.aborted) return;
        if (result.error) {
          setOptions([]);
          setStatus(result.error.message);
          return;
        }
        setOptions(result.data.places);
        setActive(-1);
        setStatus(
          result.data.places.length === 0
            ? `No town called ‘${query}’ found. Try the nearest bigger town.`
            : `${result.data.places.length} towns found. Use the arrow keys to choose.`,
        );
      });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open, country, fetchImpl, debounceMs, value]);

  function pick(found: Place & { population?: number }) {
    const { population: _population, ...place } = found;
    onChange(place);
    setText(placeLabel(place));
    setOpen(false);
    setOptions([]);
    setActive(-1);
    setStatus(`${placeLabel(place)} chosen.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const expanded = open && options.length > 0;
  return (
    <div className="place-picker site-form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} hidden={!expanded}>
        {options.map((place, index) => (
          <li
            key={place.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place);
            }}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
      <p className="place-picker-status" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p id={`${id}-error`} className="site-form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
