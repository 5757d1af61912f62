import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as VexFlowModule from '../../lib/vexflow.ts';
import type { VexFlowApi } from '../../lib/vexflow.ts';

const load = vi.fn<() => Promise<VexFlowApi>>();
vi.mock('../../lib/vexflow.ts', async (original) => ({
  ...(await original<typeof VexFlowModule>()),
  loadVexFlow: () => load(),
}));

const { NotationLoadError } = await import('../../lib/vexflow.ts');
const { MusicNotation } = await import('./MusicNotation.tsx');

// jsdom does no layout: give elements a width so the wrapper draws.
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 400,
  });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});
beforeEach(() => {
  load.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fakeVexFlow = {} as VexFlowApi;

describe('MusicNotation', () => {
  it('R-2.3.NOTATION-02 shows "Loading music notation..." while the library loads', () => {
    load.mockReturnValue(new Promise(() => undefined));
    render(<MusicNotation label="A staff" draw={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Loading music notation...');
  });

  it('R-2.3.NOTATION-01 draws once loaded, into an image described by its label', async () => {
    load.mockResolvedValue(fakeVexFlow);
    const draw = vi.fn((_vf: VexFlowApi, host: HTMLDivElement, width: number) => {
      host.textContent = `drawn at ${width}`;
    });
    render(<MusicNotation label="Treble staff showing D" draw={draw} />);
    const image = await screen.findByRole('img', { name: 'Treble staff showing D' });
    await vi.waitFor(() => expect(image.textContent).toBe('drawn at 400'));
    expect(draw.mock.calls[0]![0]).toBe(fakeVexFlow);
    expect(screen.queryByText('Loading music notation...')).toBeNull();
  });

  it('issue 21.3: notations ready at once draw one per task, and a new drawing keeps the old one until its turn', async () => {
    load.mockResolvedValue(fakeVexFlow);
    const order: string[] = [];
    const drawOf = (name: string) => (_vf: VexFlowApi, host: HTMLDivElement) => {
      order.push(name);
      host.textContent = name;
      // A microtask queued during a drawing runs before the next task: had the next drawing
      // been in this task (the same React commit), it would already be listed here.
      queueMicrotask(() => order.push(`after ${name}`));
    };
    const first = drawOf('first');
    const { rerender } = render(
      <>
        <MusicNotation label="One" draw={first} />
        <MusicNotation label="Two" draw={drawOf('second')} />
        <MusicNotation label="Three" draw={drawOf('third')} />
      </>,
    );
    await vi.waitFor(() => expect(order).toHaveLength(6));
    expect(order).toEqual([
      'first',
      'after first',
      'second',
      'after second',
      'third',
      'after third',
    ]);
    const one = screen.getByRole('img', { name: 'One' });
    rerender(
      <>
        <MusicNotation label="One" draw={drawOf('fourth')} />
        <MusicNotation label="Two" draw={drawOf('second')} />
        <MusicNotation label="Three" draw={drawOf('third')} />
      </>,
    );
    // Until the new drawing's turn the old one stays, with no loading message in its place.
    expect(one.textContent).toBe('first');
    expect(screen.queryByText('Loading music notation...')).toBeNull();
    await vi.waitFor(() => expect(one.textContent).toBe('fourth'));
  });

  it('issue 21.3: a notation drawn when near draws nothing until it nears the viewport', async () => {
    load.mockResolvedValue(fakeVexFlow);
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {
          report = null;
        }
      },
    );
    const draw = vi.fn((_vf: VexFlowApi, host: HTMLDivElement) => {
      host.textContent = 'drawn';
    });
    const { container } = render(<MusicNotation label="Below the fold" draw={draw} whenNear />);
    const image = container.querySelector('[aria-label="Below the fold"]')!;
    await vi.waitFor(() => expect(observed).toHaveLength(1));
    // VexFlow has loaded and the width is known; still nothing is drawn, the loading line holds
    // its place.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(draw).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Loading music notation...');
    act(() => report?.([{ isIntersecting: false }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(draw).not.toHaveBeenCalled();
    act(() => report?.([{ isIntersecting: true }]));
    await vi.waitFor(() => expect(image.textContent).toBe('drawn'));
    expect(draw).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('R-8.NOTATION-01 says the library failed to load when the VexFlow chunk fails', async () => {
    load.mockRejectedValue(new NotationLoadError('library', new Error('chunk failed')));
    render(<MusicNotation label="A staff" draw={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading music notation library. Please try again later.',
    );
  });

  it('R-8.NOTATION-02 says "Failed to load music notation" when the music font fails', async () => {
    load.mockRejectedValue(new NotationLoadError('font', new Error('font failed')));
    render(<MusicNotation label="A staff" draw={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load music notation');
  });

  it('R-8.NOTATION-03 says "Error rendering music notation" when drawing throws', async () => {
    load.mockResolvedValue(fakeVexFlow);
    render(
      <MusicNotation
        label="A staff"
        draw={() => {
          throw new Error('bad tune');
        }}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Error rendering music notation');
    expect(console.error).toHaveBeenCalled();
  });

  it('issue 21.3: a drawing in slices keeps "Loading music notation..." in its place until it is complete', async () => {
    load.mockResolvedValue(fakeVexFlow);
    let finish!: (ms: number) => void;
    const draw = vi.fn(
      (_vf: VexFlowApi, host: HTMLDivElement) =>
        new Promise<number | null>((resolve) => {
          finish = (ms) => {
            host.textContent = 'score';
            resolve(ms);
          };
        }),
    );
    const { container } = render(<MusicNotation label="A tune" draw={draw} />);
    await vi.waitFor(() => expect(draw).toHaveBeenCalledTimes(1));
    // Drawing: the message still holds the score's place, the empty image stays hidden.
    expect(screen.getByRole('status').textContent).toBe('Loading music notation...');
    expect(screen.queryByRole('img')).toBeNull();
    finish(12.5);
    const image = await screen.findByRole('img', { name: 'A tune' });
    expect(image.textContent).toBe('score');
    expect(screen.queryByRole('status')).toBeNull();
    // The drawing's own main-thread time, as the render benchmark reads it.
    expect(container.querySelector<HTMLElement>('[data-render-ms]')?.dataset.renderMs).toBe(
      '12.50',
    );
  });

  it('issue 21.3: a new drawing aborts the one in progress, which then changes nothing', async () => {
    load.mockResolvedValue(fakeVexFlow);
    const signals: AbortSignal[] = [];
    const finishes: ((ms: number | null) => void)[] = [];
    const drawOf =
      (text: string) => (_vf: VexFlowApi, host: HTMLDivElement, _w: number, signal: AbortSignal) =>
        new Promise<number | null>((resolve) => {
          signals.push(signal);
          finishes.push((ms) => {
            if (ms !== null) host.textContent = text;
            resolve(ms);
          });
        });
    const { rerender } = render(<MusicNotation label="A tune" draw={drawOf('first')} />);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    rerender(<MusicNotation label="Another tune" draw={drawOf('second')} />);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    finishes[0]!(null);
    finishes[1]!(3);
    const image = await screen.findByRole('img', { name: 'Another tune' });
    expect(image.textContent).toBe('second');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
