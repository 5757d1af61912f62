import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages, waitMessage } from '../../../contracts/forms.ts';
import { getReports } from '../../lib/monitoring.ts';
import type { PostFormResult } from '../../lib/postForm.ts';
import { resetStoresForTests } from '../../storage/settingsStore.ts';
import ContactScreen from './ContactScreen.tsx';

type Post = (fields: Record<string, string>) => Promise<PostFormResult>;

function renderContact(
  post: Post,
  state?: unknown,
  loadOwnerReplies: () => Promise<boolean> = () => Promise.resolve(true),
) {
  const router = createMemoryRouter(
    [
      {
        path: '/contact',
        element: <ContactScreen post={post as never} loadOwnerReplies={loadOwnerReplies} />,
      },
    ],
    { initialEntries: [{ pathname: '/contact', state }] },
  );
  return render(<RouterProvider router={router} />);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fill(values: { name?: string; email?: string; message?: string }) {
  if (values.name !== undefined)
    fireEvent.change(input('Name'), { target: { value: values.name } });
  if (values.email !== undefined)
    fireEvent.change(input('Email'), { target: { value: values.email } });
  if (values.message !== undefined)
    fireEvent.change(input('Message'), { target: { value: values.message } });
}

const VALID = { name: 'Morag', email: 'morag@example.org', message: 'How do I tune drones?' };

async function send() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  });
}

