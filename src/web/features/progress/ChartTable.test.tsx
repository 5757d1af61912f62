import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartTable } from './ChartTable.tsx';

describe('issue 18.3 the accessible table view of a chart', () => {
  it("issue 18.3: 'Show as table' opens a captioned table; closed, it renders no rows", () => {
    const { container } = render(
      <ChartTable
        caption="Minutes per week"
        head={['Week of', 'Minutes']}
        rows={[['2026-11-23', 30]]}
      />,
    );
    expect(container.querySelector('tr')).toBeNull();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(screen.getByRole('table', { name: 'Minutes per week' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '2026-11-23' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '30' })).toBeTruthy();
  });
});
