import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MICROPHONE_MESSAGES } from '../../../audio/microphone.ts';
import { keys } from '../../storage/keys.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import MicrophoneHelpScreen from './MicrophoneHelpScreen.tsx';

const stream = { getTracks: () => [{ stop: vi.fn() }] };

function fakeMedia(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(getUserMedia),
      enumerateDevices: vi.fn(() =>
        Promise.resolve([
          { kind: 'audioinput', deviceId: 'abcdef123', label: '' },
          { kind: 'audioinput', deviceId: 'usb-1', label: 'USB Chanter Mic' },
          { kind: 'videoinput', deviceId: 'cam', label: 'Camera' },
        ]),
      ),
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

async function findMicrophones() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Find Microphones' }));
    await Promise.resolve();
  });
}

describe('MicrophoneHelpScreen', () => {
  it('R-2.3.MICHELP-01 R-2.3.MICHELP-09 R-2.3.MICHELP-10 has the two topics, tips and the help-page button', () => {
    fakeMedia(() => Promise.resolve(stream));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<MicrophoneHelpScreen />);
    expect(screen.getByRole('heading', { name: 'Basic Setup' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Advanced Troubleshooting' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(3);
    fireEvent.click(screen.getByRole('button', { name: 'Open the full help page' }));
    // jsdom's user agent names Linux and no browser of the list.
    expect(open).toHaveBeenCalledWith('/MicrophoneHelp.html#linux', '_blank', 'noopener');
  });

  it.each([
    [
      'Windows Edge',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      '/MicrophoneHelp.html#windows-edge',
    ],
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      '/MicrophoneHelp.html#ios-safari',
    ],
    [
      'Linux Chromium',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      '/MicrophoneHelp.html#linux-chrome',
    ],
  ])(
    "issue 13.14 R-2.3.MICHELP-10 R-2.3.MICHELP-11 Advanced Troubleshooting opens the visitor's section (%s), like How to Fix",
    (_name, userAgent, expected) => {
      fakeMedia(() => Promise.resolve(stream));
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      render(<MicrophoneHelpScreen />);
      fireEvent.click(screen.getByRole('button', { name: 'Open the full help page' }));
      expect(open).toHaveBeenCalledWith(expected, '_blank', 'noopener');
    },
  );

  it('R-2.3.MICHELP-02 R-2.3.MICHELP-03 R-4.MICTEST-04 lists the found devices and saves the choice', async () => {
    fakeMedia(() => Promise.resolve(stream));
    render(<MicrophoneHelpScreen />);
    const select = screen.getByLabelText('Microphone') as HTMLSelectElement;
    const start = screen.getByRole('button', { name: 'Start Test' }) as HTMLButtonElement;
    expect(select.disabled).toBe(true);
    expect(start.disabled).toBe(true);
    await findMicrophones();
    expect(select.disabled).toBe(false);
    expect(start.disabled).toBe(false);
    const names = [...select.options].map((o) => o.textContent);
    expect(names).toEqual(['System default', 'Microphone abcde', 'USB Chanter Mic']);
    fireEvent.change(select, { target: { value: 'usb-1' } });
    expect(settingsStore().read(keys.microphone)).toBe('usb-1');
    fireEvent.change(select, { target: { value: '' } });
    expect(settingsStore().read(keys.microphone)).toBeNull();
  });

  it('R-2.3.MICHELP-05 the gain slider steps by 0.1 from 0.5 and is saved', () => {
    fakeMedia(() => Promise.resolve(stream));
    render(<MicrophoneHelpScreen />);
    const gain = screen.getByLabelText('Input gain') as HTMLInputElement;
    expect(gain.step).toBe('0.1');
    expect(gain.min).toBe('0.5');
    fireEvent.change(gain, { target: { value: '2.3' } });
    expect(settingsStore().read(keys.gain)).toBe(2.3);
  });

  it('R-2.3.MICHELP-06 R-2.3.MICHELP-07 R-8.MIC-09 an error shows its §8 message and How to Fix', async () => {
    fakeMedia(() => Promise.reject(Object.assign(new Error('x'), { name: 'NotAllowedError' })));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Firefox/133.0',
    );
    render(<MicrophoneHelpScreen />);
    expect(screen.queryByRole('button', { name: 'How to Fix' })).toBeNull();
    await findMicrophones();
    expect(screen.getByRole('alert').textContent).toContain(MICROPHONE_MESSAGES.denied);
    expect(screen.getByText('Error code: NotAllowedError')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'How to Fix' }));
    expect(open).toHaveBeenCalledWith('/MicrophoneHelp.html#linux-firefox', '_blank', 'noopener');
  });

  it('R-4.MICTEST-01 R-4.MICTEST-02 Start Test asks for the chosen microphone; Stop Test goes back', async () => {
    fakeMedia(() => Promise.resolve(stream));
    const node = () => ({ connect: vi.fn(), disconnect: vi.fn() });
    class FakeAudioContext {
      state = 'running';
      resume = () => Promise.resolve();
      close = vi.fn(() => Promise.resolve());
      createMediaStreamSource = node;
      createGain = () => ({ ...node(), gain: { value: 1 } });
      createBiquadFilter = () => ({
        ...node(),
        type: '',
        frequency: { value: 0 },
        Q: { value: 0 },
      });
      createAnalyser = () => ({
        ...node(),
        fftSize: 0,
        smoothingTimeConstant: 0,
        getFloatTimeDomainData: (a: Float32Array) => a.fill(0.1),
      });
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    settingsStore().write(keys.microphone, 'usb-1');
    render(<MicrophoneHelpScreen />);
    await findMicrophones();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start Test' }));
      await Promise.resolve();
    });
    const gum = navigator.mediaDevices.getUserMedia as ReturnType<typeof vi.fn>;
    expect(gum.mock.calls.at(-1)?.[0]).toMatchObject({ audio: { deviceId: { exact: 'usb-1' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Test' }));
    expect(screen.getByRole('button', { name: 'Start Test' })).toBeTruthy();
    vi.unstubAllGlobals();
    settingsStore().write(keys.microphone, null);
  });
});
