import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DirectFunctionTestScreen from './DirectFunctionTestScreen.tsx';
import { jsonResponse } from '../../lib/testing/fixtures.ts';

const json = jsonResponse;

/** The browser's fetch, answering `responses` in turn. */
function stubFetch(...responses: Array<() => Response | Promise<Response>>) {
  const fetch = vi.fn(async () => responses.shift()!());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const HELLO = {
  message: 'Hello from Chanterlab',
  environment: 'production',
  time: '2025-01-01T00:00:00.000Z',
};

describe('DirectFunctionTestScreen', () => {
  it('is a developer page titled Direct Function Test', async () => {
    stubFetch(() => json(200, HELLO));
    const { container } = render(<DirectFunctionTestScreen />);
    expect(container.querySelector('section.page')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Direct Function Test');
    expect(screen.getByText(/Developer page/)).toBeTruthy();
    await screen.findByText('hello answered');
  });

  it('R-2.1.DEVTEST-01 R-7.DEVTEST-01 GETs the hello function', async () => {
    const fetch = stubFetch(() => json(200, HELLO));
    render(<DirectFunctionTestScreen />);
    await screen.findByText('hello answered');
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit | undefined];
    expect(url).toBe('/api/hello');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it('R-2.1.DEVTEST-02 shows the JSON hello returns, pretty-printed', async () => {
    stubFetch(() => json(200, HELLO));
    const { container } = render(<DirectFunctionTestScreen />);
    await screen.findByText('hello answered');
    expect(container.querySelector('pre.result')?.textContent).toBe(JSON.stringify(HELLO, null, 2));
  });

  it('R-2.1.DEVTEST-03 shows the error when the call fails', async () => {
    stubFetch(() => json(500, { error: { message: 'Internal server error', code: 'internal' } }));
    render(<DirectFunctionTestScreen />);
    expect(await screen.findByText('The call failed')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
  });

  it('R-2.1.DEVTEST-03 shows a network failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<DirectFunctionTestScreen />);
    expect(
      await screen.findByText('Could not reach the hello function: Failed to fetch'),
    ).toBeTruthy();
  });

  it('the Call hello button calls again', async () => {
    const fetch = stubFetch(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, HELLO),
    );
    render(<DirectFunctionTestScreen />);
    await screen.findByText('The call failed');
    await userEvent.click(screen.getByRole('button', { name: 'Call hello' }));
    expect(await screen.findByText('hello answered')).toBeTruthy();
    expect(screen.queryByText('The call failed')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
