import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMetronomeEngine,
  type MetronomeContextLike,
  type MetronomeEngine,
} from '../../../audio/metronomeEngine.ts';
import { fakeClock } from '../../../audio/testing/fakeClock.ts';
import { FakeStorage } from '../../storage/fakeStorage.ts';
import { keys } from '../../storage/keys.ts';
import { createSettingsStore, type SettingsStore } from '../../storage/settingsStore.ts';
import { HAPTICS_CONFIRM, isSafari } from './hapticsConfirm.ts';
import MetronomeScreen from './MetronomeScreen.tsx';

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Just enough Web Audio for the engine; its clock is the fake timer clock. */
function fakeContext(clock: ReturnType<typeof fakeClock>): MetronomeContextLike {
  const node = () => ({ connect: () => undefined, disconnect: () => undefined });
  const param = () => ({
    value: 0,
    setValueAtTime: () => undefined,
    linearRampToValueAtTime: () => undefined,
    cancelScheduledValues: () => undefined,
  });
  const src = () => ({ ...node(), onended: null, start: () => undefined, stop: () => undefined });
  return {
    get currentTime() {
      return clock.now() / 1000;
    },
    state: 'running',
    destination: node(),
    createOscillator: () => ({
      ...src(),
      type: 'sine',
      frequency: param(),
      setPeriodicWave: () => undefined,
    }),
    createGain: () => ({ ...node(), gain: param() }),
    createBufferSource: () => ({ ...src(), buffer: null }),
    decodeAudioData: async () => ({ duration: 0.2 }),
    resume: async () => undefined,
  };
}

function setup(options: { userAgent?: string; confirm?: (m: string) => boolean } = {}) {
  const clock = fakeClock(0);
  const fetch = vi.fn(async () => ({
    ok: true,
    status: 200,
    arrayBuffer: async () => new ArrayBuffer(4),
  }));
  let engine: MetronomeEngine | undefined;
  const confirm = vi.fn(options.confirm ?? (() => true));
  render(
    <MetronomeScreen
      store={store}
      userAgent={options.userAgent ?? CHROME}
      confirm={confirm}
      createEngine={(prefs) =>
        (engine = createMetronomeEngine({
          ...prefs,
          getContext: () => fakeContext(clock),
          fetch,
          timers: clock,
        }))
      }
    />,
  );
  const user = userEvent.setup();
  const toggle = () => screen.getByRole('button', { name: /^(Start|Stop)$/ });
  const bpm = () => Number(document.querySelector('.metronome-bpm-value')?.textContent);
  async function choose(menu: string, item: string) {
    await user.click(screen.getByRole('menuitem', { name: menu }));
    await user.click(
      within(screen.getByRole('menu', { name: menu })).getByRole('menuitemradio', { name: item }),
    );
  }
  const checked = (menu: string) =>
    // Closed menus are hidden, so read the markup rather than the accessibility tree.
    [...document.querySelectorAll(`[role="menu"][aria-label="${menu}"] [role="menuitemradio"]`)]
      .filter((el) => el.getAttribute('aria-checked') === 'true')
      .map((el) => el.textContent);
  return { clock, fetch, confirm, user, toggle, bpm, choose, checked, engine: () => engine! };
}

let store: SettingsStore;
beforeEach(() => {
  store = createSettingsStore(new FakeStorage(), { events: null });
});

