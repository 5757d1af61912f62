import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MigrationNotice } from './MigrationNotice.tsx';
import { migrateSettings } from '../storage/migrateSettings.ts';
import { settingsStore } from '../storage/settingsStore.ts';

const TEXT =
  'Your settings have been updated. Please verify your microphone and chanter selections.';

function renderNotice() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <MigrationNotice /> },
      { path: '/settings', element: <p>Settings page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function seedV1() {
  window.localStorage.setItem('settings_schema_version', '1');
  window.localStorage.setItem('battle_preferences', '{"selectedDevice":"m"}');
}

describe('Migration notice', () => {
  it('R-4.BANNER-02 R-9.CONST-44 R-2.3.BANNER-01 appears 500 ms after start while a migration is needed', () => {
    seedV1();
    renderNotice();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(TEXT)).toBeTruthy();
  });

  it('does not appear when no migration is needed', () => {
    renderNotice();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it("R-2.3.BANNER-02 R-4.BANNER-01 'Got it' dismisses it", () => {
    seedV1();
    renderNotice();
    act(() => vi.advanceTimersByTime(500));
    act(() => screen.getByRole('button', { name: 'Got it' }).click());
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(window.localStorage.getItem('migration_notice_dismissed')).toBe('true');
  });

  it("R-2.3.BANNER-03 'Go to Settings' goes to /settings", async () => {
    seedV1();
    const router = renderNotice();
    act(() => vi.advanceTimersByTime(500));
    await act(async () => screen.getByRole('button', { name: 'Go to Settings' }).click());
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('R-4.BANNER-03 upgrading hides it and clears the dismissal', () => {
    seedV1();
    window.localStorage.setItem('migration_notice_dismissed', 'false');
    renderNotice();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText(TEXT)).toBeTruthy();
    act(() => {
      migrateSettings(settingsStore());
    });
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(window.localStorage.getItem('migration_notice_dismissed')).toBeNull();
  });
});
