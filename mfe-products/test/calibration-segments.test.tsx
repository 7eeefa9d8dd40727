import { render, screen, within } from '@testing-library/react';
import { SegmentsTable } from '../src/components/questions/calibration/SegmentsTable';

describe('SegmentsTable', () => {
  it('writes each segment as counts and shares, and says when no persona falls in it', () => {
    render(
      <SegmentsTable
        rows={[
          { label: 'Female', human: [1, 0, 2], persona: [0, 0, 1], distance: 0.4412 },
          { label: 'Age 46-60', human: [0, 1, 0], persona: [0, 0, 0], distance: null },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'By segment' });
    const female = within(table).getByRole('row', { name: /^Female/ });
    expect(
      within(female)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '3: 33% positive, 0% neutral, 67% negative',
      '1: 0% positive, 0% neutral, 100% negative',
      '0.44',
    ]);
    const older = within(table).getByRole('row', { name: /^Age 46-60/ });
    expect(
      within(older)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1: 0% positive, 100% neutral, 0% negative', 'none', 'no personas to compare']);
  });

  it('is left out when the answers have no segments', () => {
    const { container } = render(<SegmentsTable rows={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
