import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_SUCCESS_MS, feedbackMessages } from '../../../contracts/monitoring.ts';
import FeedbackDialog from './FeedbackDialog.tsx';
import { FeedbackButton } from './FeedbackButton.tsx';
import { FEEDBACK_SUCCESS_MS_PLAIN, FEEDBACK_THANKS_PLAIN } from './feedbackText.ts';
import { sendFeedback } from './sendFeedback.ts';
import type * as SendFeedbackModuleNs from './sendFeedback.ts';

type SendFeedbackModule = typeof SendFeedbackModuleNs;

const sent = vi.hoisted(() => ({ fail: false, calls: [] as unknown[] }));
vi.mock('./sendFeedback.ts', async (original) => {
  const real = await original<SendFeedbackModule>();
  return {
    ...real,
    sendFeedback: vi.fn(async (report: { message: string }) => {
      if (!report.message.trim()) throw new real.EmptyFeedbackError();
      sent.calls.push(report);
      if (sent.fail) throw new Error('offline');
    }),
  };
});

beforeEach(() => {
  sent.fail = false;
  sent.calls = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
async function clickSend() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Bug Report' }));
  });
}

describe('feedback widget', () => {
  it('the always-loaded constants agree with the contract', () => {
    expect(FEEDBACK_SUCCESS_MS_PLAIN).toBe(FEEDBACK_SUCCESS_MS);
    expect(FEEDBACK_THANKS_PLAIN).toBe(feedbackMessages.thanks);
  });

  it("R-2.4.FEEDBACK-01 R-2.4.FEEDBACK-02 R-2.4.FEEDBACK-03 R-4.FEEDBACK-01 'Report a Bug' opens the form and hides itself; the labels are the spec's", async () => {
    render(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    await screen.findByRole('dialog', { name: 'Report a Bug' });
    expect(screen.queryByRole('button', { name: 'Report a Bug' })).toBeNull();
    expect(field(/^Name/)).toBeTruthy();
    expect(field(/^Email/)).toBeTruthy();
    expect(screen.getByText('(required)').closest('label')?.textContent).toBe(
      'Description (required)',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report a Bug' })).toBeTruthy();
  });

  it("R-5.FEEDBACK-01 R-5.FEEDBACK-04 missing fields are named after 'Please enter in the following required fields:'", async () => {
    render(<FeedbackDialog onClose={vi.fn()} onSent={vi.fn()} requireName requireEmail />);
    expect(screen.getAllByText('(required)')).toHaveLength(3);
    await clickSend();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please enter in the following required fields: Name, Email, Description',
    );
    expect(sent.calls).toEqual([]);
  });

  it('R-5.FEEDBACK-02 R-5.FEEDBACK-03 name and email are optional unless configured', async () => {
    const onSent = vi.fn();
    render(<FeedbackDialog onClose={vi.fn()} onSent={onSent} />);
    fireEvent.change(field(/^Description/), { target: { value: 'The tuner sticks.' } });
    await clickSend();
    expect(onSent).toHaveBeenCalled();
  });

  it("R-5.FEEDBACK-05 a blank message raises 'Unable to submit feedback with empty message.'", async () => {
    render(<FeedbackDialog onClose={vi.fn()} onSent={vi.fn()} />);
    fireEvent.change(field(/^Description/), { target: { value: '   ' } });
    await clickSend();
    expect(screen.getByRole('alert').textContent).toBe(feedbackMessages.emptyMessage);
    expect(sent.calls).toEqual([]);
  });

  it("R-8.FEEDBACK-01 a failed submission shows 'There was a problem submitting feedback, please wait and try again.'", async () => {
    sent.fail = true;
    render(<FeedbackDialog onClose={vi.fn()} onSent={vi.fn()} />);
    fireEvent.change(field(/^Description/), { target: { value: 'The tuner sticks.' } });
    await clickSend();
    expect(screen.getByRole('alert').textContent).toBe(feedbackMessages.failed);
  });

  it("R-8.FEEDBACK-02 R-8.FEEDBACK-03 R-9.CONST-49 'Thank you for your report!' shows after sending and goes after 5 s", async () => {
    render(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    await screen.findByRole('dialog');
    fireEvent.change(field(/^Description/), { target: { value: 'The tuner sticks.' } });
    fireEvent.change(field(/^Email/), { target: { value: 'iain@example.org' } });
    vi.useFakeTimers();
    await clickSend();
    expect(vi.mocked(sendFeedback)).toHaveBeenCalled();
    expect(sent.calls[0]).toMatchObject({
      message: 'The tuner sticks.',
      email: 'iain@example.org',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(feedbackMessages.thanks)).toBeTruthy();
    act(() => vi.advanceTimersByTime(FEEDBACK_SUCCESS_MS - 1));
    expect(screen.getByText(feedbackMessages.thanks)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(feedbackMessages.thanks)).toBeNull();
  });

  it('R-8.FEEDBACK-04 the thank-you note goes on click', async () => {
    render(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    await screen.findByRole('dialog');
    fireEvent.change(field(/^Description/), { target: { value: 'The tuner sticks.' } });
    await clickSend();
    fireEvent.click(screen.getByText(feedbackMessages.thanks));
    expect(screen.queryByText(feedbackMessages.thanks)).toBeNull();
  });
});
