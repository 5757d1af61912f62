/**
 * Our one wrapper around the human-check client (ALTCHA, self-hosted; issue 8 part 3). The
 * widget's code (~35 KB gzip) never enters the first page load: it is imported when a form that
 * needs it is shown. A failed load is retried up to 2 more times, then given up (spec §7
 * 'Static assets', §8 'Other', §9 'Captcha loader retries: at most 2').
 */
import { useEffect, useState } from 'react';
import { reportError } from './monitoring.ts';

/** The provider the messages name (spec §5 'names the captcha provider's widget'). */
export const HUMAN_CHECK_PROVIDER = 'ALTCHA';
/** Spec §9: captcha loader retries, at most 2. */
export const CAPTCHA_LOAD_RETRIES = 2;
const RETRY_DELAY_MS = 500;

export const humanCheckMessages = {
  loading: 'Loading the human check…',
  failed: `The ${HUMAN_CHECK_PROVIDER} human check could not be loaded. Please check your connection and reload the page.`,
} as const;

type Importer = () => Promise<unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `load`, and again up to `retries` more times while it fails; each try sees the last error. */
export async function loadWithRetries<T>(
  load: (attempt: number, lastError: unknown) => Promise<T>,
  retries = CAPTCHA_LOAD_RETRIES,
  delayMs = RETRY_DELAY_MS,
): Promise<T> {
  let lastError: unknown = undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(attempt, lastError);
    } catch (error) {
      lastError = error;
      if (attempt >= retries) throw error;
      await sleep(delayMs * (attempt + 1));
    }
  }
}

/**
 * The script a failed dynamic import names ('Failed to fetch dynamically imported module:
 * https://…/altchaWidget-abc.js' in Chromium, similar in Firefox), if any.
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+?\.js)(?:\?[^\s'"]*)?/.exec(message);
  return match?.[1] ?? null;
}

/**
 * A browser remembers a failed `import()` of a URL and fails every later import of it without
 * asking the network again (Chromium does; seen in e2e/forms.e2e.ts). So a retry imports the
 * failed script under a new query string, which is a new module to the browser.
 */
export function retryingImporter(
  first: Importer,
  importUrl: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): (attempt: number, lastError: unknown) => Promise<unknown> {
  return (attempt, lastError) => {
    const url = attempt > 0 ? failedModuleUrl(lastError) : null;
    return url ? importUrl(`${url}?retry=${attempt}`) : first();
  };
}

const importWidget: Importer = () => import('./altchaWidget.ts');
let loading: Promise<void> | null = null;

/** Loads the widget once per page; after a final failure the next call tries afresh. */
export function loadHumanCheck(importer: Importer = importWidget): Promise<void> {
  loading ??= loadWithRetries(retryingImporter(importer)).then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      reportError(error, { source: 'captcha', operation: 'load' });
      throw error;
    },
  );
  return loading;
}

/** Forgets the loaded state (tests). */
export function resetHumanCheckLoaderForTests(): void {
  loading = null;
  scripts.clear();
}

/** The providers' explicit-render scripts (their docs: render=explicit, then render()). */
export const PROVIDER_SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
} as const;
export type RemoteProvider = keyof typeof PROVIDER_SCRIPTS;

/** What Turnstile's `turnstile` and hCaptcha's `hcaptcha` globals have in common. */
export interface ProviderApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | number;
  remove?(id: string | number): void;
}

/** One `<script>` load; a failed element is removed so the retry adds a fresh one. */
export function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Failed to load ${src}`));
    };
    document.head.appendChild(script);
  });
}

const scripts = new Map<RemoteProvider, Promise<ProviderApi>>();

/**
 * Spec §7 'Static assets': the captcha script is loaded from the captcha provider, retried up
 * to 2 more times on failure; after that we give up (and a later call tries afresh).
 */
export function loadProviderScript(
  provider: RemoteProvider,
  inject: (src: string) => Promise<void> = injectScript,
): Promise<ProviderApi> {
  let pending = scripts.get(provider);
  if (!pending) {
    pending = loadWithRetries(() => inject(PROVIDER_SCRIPTS[provider])).then(() => {
      const api = (globalThis as Record<string, unknown>)[provider] as ProviderApi | undefined;
      if (!api?.render) throw new Error(`${provider} did not start`);
      return api;
    });
    pending.catch((error: unknown) => {
      scripts.delete(provider);
      reportError(error, { source: 'captcha', operation: 'load', provider });
    });
    scripts.set(provider, pending);
  }
  return pending;
}

export type HumanCheckLoad = 'loading' | 'ready' | 'failed';

/** Whether the widget's code is ready; components reach the loader through this hook. */
export function useHumanCheckLoader(importer?: Importer): HumanCheckLoad {
  const [state, setState] = useState<HumanCheckLoad>('loading');
  useEffect(() => {
    let live = true;
    loadHumanCheck(importer).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [importer]);
  return state;
}
