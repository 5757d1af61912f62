import { describe, expect, it } from 'vitest';
import { distanceText, feeText, formatText, levelsText } from './tutorFacts.ts';

describe('issue 16.5 a tutor listing in words', () => {
  it('issue 16.5: format, levels, fee range and distance', () => {
    expect(formatText({ inPerson: true, online: false })).toBe('In person');
    expect(formatText({ inPerson: false, online: true })).toBe('Online');
    expect(formatText({ inPerson: true, online: true })).toBe('In person and online');
    expect(levelsText({ levels: ['beginner', 'competition'] })).toBe(
      'Beginners, Competition preparation',
    );
    expect(feeText({ min: 20, max: 30, currency: 'GBP' })).toBe('£20–£30 a lesson');
    expect(feeText({ min: 25, max: 25, currency: 'USD' })).toBe('US$25 a lesson');
    expect(feeText(null)).toBeNull();
    expect(distanceText(null)).toBeNull();
    expect(distanceText(0.4)).toBe('Less than 1 km away');
    expect(distanceText(3.25)).toBe('3.3 km away');
    expect(distanceText(1234.5)).toBe('1,235 km away');
  });
});
