import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { routes } from '../../../contracts/routes.ts';
import { createComposerClient } from '../../lib/composer/composerClient.ts';
import { fakeComposerWorker } from '../../lib/composer/fakeComposerWorker.ts';
import AiTestScreen, { timingRequest } from './AiTestScreen.tsx';
import FireDemoScreen from './FireDemoScreen.tsx';
import RenderTestScreen from './RenderTestScreen.tsx';
import SynthesisTestScreen from './SynthesisTestScreen.tsx';
import Template1Screen from './Template1Screen.tsx';
import Template2Screen from './Template2Screen.tsx';

function show(Screen: ComponentType) {
  return render(
    <MemoryRouter>
      <Screen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('developer screens', () => {
  const cases: Array<[string, ComponentType]> = [
    ['/render-test', RenderTestScreen],
    ['/fire-demo', FireDemoScreen],
    ['/template1', Template1Screen],
    ['/template2', Template2Screen],
    ['/synthesis-test', SynthesisTestScreen],
    ['/ai-test', AiTestScreen],
  ];
  it.each(cases)('%s has its route title as h1 and says it is a developer page', (path, Screen) => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    show(Screen);
    const title = routes.find((r) => r.path === path)?.title;
    expect(title).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText('Developer page.')).toBeTruthy();
  });
});

describe('FireDemoScreen', () => {
  it('labels the canvas and explains when canvas is unavailable', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    show(FireDemoScreen);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/flame/i);
    expect(screen.getByText(/cannot draw on a canvas/)).toBeTruthy();
  });

  it('does not autostart under reduced motion, and Start starts the loop', () => {
    const ctx = {
      fillRect: vi.fn(),
      beginPath: vi.fn(),
      arc: vi.fn(),
      fill: vi.fn(),
      fillStyle: '',
      globalCompositeOperation: 'source-over',
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      ctx as unknown as CanvasRenderingContext2D,
    );
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce') }));
    const raf = vi.fn(() => 7);
    const caf = vi.fn();
    vi.stubGlobal('requestAnimationFrame', raf);
    vi.stubGlobal('cancelAnimationFrame', caf);

    const { unmount } = show(FireDemoScreen);
    expect(raf).not.toHaveBeenCalled();
    expect(ctx.fillRect).toHaveBeenCalledTimes(1); // the still frame
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(raf).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    unmount();
    expect(caf).toHaveBeenCalledWith(7);
  });
});

describe('SynthesisTestScreen', () => {
  it('plays the note frequency through the tone engine on click', () => {
    const frequencies: number[] = [];
    const param = () => ({
      setValueAtTime: (v: number) => frequencies.push(v),
      linearRampToValueAtTime: vi.fn(),
      cancelScheduledValues: vi.fn(),
    });
    const node = () => ({ connect: vi.fn(), disconnect: vi.fn() });
    const created = vi.fn();
    class FakeAudioContext {
      currentTime = 0;
      state = 'running';
      destination = node();
      constructor() {
        created();
      }
      createOscillator() {
        return {
          ...node(),
          type: 'sine',
          frequency: param(),
          onended: null,
          start: vi.fn(),
          stop: vi.fn(),
        };
      }
      createGain() {
        return {
          ...node(),
          gain: {
            linearRampToValueAtTime: vi.fn(),
            setValueAtTime: vi.fn(),
            cancelScheduledValues: vi.fn(),
          },
        };
      }
      resume = vi.fn(async () => {});
      close = vi.fn(async () => {});
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);

    show(SynthesisTestScreen);
    expect(created).not.toHaveBeenCalled(); // no audio before a gesture
    const buttons = within(screen.getByRole('list', { name: 'Chanter notes' })).getAllByRole(
      'button',
    );
    expect(buttons).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: /High A/ }));
    expect(created).toHaveBeenCalledTimes(1);
    expect(frequencies).toEqual([960]);
    expect(screen.getByRole('status').textContent).toBe('Playing High A (960 Hz)');
    expect(screen.getByRole('button', { name: /High A/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Silent');
  });
});