beforeEach(() => {
  window.localStorage.clear();
  resetStoresForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Contact screen', () => {
  it('R-2.3.CONTACT-01 R-2.3.CONTACT-02 R-2.3.CONTACT-03 name, email and message, a hidden form name and a hidden honeypot', () => {
    const { container } = renderContact(vi.fn());
    expect(input('Name')).toBeTruthy();
    expect(input('Email')).toBeTruthy();
    expect(input('Message').tagName).toBe('TEXTAREA');
    const formName = container.querySelector<HTMLInputElement>('input[name="form-name"]');
    expect(formName?.type).toBe('hidden');
    expect(formName?.value).toBe('contact');
    const honeypot = container.querySelector<HTMLInputElement>('input[name="honeypot"]');
    expect(honeypot?.closest('[hidden]')).not.toBeNull();
  });

  it.each([
    ['R-5.CONTACT-01', { ...VALID, name: '' }, formMessages.nameRequired],
    ['R-5.CONTACT-02', { ...VALID, email: ' ' }, formMessages.emailRequired],
    ['R-5.CONTACT-03', { ...VALID, message: '' }, formMessages.messageRequired],
    [
      'R-5.CONTACT-03 R-9.CONST-02',
      { ...VALID, message: 'Too short' },
      'Message must be at least 10 characters long.',
    ],
    [
      'R-5.CONTACT-04',
      { ...VALID, email: 'morag.example.org' },
      'Please enter a valid email address.',
    ],
    ['R-5.CONTACT-04', { ...VALID, email: 'morag@example' }, 'Please enter a valid email address.'],
  ])('%s shows its message and sends nothing', async (_id, values, message) => {
    const post = vi.fn<Post>();
    renderContact(post);
    fill(values);
    await send();
    expect(screen.getByText(message)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('a refused submission takes focus to the first field to fix; typing never moves it', async () => {
    renderContact(vi.fn());
    fill({ name: 'Morag' });
    await send();
    expect(document.activeElement).toBe(input('Email'));
    input('Message').focus();
    fill({ message: 'Hello there, pipers' });
    fill({ email: 'm' });
    expect(document.activeElement).toBe(input('Message'));
  });

  it('R-5.CONTACT-07 validation errors are reported to monitoring', async () => {
    renderContact(vi.fn());
    const before = getReports().length;
    fill({ ...VALID, message: 'short' });
    await send();
    const report = getReports().at(-1);
    expect(getReports().length).toBeGreaterThan(before);
    expect(report?.name).toBe('ValidationError');
    expect(report?.context).toMatchObject({ source: 'form', form: 'contact', fields: ['message'] });
    expect(report?.message).toContain(formMessages.messageTooShort);
  });

  it('R-7.CONTACT-03 R-3.FORMS-02 sends form-name, name, email, message and honeypot', async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    renderContact(post);
    fill(VALID);
    await send();
    expect(post).toHaveBeenCalledWith({
      'form-name': 'contact',
      name: 'Morag',
      email: 'morag@example.org',
      message: 'How do I tune drones?',
      honeypot: '',
    });
  });

  it.each([
    [true, /will reply by email/],
    [false, /reply by email needs the owner's address/],
  ])(
    'issue 22.11: the thank-you screen promises a reply only when an owner address is set (%s)',
    async (ownerReplies, expected) => {
      renderContact(vi.fn<Post>().mockResolvedValue({ ok: true }), undefined, () =>
        Promise.resolve(ownerReplies),
      );
      fill(VALID);
      await send();
      const text = await screen.findByText(expected);
      if (!ownerReplies) expect(text.textContent).not.toMatch(/will reply/);
    },
  );

  it('issue 18.1: a message sent offline is kept, and the screen says so plainly', async () => {
    renderContact(vi.fn(async () => ({ ok: true as const, queued: true as const })));
    fill(VALID);
    await send();
    expect(
      await screen.findByText(
        "You're offline. Your message is kept on this device and will be sent when you're back online.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/has been sent/)).toBeNull();
  });

  it('issue 22.11: no promise of a reply while the configuration is unknown', async () => {
    renderContact(vi.fn<Post>().mockResolvedValue({ ok: true }), undefined, () =>
      Promise.reject(new Error('offline')),
    );
    fill(VALID);
    await send();
    expect(screen.getByText('Your message has been sent.')).toBeTruthy();
  });

  it('R-7.CONTACT-04 R-2.3.CONTACT-04 R-4.FORMS-01 R-2.3.CONTACT-05 R-2.3.CONTACT-06 success shows the thank-you screen; send another waits out the 60 seconds', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    renderContact(vi.fn<Post>().mockResolvedValue({ ok: true }));
    fill(VALID);
    await send();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    const another = screen.getByRole('button', { name: 'Send Another Message' });
    expect((another as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You can send another message in 60 seconds.')).toBeTruthy();
    expect(window.localStorage.getItem('contact_last_submission')).toBe(String(Date.now()));
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('You can send another message in 1 second.')).toBeTruthy();
    expect((another as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect((another as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(another);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact');
    expect(input('Name').value).toBe('');
  });

  it('R-5.CONTACT-05 R-9.CONST-01 a submission within 60 s of the last one is rejected with the seconds left', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    window.localStorage.setItem('contact_last_submission', String(Date.now() - 20_000));
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    renderContact(post);
    fill(VALID);
    await send();
    expect(screen.getByRole('alert').textContent).toBe(waitMessage(40));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please wait 40 seconds before submitting again.',
    );
    expect(post).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(40_000));
    await send();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("R-5.FEAT-08 the feature request's last submission does not hold up the contact form", async () => {
    window.localStorage.setItem('feature_request_last_submission', String(Date.now()));
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    renderContact(post);
    fill(VALID);
    await send();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("R-8.CONTACT-01 R-7.CONTACT-05 a network failure shows 'Failed to send message. Please try again later.'", async () => {
    renderContact(vi.fn<Post>().mockResolvedValue({ ok: false, message: null }));
    fill(VALID);
    await send();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to send message. Please try again later.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact');
    expect(window.localStorage.getItem('contact_last_submission')).toBeNull();
  });

  it("a refusal shows the server's message", async () => {
    renderContact(vi.fn<Post>().mockResolvedValue({ ok: false, message: waitMessage(12) }));
    fill(VALID);
    await send();
    expect(screen.getByRole('alert').textContent).toBe(waitMessage(12));
  });

  it('a filled honeypot is sent as it is (the server drops it)', async () => {
    const post = vi.fn<Post>().mockResolvedValue({ ok: true });
    const { container } = renderContact(post);
    fill(VALID);
    container.querySelector<HTMLInputElement>('input[name="honeypot"]')!.value = 'bot';
    await send();
    expect(post.mock.calls[0]?.[0].honeypot).toBe('bot');
  });

  it('fields are prefilled from navigation state', () => {
    renderContact(vi.fn(), { name: 'Angus', email: 'angus@example.org', message: 7 });
    expect(input('Name').value).toBe('Angus');
    expect(input('Email').value).toBe('angus@example.org');
    expect(input('Message').value).toBe('');
  });
});
