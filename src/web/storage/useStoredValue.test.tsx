import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useStorageStats } from './useStorageStats.ts';
import { keys } from './keys.ts';
import { createSettingsStore, type SettingsStore } from './settingsStore.ts';
import { useStoredValue } from './useStoredValue.ts';

function Shown({ store }: { store: SettingsStore }) {
  const [name] = useStoredValue(keys.chanterName, store);
  const stats = useStorageStats(store);
  return (
    <p>
      {name} · {stats.totalKeys}
    </p>
  );
}

afterEach(() => localStorage.clear());

describe('issue 21.1: stored settings hydrate the prerendered first view without a mismatch', () => {
  it('issue 21.1: the first client render shows the defaults the server had, then the stored values', async () => {
    // The build renders with no storage; this browser has a chanter stored.
    const html = renderToString(<Shown store={createSettingsStore(null)} />);
    const browserStore = createSettingsStore(localStorage);
    browserStore.write(keys.chanterName, 'My Chanter');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Shown store={browserStore} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toMatch(/^My Chanter · [1-9]/);
  });
});