describe('AiTestScreen (issue 19 item 3: the composer test bench)', () => {
  let worker: ReturnType<typeof fakeComposerWorker>;
  function showBench() {
    worker = fakeComposerWorker(() => 0);
    render(
      <MemoryRouter>
        <AiTestScreen createClient={() => createComposerClient(() => worker)} />
      </MemoryRouter>,
    );
  }
  async function compose(seed: string): Promise<string[]> {
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: seed } });
    fireEvent.click(screen.getByRole('button', { name: 'Compose' }));
    await screen.findByRole('heading', { level: 2, name: new RegExp(`^Seed ${seed}:`) });
    return screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
  }

  it('R-2.1.ROUTES-28 issue 19.3 (omr-ux): composes in the Web Worker and shows the plan bar by bar for a seed, the same for the same seed', async () => {
    showBench();
    const first = await compose('12345');
    // A 2/4 march: 4 parts of 8 bars, composed by the worker (not on the page's thread).
    expect(worker.requests).toMatchObject([{ type: 'compose', options: { seed: 12345 } }]);
    expect(first).toHaveLength(32);
    expect(first[0]).toMatch(/^Part 1 bar 1open/);
    expect(first[7]).toMatch(/final .* ends on Low A|final .* ends on D/);
    expect(screen.getByLabelText('BWW').textContent).toContain("I!''");
    expect(screen.getByRole('status').textContent).toMatch(
      /Composed in the Web Worker in \d+\.\d ms/,
    );
    expect(await compose('999')).not.toEqual(first);
    expect(await compose('12345')).toEqual(first);
  });

  it('issue 19.3 (omr-ux): the plan shows the form, the phrases, the cadences and the embellishment choices', async () => {
    showBench();
    await compose('31');
    const facts = [...document.querySelectorAll('.dev-facts dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(Object.fromEntries(facts)).toMatchObject({
      Form: '2/4 march (March)',
      Parts: '4 × 8 bars, each played twice',
      Phrases: '2 of 4 bars a part',
    });
    // Two four-bar phrases a part.
    const phrase = within(screen.getByRole('list', { name: 'Part 2, phrase 2 (bars 5–8)' }));
    expect(phrase.getAllByRole('listitem')).toHaveLength(4);
    const cadences = within(screen.getByRole('table', { name: 'Cadences' }));
    const rows = cadences
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent ?? '');
    expect(rows.some((r) => /^Part 1 bar 8part ends \(home note\)/.test(r))).toBe(true);
    expect(rows.some((r) => /^Part 1 bar 4phrase ends \(half cadence\)/.test(r))).toBe(true);
    const graces = within(screen.getByRole('table', { name: 'Embellishments chosen' }));
    const first = graces.getAllByRole('row')[1]!;
    const [code, family, times, on] = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? '');
    expect(code).toMatch(/^[a-z]+$/);
    expect(family!.length).toBeGreaterThan(0);
    expect(Number(times)).toBeGreaterThan(0);
    expect(on!.length).toBeGreaterThan(0);
  });

  it('issue 19.3: a motif starts the tune; a bad seed or motif is refused with a message', async () => {
    showBench();
    fireEvent.change(screen.getByLabelText('Starting motif (optional)'), {
      target: { value: 'la b c e' },
    });
    const bars = await compose('7');
    // The motif may run into bar 2 (a bar of the march holds 2–6 notes).
    const notes = bars
      .slice(0, 2)
      .flatMap((bar) => bar.split(' — ')[1]!.split(' · '))
      .map((note) => note.replace(/^[a-z0-9]+ /, ''));
    expect(notes.slice(0, 4)).toEqual(['Low A', 'B', 'C', 'E']);
    fireEvent.change(screen.getByLabelText('Starting motif (optional)'), {
      target: { value: 'la x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Compose' }));
    expect(screen.getByRole('alert').textContent).toMatch(/chanter notes/);
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compose' }));
    expect(screen.getByRole('alert').textContent).toMatch(/whole number/);
  });

  it('issue 19.3: ?runs=N times N tunes in the worker and writes {"runs","medianMs","p95Ms"} into [data-composer-timing]', async () => {
    expect(timingRequest('?runs=100&form=jig')).toEqual({ runs: 100, form: 'jig', auto: true });
    expect(timingRequest('?runs=0&form=waltz')).toEqual({ runs: 100, form: null, auto: true });
    expect(timingRequest('')).toEqual({ runs: 100, form: null, auto: false });
    window.history.pushState({}, '', '/aitest?runs=4&form=jig');
    const worker = fakeComposerWorker();
    try {
      render(
        <MemoryRouter>
          <AiTestScreen createClient={() => createComposerClient(() => worker)} />
        </MemoryRouter>,
      );
      expect((screen.getByLabelText('Form') as HTMLSelectElement).value).toBe('jig');
      const pre = await vi.waitFor(() => {
        const el = document.querySelector('[data-composer-timing]');
        if (!el) throw new Error('not yet');
        return el;
      });
      const timing = JSON.parse(pre.textContent ?? '') as Record<string, unknown>;
      expect(Object.keys(timing)).toEqual(['runs', 'medianMs', 'p95Ms']);
      expect(timing.runs).toBe(4);
      expect(worker.requests).toMatchObject([{ type: 'time', runs: 4, options: { form: 'jig' } }]);
      expect(screen.getByRole('button', { name: 'Time 4 tunes' })).toBeTruthy();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
