import type { PersonaResponse, QuestionSpec, TypedResult } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import { PersonaResponseCard } from '../src/components/questions/PersonaResponseCard';
import { TypedResultView } from '../src/components/questions/typed/TypedResultView';

const est = (value: number, low: number, high: number) => ({ value, low, high });

/** The hidden table of a chart, read row by row as a screen reader would. */
function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).queryAllByRole('cell')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
}

const figures = () => screen.getByTestId('typed-result');

describe('TypedResultView', () => {
  it('writes a rating scale’s average and top two with their ranges, and charts each point', () => {
    const scale: TypedResult = {
      type: 'scale',
      respondents: 12,
      noAnswer: 1,
      points: [
        { point: 1, label: 'Definitely would not buy', share: est(0.1, 0.05, 0.16) },
        { point: 2, label: '2', share: est(0.15, 0.08, 0.22) },
        { point: 3, label: '3', share: est(0.2, 0.12, 0.28) },
        { point: 4, label: '4', share: est(0.3, 0.22, 0.38) },
        { point: 5, label: 'Definitely would buy', share: est(0.25, 0.18, 0.33) },
      ],
      mean: est(3.45, 3.21, 3.7),
      topTwoBox: est(0.55, 0.46, 0.63),
    };
    render(<TypedResultView result={scale} />);

    expect(screen.getByRole('region', { name: 'Rating scale results' })).toBeInTheDocument();
    expect(figures()).toHaveTextContent(
      'From 12 personas; 1 answer could not be used and was left out.',
    );
    expect(screen.getByTestId('scale-mean')).toHaveTextContent(
      'Average rating 3.5 of 5 (likely between 3.2 and 3.7)',
    );
    expect(screen.getByTestId('scale-top-two')).toHaveTextContent(
      '55% chose 4 or 5 (likely between 46% and 63%)',
    );
    expect(tableRows('Share at each point of the scale')).toEqual([
      ['1 Definitely would not buy', '10%', '5% to 16%'],
      ['2', '15%', '8% to 22%'],
      ['3', '20%', '12% to 28%'],
      ['4', '30%', '22% to 38%'],
      ['5 Definitely would buy', '25%', '18% to 33%'],
    ]);
    // The method's name waits behind the disclosure.
    const how = screen.getByTestId('how-measured');
    expect(how).not.toHaveAttribute('open');
    expect(how).toHaveTextContent(/bootstrap/);
  });

  it('writes the Net Promoter Score with its range and stacks the three groups', () => {
    const nps: TypedResult = {
      type: 'nps',
      respondents: 20,
      noAnswer: 0,
      promoters: est(0.4, 0.3, 0.5),
      passives: est(0.32, 0.24, 0.4),
      detractors: est(0.28, 0.2, 0.36),
      score: est(12, -4, 27),
      scores: Array.from({ length: 11 }, (_, score) => ({ score, share: 1 / 11 })),
    };
    render(<TypedResultView result={nps} />);

    expect(screen.getByTestId('nps-score')).toHaveTextContent(
      'Net Promoter Score +12 (likely between -4 and +27)',
    );
    expect(figures()).toHaveTextContent(
      '40% would recommend it (scored 9 or 10; likely between 30% and 50%)',
    );
    expect(tableRows('Promoters, passives and detractors')).toEqual([
      [
        'Everyone',
        '28% (likely between 20% and 36%)',
        '32% (likely between 24% and 40%)',
        '40% (likely between 30% and 50%)',
      ],
    ]);
    expect(tableRows('Share at each score from 0 to 10')).toHaveLength(11);
  });

  it('charts the options of a multiple choice with their ranges and says shares overlap', () => {
    const choice: TypedResult = {
      type: 'multiple_choice',
      respondents: 10,
      noAnswer: 0,
      options: [
        { label: 'Email', share: est(0.7, 0.55, 0.82) },
        { label: 'Text message', share: est(0.4, 0.25, 0.55) },
        { label: 'None of these', share: est(0.1, 0, 0.2) },
      ],
    };
    render(<TypedResultView result={choice} />);
    expect(screen.getByTestId('choice-top')).toHaveTextContent(
      'Most picked “Email”: 70% (likely between 55% and 82%)',
    );
    expect(figures()).toHaveTextContent('the shares add up to more than 100%');
    expect(tableRows('Share of people who picked each option')).toEqual([
      ['Email', '70%', '55% to 82%'],
      ['Text message', '40%', '25% to 55%'],
      ['None of these', '10%', '0% to 20%'],
    ]);
  });

  it('writes a number’s median in its unit and draws the spread', () => {
    const number: TypedResult = {
      type: 'number',
      respondents: 8,
      noAnswer: 0,
      unit: 'dollars a month',
      median: est(40, 35, 45),
      lowerQuartile: est(25, 20, 30),
      upperQuartile: est(60, 50, 70),
      histogram: [
        { from: 0, to: 25, share: 0.25 },
        { from: 25, to: 50, share: 0.5 },
        { from: 50, to: 100, share: 0.25 },
      ],
    };
    render(<TypedResultView result={number} />);
    expect(screen.getByTestId('number-median')).toHaveTextContent(
      'Median 40 dollars a month (likely between 35 and 45)',
    );
    expect(figures()).toHaveTextContent('Half answered between 25 and 60 dollars a month');
    expect(tableRows('How the answers spread, in dollars a month')).toEqual([
      ['0–25', '25%'],
      ['25–50', '50%'],
      ['50–100', '25%'],
    ]);
  });

  it('orders a ranking by average place and says who put each first', () => {
    const ranking: TypedResult = {
      type: 'ranking',
      respondents: 9,
      noAnswer: 0,
      items: [
        { label: 'Price', meanRank: est(2.4, 2.1, 2.7), firstShare: est(0.2, 0.1, 0.3) },
        { label: 'Speed', meanRank: est(1.6, 1.3, 1.9), firstShare: est(0.6, 0.45, 0.72) },
        { label: 'Support', meanRank: est(2, 1.7, 2.3), firstShare: est(0.2, 0.1, 0.3) },
      ],
    };
    render(<TypedResultView result={ranking} />);
    expect(screen.getByTestId('ranking-top')).toHaveTextContent(
      'Ranked best on average: “Speed”, at place 1.6 (likely between 1.3 and 1.9)',
    );
    expect(tableRows('Average place of each item (1 is first)')).toEqual([
      ['Speed', '1.6', '1.3 to 1.9', '60% (likely between 45% and 72%)'],
      ['Support', '2', '1.7 to 2.3', '20% (likely between 10% and 30%)'],
      ['Price', '2.4', '2.1 to 2.7', '20% (likely between 10% and 30%)'],
    ]);
  });

  it('scores best–worst items from −100 to +100, most and least preferred in words', () => {
    const maxdiff: TypedResult = {
      type: 'maxdiff',
      respondents: 10,
      noAnswer: 0,
      items: [
        { label: 'Offline mode', score: est(0.45, 0.3, 0.6), bestShare: 0.55, worstShare: 0.1 },
        { label: 'Dark theme', score: est(0.05, -0.1, 0.2), bestShare: 0.25, worstShare: 0.2 },
        { label: 'Emoji', score: est(-0.5, -0.65, -0.35), bestShare: 0.05, worstShare: 0.55 },
      ],
    };
    render(<TypedResultView result={maxdiff} />);
    expect(screen.getByTestId('maxdiff-best')).toHaveTextContent(
      'Most preferred: “Offline mode”, score +45 (likely between +30 and +60)',
    );
    expect(screen.getByTestId('maxdiff-worst')).toHaveTextContent(
      'Least preferred: “Emoji”, score -50 (likely between -65 and -35)',
    );
    expect(tableRows('Best–worst score of each item')).toEqual([
      ['Offline mode', '+45', '+30 to +60', '55%', '10%'],
      ['Dark theme', '+5', '-10 to +20', '25%', '20%'],
      ['Emoji', '-50', '-65 to -35', '5%', '55%'],
    ]);
  });

  it('puts a price ladder’s summary first, then the best price with its range, over the curves', () => {
    const ladder: TypedResult = {
      type: 'price_ladder',
      respondents: 15,
      noAnswer: 0,
      currency: 'USD',
      period: 'month',
      points: [
        { price: 9, demand: est(0.8, 0.7, 0.9), revenue: est(7.2, 6.3, 8.1) },
        { price: 19, demand: est(0.55, 0.45, 0.65), revenue: est(10.45, 8.55, 12.35) },
        { price: 29, demand: est(0.3, 0.2, 0.4), revenue: est(8.7, 5.8, 11.6) },
        { price: 39, demand: est(0.1, 0.05, 0.18), revenue: est(3.9, 1.95, 7.02) },
      ],
      bestPrice: est(19, 19, 29),
      bestDemand: est(0.55, 0.45, 0.65),
      summary: 'Most revenue at $19 a month: 55% would buy; at $29, 30%.',
    };
    render(<TypedResultView result={ladder} />);

    const section = screen.getByRole('region', { name: 'Price ladder results' });
    const summary = within(section).getByTestId('typed-summary');
    expect(summary).toHaveTextContent('Most revenue at $19 a month: 55% would buy; at $29, 30%.');
    // Plain words come before the chart.
    expect(
      summary.compareDocumentPosition(within(section).getByRole('img', { name: /Who would buy/ })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByTestId('ladder-best')).toHaveTextContent(
      'Best price $19 a month (likely between $19 and $29)',
    );
    expect(section).toHaveTextContent('At that price 55% would buy (likely between 45% and 65%)');
    expect(tableRows('Who would buy, and the revenue, at each price a month')).toEqual([
      ['$9', '80%', '70% to 90%', '$7.20', '$6.30 to $8.10'],
      ['$19', '55%', '45% to 65%', '$10.45', '$8.55 to $12.35'],
      ['$29', '30%', '20% to 40%', '$8.70', '$5.80 to $11.60'],
      ['$39', '10%', '5% to 18%', '$3.90', '$1.95 to $7.02'],
    ]);
    const how = screen.getByTestId('how-measured');
    expect(how).toHaveTextContent(/Gabor–Granger/);
    expect(section.textContent?.split('How this is measured')[0]).not.toMatch(/Gabor/);
  });

  it('reads the acceptable range and the two prices off a price range, and counts answers set aside', () => {
    const range: TypedResult = {
      type: 'price_range',
      respondents: 14,
      noAnswer: 0,
      outOfOrder: 3,
      currency: 'USD',
      period: 'month',
      curves: [10, 20, 30, 40].map((price, i) => ({
        price,
        tooCheap: [0.6, 0.2, 0.05, 0][i]!,
        bargain: [0.9, 0.6, 0.3, 0.1][i]!,
        expensive: [0.05, 0.3, 0.6, 0.85][i]!,
        tooExpensive: [0, 0.1, 0.4, 0.7][i]!,
      })),
      marginalCheapness: est(14, 12, 16),
      marginalExpensiveness: est(33, 30, 37),
      optimalPrice: est(21, 19, 24),
      indifferencePrice: est(25, 22, 28),
      likelihood: null,
      summary: 'Acceptable between $14 and $33 a month; few would doubt the quality above $21.',
    };
    render(<TypedResultView result={range} />);

    expect(screen.getByTestId('typed-summary')).toHaveTextContent(range.summary);
    expect(screen.getByTestId('range-acceptable')).toHaveTextContent(
      'Acceptable range $14 to $33 a month: the low end likely between $12 and $16, the high end likely between $30 and $37',
    );
    expect(screen.getByTestId('range-optimal')).toHaveTextContent(
      'Optimal price $21 a month (likely between $19 and $24)',
    );
    expect(screen.getByTestId('range-indifference')).toHaveTextContent(
      'Indifference price $25 a month (likely between $22 and $28)',
    );
    expect(screen.getByTestId('range-out-of-order')).toHaveTextContent(
      '3 answers were set aside because the four prices were out of order',
    );
    const curves = tableRows(
      'Share who find each price too cheap, a bargain, getting expensive or too expensive a month',
    );
    expect(curves[1]).toEqual(['$20', '20%', '60%', '30%', '10%']);
    expect(screen.getByTestId('how-measured')).toHaveTextContent(/Van Westendorp/);
  });

  it('says when there are no usable answers instead of drawing empty charts', () => {
    render(
      <TypedResultView
        result={{
          type: 'nps',
          respondents: 0,
          noAnswer: 4,
          promoters: est(0, 0, 0),
          passives: est(0, 0, 0),
          detractors: est(0, 0, 0),
          score: est(0, 0, 0),
          scores: [],
        }}
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('No usable answers yet');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe("A persona's typed answer in words", () => {
  const base: PersonaResponse = {
    personaId: 'p1',
    personaName: 'Maya Chen',
    opinion: 'positive',
    confidence: 0.6,
    safetyInfluence: 'low',
    response: 'It would save me time.',
    reasoning: 'I plan every week.',
    grounding: { personaAttributes: [], profileFields: [] },
  };

  it.each<[string, QuestionSpec, NonNullable<PersonaResponse['typed']>, string]>([
    [
      'a rating',
      {
        type: 'scale',
        points: 5,
        lowLabel: 'Definitely would not buy',
        highLabel: 'Definitely would buy',
        pointLabels: [],
        ratingMethod: 'direct',
      },
      { type: 'scale', draws: [4, 4, 5, 3, 4], noAnswer: 0 },
      'Rated 4 of 5 most often',
    ],
    [
      'a ladder',
      {
        type: 'price_ladder',
        offer: 'Chorus Pro',
        currency: 'USD',
        period: 'month',
        prices: [9, 19, 29, 39],
      },
      {
        type: 'price_ladder',
        buyProbability: [0.9, 0.6, 0.2, 0],
        draws: [2, 2, 1, 3, 2],
        noAnswer: 0,
      },
      'Would buy up to $19 a month',
    ],
    [
      'a ladder not bought at all',
      {
        type: 'price_ladder',
        offer: 'Chorus Pro',
        currency: 'USD',
        period: 'month',
        prices: [9, 19, 29, 39],
      },
      { type: 'price_ladder', buyProbability: [0, 0, 0, 0], draws: [0], noAnswer: 1 },
      'Would not buy at any of the prices, not even $9 a month (1 answer not usable)',
    ],
    [
      'a single choice',
      { type: 'single_choice', options: ['Email', 'Text message'], noneOption: true },
      { type: 'single_choice', draws: [2, 2, 0], noAnswer: 0 },
      'Chose none of these most often',
    ],
    [
      'a number',
      { type: 'number', unit: 'dollars a month', min: 0, max: 500 },
      { type: 'number', draws: [30, 40, 50], noAnswer: 0 },
      'Said 40 dollars a month (the middle of its 3 answers)',
    ],
  ])('writes %s', (_, spec, typed, words) => {
    render(<PersonaResponseCard response={{ ...base, typed }} spec={spec} />);
    expect(screen.getByTestId('typed-answer')).toHaveTextContent(words);
  });

  it('writes nothing extra for an open opinion answer', () => {
    render(<PersonaResponseCard response={base} />);
    expect(screen.queryByTestId('typed-answer')).not.toBeInTheDocument();
  });
});
