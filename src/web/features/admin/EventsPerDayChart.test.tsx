import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventsPerDayChart, niceStep } from './EventsPerDayChart.tsx';

describe('EventsPerDayChart', () => {
  it('draws one bar per day, as tall as its count, with the numbers in a table too', () => {
    const perDay = [
      { day: '2026-11-20', count: 0 },
      { day: '2026-11-21', count: 5 },
      { day: '2026-11-22', count: 10 },
    ];
    const { container } = render(<EventsPerDayChart perDay={perDay} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Events per day: 15 in 3 days, at most 10 in a day',
    );
    const heights = [...container.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeCloseTo(2 * (heights[1] ?? 0));
    expect(screen.getByRole('table', { name: 'Events per day' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2026-11-22' })).toBeTruthy();
  });

  it('y-axis steps are 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(3)).toBe(1);
    expect(niceStep(10)).toBe(5);
    expect(niceStep(30)).toBe(10);
    expect(niceStep(170)).toBe(50);
    expect(niceStep(1234)).toBe(500);
  });
});
