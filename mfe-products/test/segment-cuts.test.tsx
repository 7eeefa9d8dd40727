import { MIN_SEGMENT_SIZE, type SegmentCutView, type TypedResult } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SegmentCuts } from '../src/components/questions/typed/SegmentCuts';

const est = (value: number, low: number, high: number) => ({ value, low, high });

const scale = (mean: number, respondents: number): TypedResult => ({
  type: 'scale',
  respondents,
  noAnswer: 0,
  points: [1, 2, 3, 4, 5].map((point) => ({
    point,
    label: String(point),
    share: est(0.2, 0.1, 0.3),
  })),
  mean: est(mean, mean - 0.3, mean + 0.3),
  topTwoBox: est(0.4, 0.3, 0.5),
});

const TEST = 'bootstrap difference of the two segments, 95 %';

const cuts: SegmentCutView[] = [
  {
    trait: 'age',
    segments: [
      { label: '18–34', respondents: 12, tooFew: false, result: scale(4.1, 12) },
      { label: '35–54', respondents: 9, tooFew: false, result: scale(3.2, 9) },
      { label: '55 and over', respondents: 3, tooFew: true, result: null },
    ],
    notes: [
      {
        figure: 'Mean rating',
        segments: ['18–34', '35–54'],
        difference: est(0.9, 0.4, 1.4),
        test: TEST,
        note: `Mean rating: 18–34 4.1 against 35–54 3.2, a difference of 0.9 (95% interval 0.4 to 1.4); beyond chance by the ${TEST}.`,
      },
    ],
  },
  {
    trait: 'gender',
    segments: [
      { label: 'Female', respondents: 13, tooFew: false, result: scale(3.8, 13) },
      { label: 'Male', respondents: 11, tooFew: false, result: scale(3.6, 11) },
    ],
    notes: [],
  },
];

describe('SegmentCuts', () => {
  it('cuts by each trait, says when a group is too small, and keeps the test one click away', async () => {
    render(<SegmentCuts cuts={cuts} overall={scale(3.7, 24)} />);

    const select = screen.getByLabelText('Cut by');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Age band', 'Gender']);
    expect(select).toHaveDisplayValue('Age band');

    const groups = within(screen.getByRole('list', { name: 'By age band' })).getAllByTestId(
      'segment',
    );
    expect(groups[0]).toHaveTextContent('18–34 (12 personas): 4.1 (likely between 3.8 and 4.4)');
    expect(groups[2]).toHaveTextContent(
      `55 and over (3 personas): Too few personas to say (fewer than ${MIN_SEGMENT_SIZE})`,
    );
    // A small group has no figures to open.
    expect(within(groups[2]!).queryByText(/Every figure for/)).not.toBeInTheDocument();
    expect(within(groups[0]!).getByText('Every figure for 18–34')).toBeInTheDocument();

    // The headline of each group with figures is charted.
    expect(screen.getByRole('img', { name: 'Average rating (1–5), by age band' })).toBeVisible();

    const note = screen.getByTestId('segment-note');
    expect(note).toHaveTextContent(
      'Mean rating: 18–34 4.1 against 35–54 3.2, a difference of 0.9 (95% interval 0.4 to 1.4); more than chance alone would give.',
    );
    const test = within(note).getByTestId('how-measured');
    expect(within(test).getByText('Which test')).toBeInTheDocument();
    expect(test).not.toHaveAttribute('open');
    expect(test).toHaveTextContent(TEST);

    await userEvent.selectOptions(select, 'Gender');
    expect(screen.getByRole('list', { name: 'By gender' })).toHaveTextContent(
      'Male (11 personas): 3.6',
    );
    expect(screen.queryByText(/Too few personas to say/)).not.toBeInTheDocument();
    expect(screen.getByTestId('segment-no-notes')).toHaveTextContent(
      'No difference between these groups is larger than chance alone would give.',
    );
  });

  it('shows nothing for a question the panel does not vary in', () => {
    const { container } = render(<SegmentCuts cuts={[]} overall={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
