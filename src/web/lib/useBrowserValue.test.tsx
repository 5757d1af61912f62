import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowserValue } from './useBrowserValue.ts';

// A tiny external store: what the browser knows, changeable from outside React.
let browser = 'browser';
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => browser;
const getServerSnapshot = () => 'server';
const change = (next: string) => {
  browser = next;
  for (const l of listeners) l();
};

const rendered: string[] = [];
function Shown() {
  const value = useBrowserValue(subscribe, getSnapshot, getServerSnapshot);
  rendered.push(value);
  return <p>{value}</p>;
}

afterEach(() => {
  browser = 'browser';
  rendered.length = 0;
  listeners.clear();
});

describe('useBrowserValue (issue 21 items 1 and 3)', () => {
  it('issue 21.1: the server render shows the server value, even where a window exists', () => {
    expect(renderToString(<Shown />)).toBe('<p>server</p>');
  });

  it('issue 21.1: hydration matches the server HTML, then shows the browser value', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shown />);
    rendered.length = 0;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Shown />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(rendered[0]).toBe('server');
    expect(container.textContent).toBe('browser');
  });

  it('issue 21.3: a render from scratch shows the browser value from its first render', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Shown />));
    expect(rendered).not.toContain('server');
    expect(container.textContent).toBe('browser');
    await act(async () => change('changed'));
    expect(container.textContent).toBe('changed');
    await act(async () => root.unmount());
    expect(listeners.size).toBe(0);
  });

  it('issue 21.3: a change made before the subscription is not missed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shown />);
    browser = 'changed while the page loaded';
    await act(async () => {
      hydrateRoot(container, <Shown />);
    });
    expect(container.textContent).toBe('changed while the page loaded');
  });
});
