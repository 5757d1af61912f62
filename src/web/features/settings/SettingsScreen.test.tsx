import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsScreen from './SettingsScreen.tsx';
import * as health from '../../storage/storageHealth.ts';
import * as migrator from '../../storage/loadMigrator.ts';
import { initialsMessages } from '../../../contracts/initials.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function mockDevices(devices: { deviceId: string; label: string; kind?: string }[]) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      enumerateDevices: () =>
        Promise.resolve(devices.map((d) => ({ kind: 'audioinput', groupId: '', ...d }))),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}

function status(section: string): string {
  const region = screen.getByRole('region', { name: section });
  return region.querySelector('[role="status"]')?.textContent ?? '';
}

beforeEach(() => {
  window.localStorage.clear();
  mockDevices([]);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Settings', () => {
  it('R-2.3.SETTINGS-01 R-1.ACCOUNTS-04 shows the local user id, read-only', async () => {
    render(<SettingsScreen />);
    const input = screen.getByLabelText('User ID') as HTMLInputElement;
    await waitFor(() => expect(input.value).toMatch(UUID));
    expect(input.readOnly).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('local_user_uuid')!)).toBe(input.value);
  });

  it('R-2.3.SETTINGS-02 R-2.3.SETTINGS-03 initials: at most 3 characters, upper-cased', async () => {
    const user = userEvent.setup();
    render(<SettingsScreen />);
    const input = screen.getByLabelText('Initials') as HTMLInputElement;
    // Counted by grapheme (issue 13.11), not by maxLength's UTF-16 units.
    expect(input.maxLength).toBe(-1);
    await user.type(input, 'jmx');
    expect(input.value).toBe('JMX');
    expect(window.localStorage.getItem('user_initials')).toBe('"JMX"');
    fireEvent.change(input, { target: { value: 'abcdef' } });
    expect(input.value).toBe('ABC');
    const flag = '\u{1F1EC}\u{1F1E7}';
    fireEvent.change(input, { target: { value: `${flag}${flag}${flag}${flag}` } });
    expect(input.value).toBe(`${flag}${flag}${flag}`);
  });

  it('issue 13.11: a bidirectional control is not kept, and the field says why', () => {
    render(<SettingsScreen />);
    const input = screen.getByLabelText('Initials') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'AB' } });
    fireEvent.change(input, { target: { value: 'AB\u202E' } });
    expect(screen.getByText(initialsMessages.invalid).getAttribute('role')).toBe('alert');
    expect(window.localStorage.getItem('user_initials')).toBe('"AB"');
  });

  it("R-2.3.SETTINGS-04 with no microphones the select shows 'No devices found'", async () => {
    render(<SettingsScreen />);
    const select = screen.getByLabelText('Microphone') as HTMLSelectElement;
    await waitFor(() => expect(select.textContent).toBe('No devices found'));
  });

  it("R-2.3.SETTINGS-05 R-2.3.SETTINGS-06 options show the label, or 'Microphone' and 5 characters of the id", async () => {
    mockDevices([
      { deviceId: 'abc123456789', label: 'USB Chanter Mic' },
      { deviceId: 'f00ba7deadbeef', label: '' },
      { deviceId: 'cam', label: 'Camera', kind: 'videoinput' },
    ]);
    const user = userEvent.setup();
    render(<SettingsScreen />);
    const select = screen.getByLabelText('Microphone') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'System default',
      'USB Chanter Mic',
      'Microphone f00ba',
    ]);
    await user.selectOptions(select, 'f00ba7deadbeef');
    expect(window.localStorage.getItem('global_selected_device')).toBe('"f00ba7deadbeef"');
  });

  it('R-2.3.SETTINGS-07 the chanter select offers Standard, Keyboard and saved chanters, and syncs the id', async () => {
    window.localStorage.setItem('custom_chanters', '[{"id":"c-7","name":"My Naill"}]');
    const user = userEvent.setup();
    render(<SettingsScreen />);
    const select = screen.getByLabelText('Chanter') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Standard', 'Keyboard', 'My Naill']);
    await user.selectOptions(select, 'My Naill');
    expect(window.localStorage.getItem('global_selected_chanter_id')).toBe('"c-7"');
  });

  it('R-2.3.SETTINGS-08 R-8.SETMSG-01 R-8.SETMSG-15 export downloads the backup and says so for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    render(<SettingsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Settings' }));
    expect(click).toHaveBeenCalled();
    expect(status('Backup & Restore')).toBe('Settings exported successfully.');
    act(() => vi.advanceTimersByTime(2900));
    expect(status('Backup & Restore')).toBe('Settings exported successfully.');
    act(() => vi.advanceTimersByTime(200));
    expect(status('Backup & Restore')).toBe('');
  });

  it('R-8.SETMSG-02 a failed export says so', () => {
    Object.assign(URL, {
      createObjectURL: () => {
        throw new Error('no');
      },
    });
    render(<SettingsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Settings' }));
    expect(status('Backup & Restore')).toBe('Failed to export settings.');
  });

  it('R-2.3.SETTINGS-09 R-5.RESTORE-02 R-5.RESTORE-01 R-8.SETMSG-03 R-8.SETMSG-15 import messages; errors clear after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<SettingsScreen />);
    const importButton = screen.getByRole('button', { name: 'Import Settings' });
    await act(async () => fireEvent.click(importButton));
    expect(status('Backup & Restore')).toBe('No file selected.');
    act(() => vi.advanceTimersByTime(4900));
    expect(status('Backup & Restore')).toBe('No file selected.');
    act(() => vi.advanceTimersByTime(200));
    expect(status('Backup & Restore')).toBe('');
    const input = screen.getByLabelText('Settings file to import') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['nope'], 'x.json')] } });
    await act(async () => fireEvent.click(importButton));
    expect(status('Backup & Restore')).toBe('Invalid settings file format.');
    fireEvent.change(input, {
      target: { files: [new File(['{"user_initials":"ZZ"}'], 'x.json')] },
    });
    await act(async () => fireEvent.click(importButton));
    expect(status('Backup & Restore')).toBe('Settings imported successfully.');
    expect((screen.getByLabelText('Initials') as HTMLInputElement).value).toBe('ZZ');
  });

  it('R-8.SETMSG-04 a file that cannot be read gives Error reading file.', async () => {
    render(<SettingsScreen />);
    const input = screen.getByLabelText('Settings file to import') as HTMLInputElement;
    const broken = new File(['{}'], 'x.json');
    Object.defineProperty(broken, 'text', { value: () => Promise.reject(new Error('io')) });
    fireEvent.change(input, { target: { files: [broken] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import Settings' })));
    expect(status('Backup & Restore')).toBe('Error reading file.');
  });

  it('R-2.3.SETTINGS-10 R-9.SETTINGS-01 R-8.SETMSG-05 delete all asks with the exact text, then deletes', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('global_gain', '2');
    render(<SettingsScreen />);
    await user.click(screen.getByRole('button', { name: 'Delete All Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete all settings' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete all settings? This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem('global_gain')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Delete All Settings' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(window.localStorage.getItem('global_gain')).toBeNull();
    expect(status('Backup & Restore')).toBe('All settings have been deleted.');
  });

  it('R-8.SETMSG-06 a failed delete says so', async () => {
    const user = userEvent.setup();
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(() => {
      throw new Error('locked');
    });
    render(<SettingsScreen />);
    await user.click(screen.getByRole('button', { name: 'Delete All Settings' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(status('Backup & Restore')).toBe('Failed to delete settings.');
  });

  it('R-2.3.SETTINGS-11 R-2.3.SETTINGS-12 a floating notice points to Advanced Settings and can be dismissed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<SettingsScreen />);
    const notice = screen.getByRole('complementary', { name: 'Advanced Settings tip' });
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('#advanced-settings');
    await user.click(screen.getByRole('button', { name: 'Dismiss tip' }));
    expect(screen.queryByRole('complementary', { name: 'Advanced Settings tip' })).toBeNull();
    unmount();
    render(<SettingsScreen />);
    expect(screen.queryByRole('complementary', { name: 'Advanced Settings tip' })).toBeNull();
  });

  it('R-2.3.SETTINGS-13 R-3.HEALTH-01 the health check lists corrupt keys', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('global_gain', '{"x"');
    render(<SettingsScreen />);
    await user.click(screen.getByRole('button', { name: 'Check Storage Health' }));
    const region = screen.getByRole('region', { name: 'Advanced Settings' });
    expect(region.textContent).toContain('global_gain: Value looks truncated');
  });

  it('R-2.3.SETTINGS-14 R-3.STATS-01 usage shows the largest keys', () => {
    window.localStorage.setItem('big_thing', JSON.stringify('x'.repeat(2000)));
    render(<SettingsScreen />);
    const table = screen.getByRole('table', { name: 'Largest items' });
    expect(table.querySelector('tbody tr td')?.textContent).toBe('big_thing');
  });

  it('R-2.3.SETTINGS-15 R-2.3.SETTINGS-16 R-8.SETMSG-11 R-8.SETMSG-12 repair messages and the recovery log table', async () => {
    const user = userEvent.setup();
    render(<SettingsScreen />);
    expect(screen.getByText('No recoveries so far.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Repair Storage' }));
    expect(status('Advanced Settings')).toBe('Storage is already healthy, no repairs needed.');
    act(() => {
      window.localStorage.setItem('global_gain', 'abc');
      window.localStorage.setItem('junk', 'undefined');
    });
    await user.click(screen.getByRole('button', { name: 'Repair Storage' }));
    expect(status('Advanced Settings')).toBe('Successfully repaired 2 corrupted storage items.');
    const log = screen.getByRole('table', { name: 'Storage recoveries, newest first' });
    expect(log.textContent).toContain('Repaired 2 corrupted storage item(s)');
  });

  it('R-8.SETMSG-13 R-8.SETMSG-14 partial and failed repairs', async () => {
    const user = userEvent.setup();
    render(<SettingsScreen />);
    const repair = vi.spyOn(health, 'repairStorage');
    repair.mockReturnValueOnce({ repaired: 1, stillCorrupt: 2, emergency: true });
    await user.click(screen.getByRole('button', { name: 'Repair Storage' }));
    expect(status('Advanced Settings')).toBe(
      'Repair partially successful. 2 items still corrupted.',
    );
    repair.mockImplementationOnce(() => {
      throw new Error('denied');
    });
    await user.click(screen.getByRole('button', { name: 'Repair Storage' }));
    expect(status('Advanced Settings')).toBe('Failed to repair storage: denied');
  });

  it('R-2.3.SETTINGS-17 R-2.3.SETTINGS-18 the upgrade is disabled when current', () => {
    render(<SettingsScreen />);
    const button = screen.getByRole('button', { name: 'Upgrade Settings' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Settings version' }).textContent).toContain(
      'Your settings use version 2, the latest.',
    );
  });

  it('R-2.3.SETTINGS-17 R-2.3.SETTINGS-18 R-8.SETMSG-10 upgrading v1 shows both versions and the success message', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('settings_schema_version', '1');
    window.localStorage.setItem(
      'blaster_preferences',
      '{"selectedDevice":"m1","selectedChanter":"Keyboard"}',
    );
    render(<SettingsScreen />);
    const button = screen.getByRole('button', {
      name: 'Upgrade Settings (v1 → v2)',
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.getByRole('region', { name: 'Settings version' }).textContent).toContain(
      'Your settings use version 1. Version 2',
    );
    await user.click(button);
    await waitFor(() =>
      expect(status('Settings version')).toBe(
        'Successfully upgraded settings (1 migration(s) applied).',
      ),
    );
    expect((screen.getByLabelText('Chanter') as HTMLSelectElement).value).toBe('Keyboard');
    expect(
      (screen.getByRole('button', { name: 'Upgrade Settings' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('R-8.SETMSG-07 R-8.SETMSG-08 R-8.SETMSG-09 already latest, migration failed and upgrade failed', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('settings_schema_version', '1');
    render(<SettingsScreen />);
    const load = vi.spyOn(migrator, 'loadMigrator');
    const click = () => user.click(screen.getByRole('button', { name: /^Upgrade Settings/ }));
    load.mockResolvedValueOnce(() => ({ success: true, migrationsApplied: 0 }));
    await click();
    await waitFor(() =>
      expect(status('Settings version')).toBe('Settings are already at the latest version.'),
    );
    load.mockResolvedValueOnce(() => ({
      success: false,
      migrationsApplied: 0,
      error: "step 'merge chanter' failed: x",
    }));
    await click();
    await waitFor(() =>
      expect(status('Settings version')).toBe("Migration failed: step 'merge chanter' failed: x"),
    );
    load.mockRejectedValueOnce(new Error('offline'));
    await click();
    await waitFor(() => expect(status('Settings version')).toBe('Upgrade failed: offline'));
  });

  it("issue 22.12: the piper's settings come first; the maintenance tools sit under a closed 'Advanced' disclosure", () => {
    render(<SettingsScreen />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 4)).toEqual([
      'Microphone and chanter',
      'User',
      'Practice defaults',
      'Backup & Restore',
    ]);
    // The microphone, gain, chanter and initials all come before the user ID.
    const order = ['Microphone', 'Input gain', 'Chanter', 'Initials', 'User ID'].map((label) =>
      screen.getByLabelText(label),
    );
    for (let i = 1; i < order.length; i++)
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    const summary = screen.getByText('Advanced', { selector: 'summary *' });
    const disclosure = summary.closest('details')!;
    expect(disclosure.open).toBe(false);
    for (const name of ['Settings version', 'Advanced Settings'])
      expect(disclosure.contains(screen.getByRole('region', { name }))).toBe(true);
    expect(disclosure.contains(screen.getByLabelText('Initials'))).toBe(false);
  });

  it('issue 22.12: Advanced starts open when the settings need an upgrade', () => {
    window.localStorage.setItem('settings_schema_version', '1');
    render(<SettingsScreen />);
    expect(screen.getByText('Advanced', { selector: 'summary *' }).closest('details')!.open).toBe(
      true,
    );
  });

  it('issue 22.12: the tip opens Advanced before taking the piper there', async () => {
    const user = userEvent.setup();
    Element.prototype.scrollIntoView = vi.fn();
    render(<SettingsScreen />);
    await user.click(screen.getByRole('link', { name: 'Advanced Settings' }));
    expect(screen.getByText('Advanced', { selector: 'summary *' }).closest('details')!.open).toBe(
      true,
    );
  });

  it("issue 14.5: 'The pipes, drones going' is stored for every listening screen; a practice chanter is the default", () => {
    render(<SettingsScreen />);
    const group = screen.getByRole('group', { name: 'I am playing' });
    expect((within(group).getByLabelText('A practice chanter') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(group).getByLabelText('The pipes, drones going'));
    expect(window.localStorage.getItem('input_instrument')).toBe('"pipes"');
    fireEvent.click(within(group).getByLabelText('A practice chanter'));
    expect(window.localStorage.getItem('input_instrument')).toBe('"chanter"');
  });

  it('issue 22.12: input gain and practice defaults are stored where the screens read them', () => {
    render(<SettingsScreen />);
    fireEvent.change(screen.getByLabelText('Input gain'), { target: { value: '4.5' } });
    expect(window.localStorage.getItem('global_gain')).toBe('4.5');
    fireEvent.click(screen.getByLabelText('Play drones with tunes'));
    fireEvent.change(screen.getByLabelText('Drone volume'), { target: { value: '0.6' } });
    fireEvent.click(screen.getByLabelText('Count in one bar of clicks before a tune'));
    expect(
      JSON.parse(window.localStorage.getItem('sheet_music_preferences') ?? '{}'),
    ).toMatchObject({ drones: true, droneVolume: 0.6, countIn: false });
  });

  it('a change made in another tab shows at once', async () => {
    render(<SettingsScreen />);
    act(() => {
      window.localStorage.setItem('user_initials', '"QQ"');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'user_initials', storageArea: window.localStorage }),
      );
    });
    expect((screen.getByLabelText('Initials') as HTMLInputElement).value).toBe('QQ');
  });
});

describe('issue 18.2 settings link to the practice history', () => {
  it('issue 18.2: Settings points to Progress for the practice history', () => {
    render(<SettingsScreen />);
    expect(screen.getByRole('link', { name: 'Progress' }).getAttribute('href')).toBe('/progress');
  });
});
