import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../contracts/environments.ts';
import { createDataClient } from '../../lib/dataClient.ts';
import { getDataClient } from '../../lib/getDataClient.ts';
import DatabaseTestScreen from './DatabaseTestScreen.tsx';
import { testPublicConfig, jsonResponse } from '../../lib/testing/fixtures.ts';

vi.mock('../../lib/getDataClient.ts', () => ({ getDataClient: vi.fn() }));

const CONFIG = testPublicConfig();

const json = jsonResponse;

/** The real data client over a fake fetch that answers `responses` in turn. */
function useClient(
  responses: Array<() => Response | Promise<Response>>,
  config: PublicConfig = CONFIG,
) {
  const fetch = vi.fn(async () =>
    (responses.shift() ?? (() => json(200, { data: [], count: 0 })))(),
  );
  vi.mocked(getDataClient).mockResolvedValue(createDataClient({ config, fetch }));
  return fetch;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(getDataClient).mockReset();
});

describe('DatabaseTestScreen', () => {
  it('is a developer page titled Database Test', async () => {
    useClient([() => json(200, { data: [], count: 0 })]);
    const { container } = render(<DatabaseTestScreen />);
    expect(container.querySelector('section.page')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Database Test');
    expect(screen.getByText(/Developer page/)).toBeTruthy();
    await screen.findByText('Connected');
  });

  it('R-7.DATA-11 tests the connection on load and shows Connected with the row count', async () => {
    const fetch = useClient([() => json(200, { data: [{ id: 1 }], count: 12 })]);
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('Rows in tblblasterhighscore: 12')).toBeTruthy();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('R-1.ENV-05 shows the environment, backend URL and project in use', async () => {
    useClient([() => json(200, { data: [], count: 0 })]);
    render(<DatabaseTestScreen />);
    await screen.findByText('Connected');
    expect(screen.getByText('production')).toBeTruthy();
    expect(screen.getByText('/api')).toBeTruthy();
    expect(screen.getByText('Chanterlab')).toBeTruthy();
  });

  it('R-8.DATA-05 shows the failure message', async () => {
    useClient([
      () => json(401, { error: { message: 'Invalid or missing API key', code: 'invalid_key' } }),
    ]);
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Connection failed')).toBeTruthy();
    expect(screen.getByText('Invalid or missing API key')).toBeTruthy();
  });

  it("R-8.DATA-06 shows 'Unknown error' when the failure has no message", async () => {
    useClient([() => json(500, { error: { message: '' } })]);
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Unknown error')).toBeTruthy();
  });

  it('R-8.DATA-02 shows a network failure', async () => {
    useClient([() => Promise.reject(new TypeError('Failed to fetch'))]);
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Could not reach the server: Failed to fetch')).toBeTruthy();
  });

  it("R-8.CONFIG-01 a missing configuration shows 'Database configuration is incomplete' with 'Missing environment variables'", async () => {
    const fetch = useClient([], {
      ...CONFIG,
      environments: { development: null, staging: null, production: null },
    });
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Database configuration is incomplete')).toBeTruthy();
    expect(screen.getByText('Missing environment variables')).toBeTruthy();
    expect(
      screen.getByText(/PRODUCTION_BACKEND_URL, PRODUCTION_PUBLIC_KEY and PRODUCTION_PROJECT_NAME/),
    ).toBeTruthy();
    expect(screen.getByText('not configured', { selector: 'dd:nth-of-type(2)' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the Run Connection Test button runs the test again', async () => {
    const fetch = useClient([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, { data: [{ id: 1 }], count: 3 }),
    ]);
    render(<DatabaseTestScreen />);
    await screen.findByText('Connection failed');
    await userEvent.click(screen.getByRole('button', { name: 'Run Connection Test' }));
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('Rows in tblblasterhighscore: 3')).toBeTruthy();
    expect(screen.queryByText('Connection failed')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the button is disabled while a test runs', async () => {
    const pending: { answer?: (r: Response) => void } = {};
    useClient([() => new Promise<Response>((resolve) => (pending.answer = resolve))]);
    render(<DatabaseTestScreen />);
    const button = screen.getByRole('button', { name: 'Run Connection Test' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(await screen.findByText('Testing the connection…')).toBeTruthy();
    await vi.waitFor(() => expect(pending.answer).toBeDefined());
    expect(button.disabled).toBe(true);
    pending.answer!(json(200, { data: [], count: 0 }));
    await screen.findByText('Connected');
    expect(button.disabled).toBe(false);
  });

  it('a configuration that cannot be loaded is shown as a failure', async () => {
    vi.mocked(getDataClient).mockRejectedValue(new Error('status 503'));
    render(<DatabaseTestScreen />);
    expect(await screen.findByText('Could not load the configuration: status 503')).toBeTruthy();
  });
});
