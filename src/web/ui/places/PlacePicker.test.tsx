import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Place } from '../../../contracts/directory/directorySchemas.ts';
import { localeCountry, PlacePicker } from './PlacePicker.tsx';
import { placeLabel } from './placeLabel.ts';

const perth = { id: 2640358, name: 'Perth', country: 'GB', region: 'SCT', lat: 56.4, lon: -3.4 };
const perthWa = { id: 2063523, name: 'Perth', country: 'AU', region: '08', lat: -31.9, lon: 115.9 };

function fakeFetch(places: Place[]) {
  return vi.fn(async (_url: RequestInfo | URL) =>
    Response.json({ data: { places: places.map((p) => ({ ...p, population: 1 })) } }),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}

function Harness({
  fetchImpl,
  onPick,
}: {
  fetchImpl: typeof fetch;
  onPick: (p: Place | null) => void;
}) {
  const [value, setValue] = useState<Place | null>(null);
  return (
    <PlacePicker
      label="Town"
      value={value}
      fetch={fetchImpl}
      country="GB"
      debounceMs={0}
      onChange={(place) => {
        setValue(place);
        onPick(place);
      }}
    />
  );
}

describe('PlacePicker (issue 16.2: towns from the offline gazetteer)', () => {
  it('issue 16.2: names places as pipers do, with the UK nation', () => {
    expect(placeLabel(perth)).toBe('Perth, Scotland, United Kingdom');
    expect(placeLabel(perthWa)).toBe('Perth, Australia');
    expect(localeCountry(['en-GB', 'en'])).toBe('GB');
    expect(localeCountry(['fr'])).toBeUndefined();
  });

  it('issue 16.2: asks the server as the piper types and picks a town with the keyboard', async () => {
    const fetchImpl = fakeFetch([perth, perthWa]);
    const onPick = vi.fn();
    render(<Harness fetchImpl={fetchImpl} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Town' });
    fireEvent.change(input, { target: { value: 'pert' } });
    expect(
      await screen.findByRole('option', { name: 'Perth, Scotland, United Kingdom' }),
    ).toBeTruthy();
    const url = String(fetchImpl.mock.calls[0]![0]);
    expect(url).toContain('/api/places?');
    expect(url).toContain('q=pert');
    expect(url).toContain('country=GB');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toMatch(/option-1$/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(perthWa);
    expect((input as HTMLInputElement).value).toBe('Perth, Australia');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    // Typing again un-picks: the form can never keep a label without its place.
    await act(async () => {
      fireEvent.change(input, { target: { value: 'Perth, Austral' } });
    });
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('issue 16.2: says plainly when no town matches, and shows the form’s error', async () => {
    const fetchImpl = fakeFetch([]);
    render(
      <PlacePicker
        label="Town"
        value={null}
        onChange={() => {}}
        fetch={fetchImpl}
        debounceMs={0}
        error="Please choose the town from the list."
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Town' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please choose the town from the list.').id).toBe(
      input.getAttribute('aria-describedby'),
    );
    fireEvent.change(input, { target: { value: 'Qwxz' } });
    expect(await screen.findByText(/No town called ‘Qwxz’ found/)).toBeTruthy();
  });
});
