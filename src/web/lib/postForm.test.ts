import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics, resetAnalyticsForTests } from './analytics.ts';
import { postForm } from './postForm.ts';

afterEach(() => resetAnalyticsForTests());

const fields = { 'form-name': 'contact', name: 'Morag & Co', email: 'm@example.org' };

describe('postForm', () => {
  it('R-7.CONTACT-01 R-7.CONTACT-02 R-7.FEAT-01 POSTs to the site root, urlencoded', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    expect(await postForm(fields, fetchImpl)).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(init?.body).toBe('form-name=contact&name=Morag+%26+Co&email=m%40example.org');
  });

  it('R-7.FEAT-04 success needs nothing from the body', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('not json'));
    expect(await postForm(fields, fetchImpl)).toEqual({ ok: true });
  });

  it('a network failure has no message; a refusal brings the server message; a 5xx none', async () => {
    expect(
      await postForm(fields, vi.fn<typeof fetch>().mockRejectedValue(new TypeError('x'))),
    ).toEqual({ ok: false, message: null });
    const refusal = new Response(JSON.stringify({ error: { message: 'Nope.', code: 'x' } }), {
      status: 429,
    });
    expect(await postForm(fields, vi.fn<typeof fetch>().mockResolvedValue(refusal))).toEqual({
      ok: false,
      message: 'Nope.',
    });
    const crash = new Response(JSON.stringify({ error: { message: 'Internal server error' } }), {
      status: 500,
    });
    expect(await postForm(fields, vi.fn<typeof fetch>().mockResolvedValue(crash))).toEqual({
      ok: false,
      message: null,
    });
  });

  it('R-3.ANALYTICS form_submission events carry the form name and the outcome', async () => {
    const beacons: Blob[] = [];
    resetAnalyticsForTests({
      doNotTrack: () => false,
      sendBeacon: (_url, body) => beacons.push(body) > 0,
      setTimeout: () => 0,
    });
    await postForm(fields, vi.fn<typeof fetch>().mockResolvedValue(new Response('{}')));
    await postForm(fields, vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    flushAnalytics();
    const body = JSON.parse(await beacons[0]!.text()) as { events: Record<string, unknown>[] };
    expect(body.events.map((e) => [e.kind, e.label, e.success])).toEqual([
      ['form_submission', 'contact', true],
      ['form_submission', 'contact', false],
    ]);
  });
});