describe('Metronome screen', () => {
  it('R-2.3.METRO-01 R-2.3.METRO-02 R-2.3.METRO-03 R-9.CONST-07 menus View, Sound, Haptics with their items; defaults Pendulum, Beep, Off', async () => {
    const { user, checked } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Metronome' })).toBeTruthy();
    const bar = screen.getByRole('menubar', { name: 'Metronome options' });
    const menus = within(bar)
      .getAllByRole('menuitem')
      .filter((el) => el.getAttribute('aria-haspopup') === 'menu')
      .map((el) => el.textContent);
    expect(menus).toEqual(['View', 'Sound', 'Haptics']);
    const items = async (menu: string) => {
      await user.click(screen.getByRole('menuitem', { name: menu }));
      const names = within(screen.getByRole('menu', { name: menu }))
        .getAllByRole('menuitemradio')
        .map((el) => el.textContent);
      await user.keyboard('{Escape}');
      return names;
    };
    expect(await items('View')).toEqual(['None', 'Circle', 'Pendulum']);
    expect(await items('Sound')).toEqual(['None', 'Beep', 'Snare Drum', 'Bass Drum']);
    expect(await items('Haptics')).toEqual(['On', 'Off']);
    expect(checked('View')).toEqual(['Pendulum']);
    expect(checked('Sound')).toEqual(['Beep']);
    expect(checked('Haptics')).toEqual(['Off']);
    expect(document.querySelector('.pendulum')).not.toBeNull();
  });

  it('R-2.3.METRO-04 R-2.3.METRO-05 R-2.3.METRO-06 R-9.CONST-06 R-5.INPUTS-08 BPM starts at 100; minus, plus and slider change it, clamped to 60–240', async () => {
    const { user, bpm } = setup();
    expect(bpm()).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Increase BPM' }));
    expect(bpm()).toBe(101);
    await user.click(screen.getByRole('button', { name: 'Decrease BPM' }));
    await user.click(screen.getByRole('button', { name: 'Decrease BPM' }));
    expect(bpm()).toBe(99);
    const slider = screen.getByRole('slider', { name: 'Tempo' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['60', '240', '99']);
    act(() => {
      // A range input cannot be typed into; set it as the browser does while dragging.
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(slider, '240');
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(bpm()).toBe(240);
    await user.click(screen.getByRole('button', { name: 'Increase BPM' }));
    expect(bpm()).toBe(240);
    act(() => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(slider, '60');
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await user.click(screen.getByRole('button', { name: 'Decrease BPM' }));
    expect(bpm()).toBe(60);
  });

  it('R-2.3.METRO-07 R-4.METRO-01 R-4.METRO-02 R-4.METRO-03 one button reads Start, then Stop while running; beats advance the view', async () => {
    const { user, toggle, clock } = setup();
    expect(toggle().textContent).toBe('Start');
    await user.click(toggle());
    expect(toggle().textContent).toBe('Stop');
    const stage = document.querySelector('.metronome-stage')!;
    act(() => clock.advance(1_300)); // 100 BPM: beats at 0.05, 0.65 and 1.25 s
    expect(stage.getAttribute('data-beat')).toBe('3');
    await user.click(toggle());
    expect(toggle().textContent).toBe('Start');
    expect(clock.pending).toBe(0);
  });

  it('R-4.METRO-04 changing sound, view or haptics stops it, and the choice is stored', async () => {
    const { user, toggle, choose, checked } = setup();
    await user.click(toggle());
    await choose('Sound', 'Snare Drum');
    expect(toggle().textContent).toBe('Start');
    expect(checked('Sound')).toEqual(['Snare Drum']);

    await user.click(toggle());
    expect(toggle().textContent).toBe('Stop');
    await choose('View', 'Circle');
    expect(toggle().textContent).toBe('Start');
    expect(document.querySelector('.circle')).not.toBeNull();

    await user.click(toggle());
    await choose('Haptics', 'On');
    expect(toggle().textContent).toBe('Start');
    expect(store.read(keys.metronome)).toEqual({
      view: 'Circle',
      sound: 'Snare Drum',
      haptics: true,
    });
  });

  it('R-3.STORAGE-18 stored preferences are the starting menus', () => {
    store.write(keys.metronome, { view: 'None', sound: 'Bass Drum', haptics: true });
    const { checked } = setup();
    expect(checked('View')).toEqual(['None']);
    expect(checked('Sound')).toEqual(['Bass Drum']);
    expect(checked('Haptics')).toEqual(['On']);
    expect(document.querySelector('.metronome-visual')).toBeNull();
  });

  it('Snare Drum loads /sounds/snare_drum.wav on Start', async () => {
    const { user, toggle, choose, fetch } = setup();
    await choose('Sound', 'Snare Drum');
    await user.click(toggle());
    expect(fetch).toHaveBeenCalledWith('/sounds/snare_drum.wav');
  });

  it('R-8.HAPTICS-01 R-8.HAPTICS-02 R-4.METRO-05 R-2.4.DIALOG-24 in Safari, enabling haptics asks first; declining leaves them off', async () => {
    const declined = setup({ userAgent: SAFARI, confirm: () => false });
    await declined.choose('Haptics', 'On');
    expect(declined.confirm).toHaveBeenCalledWith(HAPTICS_CONFIRM);
    expect(HAPTICS_CONFIRM).toContain('Do you still want to enable haptics?');
    expect(declined.checked('Haptics')).toEqual(['Off']);
    expect(store.read(keys.metronome).haptics).toBe(false);
  });

  it('in Safari, accepting the confirm turns haptics on; other browsers are not asked', async () => {
    const accepted = setup({ userAgent: SAFARI, confirm: () => true });
    await accepted.choose('Haptics', 'On');
    expect(accepted.checked('Haptics')).toEqual(['On']);
    expect(isSafari(SAFARI)).toBe(true);
    expect(isSafari(CHROME)).toBe(false);
    expect(
      isSafari(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });

  it('asks nothing outside Safari', async () => {
    const chrome = setup();
    await chrome.choose('Haptics', 'On');
    expect(chrome.confirm).not.toHaveBeenCalled();
    expect(chrome.checked('Haptics')).toEqual(['On']);
  });

  it('issue 22.2: a time signature choice, 4/4 by default, explains the beat and is stored', async () => {
    const { user, toggle } = setup();
    const group = screen.getByRole('group', { name: 'Time signature' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => (o as HTMLInputElement).value)).toEqual([
      '2/4',
      '3/4',
      '4/4',
      '6/8',
      '9/8',
      '12/8',
    ]);
    expect((screen.getByRole('radio', { name: '4/4' }) as HTMLInputElement).checked).toBe(true);
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    const line = () =>
      document.getElementById(group.getAttribute('aria-describedby')!)?.textContent;
    expect(line()).toMatch(/^4 crotchet beats a bar, the first accented/);
    // Choosing stops the beats, like the spec's menus, and keeps the other preferences.
    await user.click(toggle());
    await user.click(screen.getByRole('radio', { name: '6/8' }));
    expect(toggle().textContent).toBe('Start');
    expect(line()).toMatch(/^2 dotted-crotchet beats a bar.*BPM counts dotted crotchets/);
    expect(store.read(keys.metronome)).toEqual({
      view: 'Pendulum',
      sound: 'Beep',
      haptics: false,
      timeSignature: '6/8',
    });
  });

  it('issue 22.2: a stored time signature is the starting choice; an old record reads as 4/4', () => {
    store.write(keys.metronome, { view: 'Circle', sound: 'Beep', haptics: false });
    const first = setup();
    expect((screen.getByRole('radio', { name: '4/4' }) as HTMLInputElement).checked).toBe(true);
    expect(first.engine().getSnapshot().timeSignature).toBe('4/4');
    cleanup();
    store.write(keys.metronome, {
      view: 'Circle',
      sound: 'Beep',
      haptics: false,
      timeSignature: '9/8',
    });
    const second = setup();
    expect((screen.getByRole('radio', { name: '9/8' }) as HTMLInputElement).checked).toBe(true);
    expect(second.engine().getSnapshot()).toMatchObject({ timeSignature: '9/8', beatsPerBar: 3 });
  });

  it('issue 22.2: the beat indicator shows the place in the bar, the first beat marked', async () => {
    store.write(keys.metronome, { view: 'Circle', sound: 'Beep', haptics: false });
    const { user, toggle, clock } = setup();
    await user.click(screen.getByRole('radio', { name: '3/4' }));
    const dots = () => [...document.querySelectorAll('.metronome-bar-dot')];
    const current = () => dots().findIndex((d) => d.hasAttribute('data-current')) + 1;
    expect(dots()).toHaveLength(3);
    expect(dots().map((d) => d.hasAttribute('data-accent'))).toEqual([true, false, false]);
    // The Circle has one mark a beat, the accent's larger.
    expect(document.querySelectorAll('.circle-mark')).toHaveLength(3);
    expect(document.querySelectorAll('.circle-mark--accent')).toHaveLength(1);
    expect(current()).toBe(0);
    await user.click(toggle());
    const stage = document.querySelector('.metronome-stage')!;
    act(() => clock.advance(100)); // 100 BPM: beats at 0.05, 0.65, 1.25, 1.85 s
    expect(current()).toBe(1);
    act(() => clock.advance(600));
    expect(current()).toBe(2);
    expect(stage.getAttribute('data-beat-in-bar')).toBe('2');
    act(() => clock.advance(1_200));
    expect(current()).toBe(1); // the fourth beat begins the second bar
    expect(stage.getAttribute('data-beat')).toBe('4');
    // 6/8: two beats a bar, the quavers do not move the indicator.
    await user.click(screen.getByRole('radio', { name: '6/8' }));
    expect(dots()).toHaveLength(2);
    expect(document.querySelectorAll('.circle-mark')).toHaveLength(2);
  });

  it('leaving the page stops the metronome', async () => {
    const { user, toggle, clock, engine } = setup();
    await user.click(toggle());
    expect(engine().getSnapshot().running).toBe(true);
    cleanup();
    expect(engine().getSnapshot().running).toBe(false);
    expect(clock.pending).toBe(0);
  });
});
