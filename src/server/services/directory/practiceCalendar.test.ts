import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, practiceCalendar, type CalendarBand } from './practiceCalendar.ts';

const band: CalendarBand = {
  id: '3f1c2a4e-0000-4000-8000-000000000001',
  name: 'Glen Ord; Pipes, Drums',
  location: 'Inverness, GB',
  practice: [
    { day: 'tue', start: '19:30', end: '21:30' },
    { day: 'sun', start: '14:00', end: '16:00' },
  ],
  // A Wednesday.
  updatedAt: '2026-11-25T10:00:00.000Z',
  url: 'https://chanterlab.example/band/3f1c2a4e-0000-4000-8000-000000000001',
};

const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('issue 16.4: the practice calendar (RFC 5545)', () => {
  it('issue 16.4: one weekly event per practice night, floating local times from the next such day', () => {
    const ics = unfold(practiceCalendar(band, 'chanterlab.example'));
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('\r\nDTSTART:20261201T193000\r\n');
    expect(events[0]).toContain('\r\nDTEND:20261201T213000\r\n');
    expect(events[0]).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=TU\r\n');
    expect(events[1]).toContain('\r\nDTSTART:20261129T140000\r\n');
    expect(events[1]).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=SU\r\n');
    expect(events[0]).toContain('\r\nDTSTAMP:20261125T100000Z\r\n');
    expect(events[0]).toContain(`\r\nUID:${band.id}-tue-1930@chanterlab.example\r\n`);
    // Floating: no zone on the practice times.
    expect(ics).not.toMatch(/DTSTART[^\r]*Z/);
    expect(ics).not.toContain('TZID');
  });

  it('issue 16.4: CRLF line endings only, every line at most 75 octets, text escaped', () => {
    const long = { ...band, name: 'Ceòl Mòr ' + 'Pìob '.repeat(30) };
    const ics = practiceCalendar(long, 'chanterlab.example');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    // Folding never splits a character: unfolded, the text is whole again.
    expect(unfold(ics)).toContain(`SUMMARY:${escapeText(long.name)} practice`);
    const plain = unfold(practiceCalendar(band, 'chanterlab.example'));
    expect(plain).toContain('SUMMARY:Glen Ord\\; Pipes\\, Drums practice\r\n');
    expect(plain).toContain('LOCATION:Inverness\\, GB\r\n');
  });

  it('issue 16.4: escaping and folding follow RFC 5545 §3.3.11 and §3.1', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // 'é' is two octets: 74 x + é would be 76, so é moves to the next line whole.
    expect(foldLine(`${'x'.repeat(74)}é`)).toBe(`${'x'.repeat(74)}\r\n é`);
  });

  it('issue 16.4: a band with no practice nights is a valid, empty calendar', () => {
    const ics = practiceCalendar({ ...band, practice: [] }, 'chanterlab.example');
    expect(ics).not.toContain('VEVENT');
    expect(ics).toContain('X-WR-CALNAME:');
  });
});
