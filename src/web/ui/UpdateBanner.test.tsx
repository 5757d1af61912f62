import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore } from '../lib/offline/updateStore.ts';
import { UpdateBanner } from './UpdateBanner.tsx';

describe('issue 18.1: the update banner', () => {
  it('issue 18.1: says nothing until a new version waits, inside a live region', () => {
    const store = createUpdateStore();
    render(<UpdateBanner store={store} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it("issue 18.1: 'A new version is ready — Reload'; Reload applies the waiting version once", () => {
    const store = createUpdateStore();
    render(<UpdateBanner store={store} />);
    const apply = vi.fn();
    act(() => store.announce(apply));
    expect(screen.getByRole('status').textContent).toBe('A new version is ready — Reload');
    const reload = screen.getByRole('button', { name: 'Reload' });
    // Nothing is swapped until the piper asks (never under a running exercise).
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(reload);
    fireEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('issue 18.1: the banner moves only for readers who allow motion', () => {
    const css = readFileSync('src/web/ui/appStatus.css', 'utf8');
    const motion = css.indexOf('@media (prefers-reduced-motion: no-preference)');
    expect(motion).toBeGreaterThan(-1);
    expect(css.indexOf('animation')).toBeGreaterThan(motion);
  });
});
