import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages, waitMessage } from '../../../contracts/forms.ts';
import { getReports } from '../../lib/monitoring.ts';
import type { PostFormResult } from '../../lib/postForm.ts';
import { resetStoresForTests } from '../../storage/settingsStore.ts';
import FeatureRequestScreen from './FeatureRequestScreen.tsx';

// The real widget is proven in e2e/forms.e2e.ts; here a button stands in for a solved check.
// 'Offline check' stands in for the check offline, which may run later (issue 18.1).
vi.mock('../../ui/HumanCheck.tsx', () => ({
  HumanCheck: ({
    onChange,
    resetKey,
    allowLater,
  }: {
    onChange: (p: string | null) => void;
    resetKey: number;
    allowLater?: boolean;
  }) => (
    <>
      <button type="button" onClick={() => onChange(`solved-${resetKey}`)}>
        Solve human check
      </button>
      {allowLater ? (
        <button type="button" onClick={() => onChange('solve-when-online')}>
          Offline check
        </button>
      ) : null}
    </>
  ),
}));

type Post = (
  fields: Record<string, string>,
  fetchImpl?: typeof fetch,
  options?: { humanCheckLater?: boolean },
) => Promise<PostFormResult>;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function renderForm(post: Post, state?: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/feature-request',
        element: <FeatureRequestScreen post={post as never} userAgent={FIREFOX} />,
      },
    ],
    { initialEntries: [{ pathname: '/feature-request', state }] },
  );
  return render(<RouterProvider router={router} />);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () =>
  screen
    .getAllByRole('button')
    .find((b) => b.getAttribute('type') === 'submit') as HTMLButtonElement;

