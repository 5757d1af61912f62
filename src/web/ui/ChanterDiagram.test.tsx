import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fingeringOf } from '../../music/fingering.ts';
import { ChanterDiagram, describeFingering } from './ChanterDiagram.tsx';

afterEach(cleanup);

describe('ChanterDiagram', () => {
  it('R-2.3.DIAGRAM-01 R-2.3.DIAGRAM-02 draws in a 120 × 450 viewBox scaled to fit', () => {
    render(<ChanterDiagram fingering={fingeringOf('D')} noteName="D" />);
    const svg = screen.getByRole('img');
    expect(svg.getAttribute('viewBox')).toBe('0 0 120 450');
    expect(svg.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
  });

  it('R-2.3.DIAGRAM-03 draws each hole from the fingering state', () => {
    const { container } = render(
      <ChanterDiagram fingering={fingeringOf('HA')} noteName="High A" />,
    );
    const holes = [...container.querySelectorAll('[data-hole]')];
    expect(holes).toHaveLength(8);
    expect(holes.map((h) => h.getAttribute('data-covered'))).toEqual(
      fingeringOf('HA').holes.map(String),
    );
    expect(container.querySelectorAll('.is-open')).toHaveLength(4);
  });

  it('describes the fingering for assistive technology', () => {
    render(<ChanterDiagram fingering={fingeringOf('LA')} noteName="Low A" />);
    expect(
      screen.getByRole('img', {
        name: 'Chanter fingering for Low A: covered thumb, top index, top middle, top ring, bottom index, bottom middle, bottom ring; open bottom little',
      }),
    ).toBeTruthy();
    expect(describeFingering('Low G', fingeringOf('LG'))).toMatch(/; open none$/);
  });
});
