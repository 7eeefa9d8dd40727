// What a complete typed question shows, by type: its results' name, chart and
// headline figures, and the checks the typed questions' browser tests read
// them with.
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';
import type { questionsOfEveryType } from './typed-helpers';

export type Type = keyof typeof questionsOfEveryType;

export const money = String.raw`\$[\d,]+(?:\.\d+)?`;

/** What a complete question of each type shows: its results' name, chart and headline figures. */
export const expectedFigures: Record<
  Type,
  { results: string; chart: string; figures: { testId: string; text: RegExp }[] }
> = {
  scale: {
    results: 'Rating scale results',
    chart: 'Share at each point of the scale',
    figures: [
      { testId: 'scale-mean', text: /^Average rating [\d.]+ of 5 \(likely/ },
      { testId: 'scale-top-two', text: /^\d+% chose 4 or 5 \(likely/ },
    ],
  },
  nps: {
    results: 'Net Promoter Score results',
    chart: 'Promoters, passives and detractors',
    figures: [
      {
        testId: 'nps-score',
        text: /^Net Promoter Score [+-]?\d+ \(likely .+\), on a scale from −100 to \+100$/,
      },
    ],
  },
  single_choice: {
    results: 'Single choice results',
    chart: 'Share who chose each option',
    figures: [
      { testId: 'choice-top', text: /^Most chose “(Email|Live chat|Phone call)”: \d+% \(likely/ },
    ],
  },
  multiple_choice: {
    results: 'Multiple choice results',
    chart: 'Share of people who picked each option',
    figures: [
      {
        testId: 'choice-top',
        text: /^Most picked “(Paper notebook|Calendar app|Spreadsheet|None of these)”: \d+% \(likely/,
      },
    ],
  },
  number: {
    results: 'Number results',
    chart: 'How the answers spread, in hours a week',
    figures: [{ testId: 'number-median', text: /^Median [\d.,]+ hours a week \(likely/ }],
  },
  ranking: {
    results: 'Ranking results',
    chart: 'Average place of each item (1 is first)',
    figures: [
      {
        testId: 'ranking-top',
        text: /^Ranked best on average: “(Reminders|Shared boards|Time tracking)”, at place [\d.]+ \(likely/,
      },
    ],
  },
  maxdiff: {
    results: 'Best–worst results',
    chart: 'Best–worst score of each item',
    figures: [
      { testId: 'maxdiff-best', text: /^Most preferred: “.+”, score [+-]?\d+ \(likely/ },
      { testId: 'maxdiff-worst', text: /^Least preferred: “.+”, score [+-]?\d+ \(likely/ },
    ],
  },
  price_ladder: {
    results: 'Price ladder results',
    chart: 'Who would buy, and the revenue, at each price a month',
    figures: [
      {
        testId: 'typed-summary',
        text: new RegExp(
          `^Most revenue at ${money} a month: \\d+% would buy; at ${money}, \\d+%\\.$`,
        ),
      },
      {
        testId: 'ladder-best',
        text: new RegExp(`^Best price ${money} a month \\(likely .+\\): the most revenue`),
      },
    ],
  },
  price_range: {
    results: 'Price range results',
    chart:
      'Share who find each price too cheap, a bargain, getting expensive or too expensive a month',
    figures: [
      {
        testId: 'range-acceptable',
        text: new RegExp(`^Acceptable range ${money} to ${money} a month: the low end likely`),
      },
      {
        testId: 'range-likelihood',
        text: new RegExp(
          `^From how likely they said they are to buy: the most revenue at ${money}`,
        ),
      },
    ],
  },
};

/** A complete typed question's results in `scope`: its chart, and each figure in plain words. */
export async function expectFigures(scope: Locator, type: Type): Promise<Locator> {
  const expected = expectedFigures[type];
  const results = scope.getByRole('region', { name: expected.results });
  await expect(results).toBeVisible();
  await expect(results).toContainText(/^.+ results\s*From \d+ personas/);
  await expect(results.getByRole('img', { name: expected.chart })).toBeVisible();
  for (const { testId, text } of expected.figures) {
    const line = results.getByTestId(testId);
    await expect(line).toBeVisible();
    await expect(line).toHaveText(text);
  }
  return results;
}

export async function expectComplete(card: Locator): Promise<void> {
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 45_000 });
}