function fill(values: Partial<Record<'Title' | 'Email' | 'Description', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

const VALID = {
  Title: 'Tempo trainer',
  Email: 'angus@example.org',
  Description: 'A tempo trainer for strathspeys, please.',
};

async function submit() {
  await act(async () => {
    fireEvent.click(submitButton());
  });
}
const solve = () => fireEvent.click(screen.getByRole('button', { name: 'Solve human check' }));

beforeEach(() => {
  window.localStorage.clear();
  resetStoresForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Feature request screen', () => {
  it('R-2.3.FEAT-01 R-2.3.FEAT-02 R-2.3.FEAT-04 R-2.3.FEAT-05 type radio, title, email, description, human check, hidden form-name and bot-field', () => {
    const { container } = renderForm(vi.fn());
    expect(
      (screen.getByRole('radio', { name: 'Feature request' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('radio', { name: 'Bug report' })).toBeTruthy();
    expect(field('Title')).toBeTruthy();
    expect(field('Email')).toBeTruthy();
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('group', { name: 'Human check' })).toBeTruthy();
    expect(container.querySelector<HTMLInputElement>('input[name="form-name"]')?.value).toBe(
      'feature-request',
    );
    const botField = container.querySelector('input[name="bot-field"]');
    expect(botField?.closest('[hidden]')).not.toBeNull();
  });

  it('R-2.3.FEAT-03 the browser-and-version field shows only for bugs, prefilled from the user agent', () => {
    renderForm(vi.fn());
    expect(screen.queryByLabelText('Browser and version')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Bug report' }));
    expect(field('Browser and version').value).toBe('Firefox 133.0');
    fireEvent.click(screen.getByRole('radio', { name: 'Feature request' }));
    expect(screen.queryByLabelText('Browser and version')).toBeNull();
  });

  it.each([
    ['R-5.FEAT-01', { ...VALID, Title: '' }, formMessages.titleRequired],
    ['R-5.FEAT-02', { ...VALID, Email: '' }, formMessages.emailRequired],
    ['R-5.FEAT-03', { ...VALID, Description: '' }, formMessages.descriptionRequired],
    ['R-5.FEAT-04', { ...VALID, Title: 'Hi' }, 'Title must be at least 3 characters long.'],
    [
      'R-5.FEAT-05',
      { ...VALID, Description: 'Too short' },
      'Description must be at least 10 characters long.',
    ],
    [
      'R-5.FEAT-06',
      { ...VALID, Email: 'angus.example.org' },
      'Please enter a valid email address.',
    ],
  ])('%s shows its message and sends nothing', async (_id, values, message) => {
    const post = vi.fn<Post>();
    renderForm(post);
    fill(values);
    solve();
    await submit();
    expect(screen.getByText(message)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('R-2.3.FEAT-04 R-1.HOSTING-02 the human check is required, and the failure is reported', async () => {
    const post = vi.fn<Post>();
    renderForm(post);
    fill(VALID);
    await submit();
    expect(screen.getByText(formMessages.humanCheckRequired)).toBeTruthy();
    expect(getReports().at(-1)?.context).toMatchObject({
      form: 'feature-request',
      fields: ['humanCheck'],
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('R-7.FEAT-02 R-3.FORMS-04 a feature request sends form-name, bot-field, type, title, email, description and the check, no browser', async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    renderForm(post);
    fill(VALID);
    solve();
    await submit();
    expect(post).toHaveBeenCalledWith({
      'form-name': 'feature-request',
      'bot-field': '',
      type: 'feature',
      title: 'Tempo trainer',
      email: 'angus@example.org',
      description: 'A tempo trainer for strathspeys, please.',
      altcha: 'solved-0',
    });
  });

  it('issue 18.1: offline, the request is kept without a proof, its check to run when back online; the form says so plainly', async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: true, queued: true });
    renderForm(post);
    fill(VALID);
    fireEvent.click(screen.getByRole('button', { name: 'Offline check' }));
    await submit();
    expect(post).toHaveBeenCalledTimes(1);
    const [fields, , options] = post.mock.calls[0]!;
    expect(fields).not.toHaveProperty('altcha');
    expect(fields).toMatchObject({ 'form-name': 'feature-request', title: 'Tempo trainer' });
    expect(options).toEqual({ humanCheckLater: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
    expect(
      screen.getByText(
        "You're offline. Your feature request is kept on this device and will be sent when you're back online.",
      ),
    ).toBeTruthy();
  });

  it('R-7.FEAT-03 a bug report also sends the browser', async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    renderForm(post);
    fireEvent.click(screen.getByRole('radio', { name: 'Bug report' }));
    fill(VALID);
    solve();
    await submit();
    expect(post.mock.calls[0]?.[0]).toMatchObject({ type: 'bug', browser: 'Firefox 133.0' });
  });

  it("R-7.FEAT-05 R-2.3.FEAT-09 R-4.FORMS-02 R-2.3.FEAT-06 R-2.3.FEAT-07 R-4.FORMS-03 success shows the confirmation; the next submit reads 'Wait {n}s to submit again' until 60 s pass", async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    renderForm(vi.fn<Post>().mockResolvedValue({ ok: true }));
    fill(VALID);
    solve();
    await submit();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
    expect(window.localStorage.getItem('feature_request_last_submission')).toBe(String(Date.now()));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(submitButton().textContent).toBe('Wait 60s to submit again');
    expect(submitButton().disabled).toBe(true);
    expect(field('Email').value).toBe('angus@example.org');
    act(() => vi.advanceTimersByTime(1_000));
    expect(submitButton().textContent).toBe('Wait 59s to submit again');
    act(() => vi.advanceTimersByTime(58_000));
    expect(submitButton().textContent).toBe('Wait 1s to submit again');
    act(() => vi.advanceTimersByTime(1_000));
    expect(submitButton().textContent).toBe('Submit Request');
    expect(submitButton().disabled).toBe(false);
  });

  it('R-5.FEAT-07 R-5.FEAT-08 the wait runs from its own last submission, not the contact form’s', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    window.localStorage.setItem('contact_last_submission', String(Date.now()));
    window.localStorage.setItem('feature_request_last_submission', String(Date.now() - 45_000));
    renderForm(vi.fn());
    expect(submitButton().textContent).toBe('Wait 15s to submit again');
    expect(submitButton().disabled).toBe(true);
  });

  it("R-8.FEAT-01 a failed request shows 'Failed to send request. Please try again later.' and asks for a fresh check", async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: false, message: null });
    renderForm(post);
    fill(VALID);
    solve();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to send request. Please try again later.',
    );
    await submit();
    expect(screen.getByText(formMessages.humanCheckRequired)).toBeTruthy();
    solve();
    await submit();
    expect(post.mock.calls[1]?.[0].altcha).toBe('solved-1');
  });

  it("a refusal shows the server's message (a replayed check, a wait)", async () => {
    renderForm(vi.fn<Post>().mockResolvedValue({ ok: false, message: waitMessage(30) }));
    fill(VALID);
    solve();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(waitMessage(30));
  });

  it('R-2.3.FEAT-08 fields are prefilled from navigation state', () => {
    renderForm(vi.fn(), {
      type: 'bug',
      title: 'Tuner freezes',
      email: 'iain@example.org',
      description: 'The tuner stops after a minute.',
      browser: 'Safari 17.2',
    });
    expect((screen.getByRole('radio', { name: 'Bug report' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(field('Title').value).toBe('Tuner freezes');
    expect(field('Email').value).toBe('iain@example.org');
    expect(field('Description').value).toBe('The tuner stops after a minute.');
    expect(field('Browser and version').value).toBe('Safari 17.2');
  });
});
