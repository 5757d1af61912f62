import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_CHALLENGE_PATH } from '../../contracts/forms.ts';
import {
  CAPTCHA_LOAD_RETRIES,
  humanCheckMessages,
  failedModuleUrl,
  loadWithRetries,
  resetHumanCheckLoaderForTests,
  retryingImporter,
  loadProviderScript,
  PROVIDER_SCRIPTS,
  type ProviderApi,
  type RemoteProvider,
} from '../lib/captcha.ts';
import { humanCheckText } from '../../contracts/humanCheck.ts';
import { HUMAN_CHECK_LATER, HumanCheck, humanCheckOfflineText } from './HumanCheck.tsx';

/** Stands in for ALTCHA's element: the real one is proven in e2e/forms.e2e.ts. */
class FakeAltchaWidget extends HTMLElement {}

beforeAll(() => {
  customElements.define('altcha-widget', FakeAltchaWidget);
});
beforeEach(() => {
  resetHumanCheckLoaderForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function verified(widget: Element, payload: string) {
  act(() => {
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
    );
  });
}

describe('HumanCheck', () => {
  it('R-1.HOSTING-02 loads the widget lazily, pointed at our own challenge endpoint, and reports the solved payload', async () => {
    const onChange = vi.fn();
    const { container } = render(<HumanCheck onChange={onChange} load={() => Promise.resolve()} />);
    expect(screen.getByRole('status').textContent).toBe(humanCheckMessages.loading);
    const widget = await vi.waitFor(() => {
      const el = container.querySelector('altcha-widget');
      if (!el) throw new Error('not yet');
      return el;
    });
    expect(widget.getAttribute('challenge')).toBe(CAPTCHA_CHALLENGE_PATH);
    verified(widget, 'payload-1');
    expect(onChange).toHaveBeenLastCalledWith('payload-1');
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
    });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('a new resetKey gives a fresh, unsolved widget', async () => {
    const onChange = vi.fn();
    const load = () => Promise.resolve();
    const { container, rerender } = render(<HumanCheck onChange={onChange} load={load} />);
    const first = await vi.waitFor(() => {
      const el = container.querySelector('altcha-widget');
      if (!el) throw new Error('not yet');
      return el;
    });
    verified(first, 'payload-1');
    rerender(<HumanCheck onChange={onChange} load={load} resetKey={1} />);
    const second = container.querySelector('altcha-widget');
    expect(second).not.toBe(first);
    expect(container.querySelectorAll('altcha-widget')).toHaveLength(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('R-7.ASSETS-05 R-9.CONST-48 a failed load is retried up to 2 more times', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('chunk 1'))
      .mockRejectedValueOnce(new Error('chunk 2'))
      .mockResolvedValue(undefined);
    const { container } = render(<HumanCheck onChange={vi.fn()} load={load} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(container.querySelector('altcha-widget')).not.toBeNull();
  });

  it('R-8.OTHER-03 after 2 retries it gives up and says so', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(new Error('offline'));
    const { container } = render(<HumanCheck onChange={vi.fn()} load={load} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(load).toHaveBeenCalledTimes(1 + CAPTCHA_LOAD_RETRIES);
    expect(screen.getByRole('alert').textContent).toBe(humanCheckMessages.failed);
    expect(container.querySelector('altcha-widget')).toBeNull();
  });
});

describe('loadWithRetries', () => {
  it('returns the first success and stops', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('x'))
      .mockResolvedValue('ok');
    expect(await loadWithRetries(load, 2, 0)).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('throws the last error after the retries', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('down'));
    await expect(loadWithRetries(load, 2, 0)).rejects.toThrow('down');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('retryingImporter', () => {
  const chromium = new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/altchaWidget-Ab12.js',
  );

  it('reads the failed script from the browser error', () => {
    expect(failedModuleUrl(chromium)).toBe('http://127.0.0.1:3000/assets/altchaWidget-Ab12.js');
    expect(
      failedModuleUrl(
        new TypeError('error loading dynamically imported module: https://x.org/a/b.js?retry=1'),
      ),
    ).toBe('https://x.org/a/b.js');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });

  it('retries the failed script under a new query string (a browser caches the failure)', async () => {
    const first = vi.fn<() => Promise<unknown>>().mockResolvedValue('first');
    const byUrl = vi.fn<(url: string) => Promise<unknown>>().mockResolvedValue('again');
    const load = retryingImporter(first, byUrl);
    expect(await load(0, undefined)).toBe('first');
    expect(await load(1, chromium)).toBe('again');
    expect(byUrl).toHaveBeenCalledWith('http://127.0.0.1:3000/assets/altchaWidget-Ab12.js?retry=1');
    // No script named: the plain import again.
    await load(2, new Error('Importing a module script failed.'));
    expect(first).toHaveBeenCalledTimes(2);
  });
});

describe('Turnstile and hCaptcha', () => {
  function fakeApi() {
    const rendered: Array<{ box: HTMLElement; options: Record<string, unknown> }> = [];
    const removed: Array<string | number> = [];
    const api: ProviderApi = {
      render: (box, options) => {
        rendered.push({ box, options });
        return rendered.length;
      },
      remove: (id) => void removed.push(id),
    };
    return { api, rendered, removed };
  }

  it('R-7.ASSETS-04 renders the configured provider with its site key and reports its token', async () => {
    const { api, rendered, removed } = fakeApi();
    const loadScript = vi.fn<(p: RemoteProvider) => Promise<ProviderApi>>().mockResolvedValue(api);
    const onChange = vi.fn();
    const { rerender } = render(
      <HumanCheck
        onChange={onChange}
        setup={{ provider: 'turnstile', siteKey: '0x4AAA-site' }}
        loadScript={loadScript}
      />,
    );
    await vi.waitFor(() => expect(rendered).toHaveLength(1));
    expect(loadScript).toHaveBeenCalledWith('turnstile');
    expect(rendered[0]?.options.sitekey).toBe('0x4AAA-site');
    act(() => (rendered[0]?.options.callback as (t: string) => void)('turnstile-token'));
    expect(onChange).toHaveBeenLastCalledWith('turnstile-token');
    act(() => (rendered[0]?.options['expired-callback'] as () => void)());
    expect(onChange).toHaveBeenLastCalledWith(null);
    rerender(
      <HumanCheck
        onChange={onChange}
        resetKey={1}
        setup={{ provider: 'turnstile', siteKey: '0x4AAA-site' }}
        loadScript={loadScript}
      />,
    );
    await vi.waitFor(() => expect(rendered).toHaveLength(2));
    expect(removed).toEqual([1]);
  });

  it('R-7.ASSETS-05 R-8.OTHER-03 the provider script is tried 3 times in all, then the failure names the provider', async () => {
    vi.useFakeTimers();
    const inject = vi.fn<(src: string) => Promise<void>>().mockRejectedValue(new Error('offline'));
    const loading = loadProviderScript('hcaptcha', inject);
    const settled = loading.catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await settled).toBeInstanceOf(Error);
    expect(inject).toHaveBeenCalledTimes(1 + CAPTCHA_LOAD_RETRIES);
    expect(inject).toHaveBeenCalledWith(PROVIDER_SCRIPTS.hcaptcha);
    vi.useRealTimers();

    const loadScript = () => Promise.reject(new Error('gave up'));
    render(
      <HumanCheck
        onChange={vi.fn()}
        setup={{ provider: 'hcaptcha', siteKey: 'k' }}
        loadScript={loadScript}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      humanCheckText('hcaptcha').loadFailed,
    );
  });

  it('a script that loads on the second try is used', async () => {
    vi.useFakeTimers();
    const { api } = fakeApi();
    (globalThis as Record<string, unknown>).turnstile = api;
    const inject = vi
      .fn<(src: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('blip'))
      .mockResolvedValue(undefined);
    const loading = loadProviderScript('turnstile', inject);
    await vi.runAllTimersAsync();
    expect(await loading).toBe(api);
    expect(inject).toHaveBeenCalledTimes(2);
    delete (globalThis as Record<string, unknown>).turnstile;
  });
});

describe('issue 18.1: the human check offline', () => {
  it('issue 18.1: with allowLater, says it will run when back online and reports HUMAN_CHECK_LATER; back online, the widget returns', async () => {
    let onLine = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
    const onChange = vi.fn();
    const { container } = render(
      <HumanCheck onChange={onChange} allowLater load={() => Promise.resolve()} />,
    );
    expect(container.textContent).toBe(humanCheckOfflineText.later);
    expect(container.querySelector('altcha-widget')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(HUMAN_CHECK_LATER);

    onLine = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await vi.waitFor(() => {
      if (!container.querySelector('altcha-widget')) throw new Error('not yet');
    });
  });

  it('issue 18.1: without allowLater (sign-in), says plainly it needs a connection and reports nothing solved', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onChange = vi.fn();
    const { container } = render(<HumanCheck onChange={onChange} load={() => Promise.resolve()} />);
    expect(container.textContent).toBe(humanCheckOfflineText.needed);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('issue 18.1: a site on Turnstile or hCaptcha cannot solve it later: offline it needs a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onChange = vi.fn();
    const { container } = render(
      <HumanCheck onChange={onChange} allowLater setup={{ provider: 'turnstile', siteKey: 'k' }} />,
    );
    expect(container.textContent).toBe(humanCheckOfflineText.needed);
    expect(onChange).not.toHaveBeenCalledWith(HUMAN_CHECK_LATER);
  });
});
