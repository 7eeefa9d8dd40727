import type { Estimate, TypedResult } from '@chorus/contracts';
import type { ReportBlock, ReportChart } from './report';
import {
  amount,
  cell,
  count,
  figure,
  likely,
  percent,
  periodWord,
  price,
  pricePer,
  range,
  signed,
} from './words';

// A typed question's figures as report blocks: plain-words paragraphs a
// reader can quote, each figure with its 95 % interval, a table of every
// figure, and bars with interval whiskers for the PDF.

type ResultOf<T extends TypedResult['type']> = Extract<TypedResult, { type: T }>;

const quoted = (text: string) => `“${text}”`;

/** A bar's figure with its range, or alone when the range is just the figure. */
function barText(estimate: Estimate, format: (value: number) => string): string {
  const value = format(estimate.value);
  const spread = range(estimate, format);
  return spread === value ? value : `${value} (${spread})`;
}

/** Bars of shares (0–1), each with its interval as a whisker. */
function shareChart(title: string, bars: { label: string; share: Estimate }[]): ReportChart {
  return {
    title,
    domain: [0, 1],
    bars: bars.map(({ label, share }) => ({
      label,
      value: share.value,
      low: share.low,
      high: share.high,
      text: barText(share, percent),
    })),
  };
}

/** The top of an axis of amounts (prices, revenue): the highest end of any interval, never 0. */
function topOf(estimates: readonly Estimate[]): number {
  return Math.max(...estimates.map((e) => e.high), 0) || 1;
}

function scaleBlocks(result: ResultOf<'scale'>): ReportBlock[] {
  const points = result.points.length;
  const pointName = (p: ResultOf<'scale'>['points'][number]) =>
    p.label && p.label !== String(p.point) ? `${p.point} ${p.label}` : String(p.point);
  return [
    {
      paragraphs: [
        `Average rating ${amount(result.mean.value)} of ${points} (${likely(result.mean, (v) => amount(v))}).`,
        `${percent(result.topTwoBox.value)} chose ${points - 1} or ${points}, the top-two box (${likely(result.topTwoBox, percent)}).`,
      ],
      table: {
        columns: ['Point', 'Share of answers', 'Likely range if asked again'],
        rows: result.points.map((p) => [
          pointName(p),
          percent(p.share.value),
          range(p.share, percent),
        ]),
      },
      charts: [
        shareChart(
          'Share at each point of the scale',
          result.points.map((p) => ({ label: pointName(p), share: p.share })),
        ),
      ],
    },
  ];
}

function npsBlocks(result: ResultOf<'nps'>): ReportBlock[] {
  const groups = [
    { label: 'Promoters (9–10)', share: result.promoters },
    { label: 'Passives (7–8)', share: result.passives },
    { label: 'Detractors (0–6)', share: result.detractors },
  ];
  return [
    {
      paragraphs: [
        `Net Promoter Score ${signed(result.score.value)} (${likely(result.score, signed)}), on a scale from −100 to +100.`,
        `${percent(result.promoters.value)} would recommend it, scoring 9 or 10 (${likely(result.promoters, percent)}); ${percent(result.passives.value)} are passive, scoring 7 or 8 (${likely(result.passives, percent)}); ${percent(result.detractors.value)} would not, scoring 0 to 6 (${likely(result.detractors, percent)}).`,
      ],
      table: {
        columns: ['Figure', 'Value', 'Likely range if asked again'],
        rows: [
          ...groups.map((g) => [g.label, percent(g.share.value), range(g.share, percent)]),
          [
            'Net Promoter Score',
            cell(signed(result.score.value)),
            cell(range(result.score, signed)),
          ],
        ],
      },
      charts: [shareChart('Promoters, passives and detractors', groups)],
    },
  ];
}

function choiceBlocks(result: ResultOf<'single_choice' | 'multiple_choice'>): ReportBlock[] {
  const multiple = result.type === 'multiple_choice';
  const top = [...result.options].sort((a, b) => b.share.value - a.share.value)[0];
  return [
    {
      paragraphs: [
        ...(top
          ? [
              `Most ${multiple ? 'picked' : 'chose'} ${quoted(top.label)}: ${figure(top.share, percent)}.`,
            ]
          : []),
        ...(multiple
          ? ['Each could pick more than one, so the shares add up to more than 100%.']
          : []),
      ],
      table: {
        columns: ['Option', 'Share of people', 'Likely range if asked again'],
        rows: result.options.map((o) => [o.label, percent(o.share.value), range(o.share, percent)]),
      },
      charts: [
        shareChart(
          multiple ? 'Share of people who picked each option' : 'Share who chose each option',
          result.options,
        ),
      ],
    },
  ];
}

function numberBlocks(result: ResultOf<'number'>): ReportBlock[] {
  const unit = result.unit;
  const value = (v: number) => amount(v);
  return [
    {
      paragraphs: [
        `Median ${value(result.median.value)} ${unit} (${likely(result.median, value)}).`,
        `Half answered between ${value(result.lowerQuartile.value)} and ${value(result.upperQuartile.value)} ${unit}: the lower quartile ${likely(result.lowerQuartile, value)}, the upper quartile ${likely(result.upperQuartile, value)}.`,
      ],
      table: {
        columns: [`From (${unit})`, `To (${unit})`, 'Share of answers'],
        rows: result.histogram.map((bin) => [value(bin.from), value(bin.to), percent(bin.share)]),
      },
      charts: [
        {
          title: `How the answers spread, in ${unit}`,
          domain: [0, 1],
          bars: result.histogram.map((bin) => ({
            label: `${value(bin.from)}–${value(bin.to)}`,
            value: bin.share,
            text: percent(bin.share),
          })),
        },
      ],
    },
  ];
}

function rankingBlocks(result: ResultOf<'ranking'>): ReportBlock[] {
  const items = [...result.items].sort((a, b) => a.meanRank.value - b.meanRank.value);
  const best = items[0];
  const place = (v: number) => amount(v);
  return [
    {
      paragraphs: [
        ...(best
          ? [
              `Ranked best on average: ${quoted(best.label)}, at place ${place(best.meanRank.value)} (${likely(best.meanRank, place)}); place 1 means everyone put it first.`,
              `${quoted(best.label)} was put first by ${figure(best.firstShare, percent)}.`,
            ]
          : []),
      ],
      table: {
        columns: ['Item', 'Average place', 'Likely range', 'Put first by', 'Likely range'],
        rows: items.map((item) => [
          item.label,
          place(item.meanRank.value),
          range(item.meanRank, place),
          percent(item.firstShare.value),
          range(item.firstShare, percent),
        ]),
      },
      charts: [
        shareChart(
          'Share who put each item first',
          items.map((item) => ({ label: item.label, share: item.firstShare })),
        ),
      ],
    },
  ];
}

function maxDiffBlocks(result: ResultOf<'maxdiff'>): ReportBlock[] {
  const score = (v: number) => signed(v * 100);
  const sorted = [...result.items].sort((a, b) => b.score.value - a.score.value);
  const best = sorted[0];
  const worst = sorted[sorted.length - 1];
  return [
    {
      paragraphs: [
        ...(best
          ? [`Most preferred: ${quoted(best.label)}, score ${figure(best.score, score)}.`]
          : []),
        ...(worst && worst !== best
          ? [`Least preferred: ${quoted(worst.label)}, score ${figure(worst.score, score)}.`]
          : []),
        'Scores run from −100 (always picked as worst) to +100 (always picked as best).',
      ],
      table: {
        columns: ['Item', 'Score', 'Likely range', 'Picked as best', 'Picked as worst'],
        rows: sorted.map((item) => [
          item.label,
          cell(score(item.score.value)),
          cell(range(item.score, score)),
          percent(item.bestShare),
          percent(item.worstShare),
        ]),
      },
      charts: [
        {
          title: 'Best–worst score of each item (−100 to +100)',
          domain: [-1, 1],
          bars: sorted.map((item) => ({
            label: item.label,
            value: item.score.value,
            low: item.score.low,
            high: item.score.high,
            text: barText(item.score, score),
          })),
        },
      ],
    },
  ];
}

function priceLadderBlocks(result: ResultOf<'price_ladder'>): ReportBlock[] {
  const money = (v: number) => price(v, result.currency);
  const per = (v: number) => pricePer(v, result.currency, result.period);
  const period = periodWord(result.period);
  return [
    {
      paragraphs: [
        result.summary,
        `Best price ${per(result.bestPrice.value)} (${likely(result.bestPrice, money)}): the most revenue of the prices asked.`,
        `At that price ${percent(result.bestDemand.value)} would buy (${likely(result.bestDemand, percent)}).`,
      ],
      table: {
        columns: [
          `Price${period}`,
          'Would buy',
          'Likely range',
          'Revenue per person asked',
          'Likely range',
        ],
        rows: result.points.map((p) => [
          money(p.price),
          percent(p.demand.value),
          range(p.demand, percent),
          money(p.revenue.value),
          range(p.revenue, money),
        ]),
      },
      charts: [
        shareChart(
          `Who would buy at each price${period}`,
          result.points.map((p) => ({ label: money(p.price), share: p.demand })),
        ),
        {
          title: `Revenue per person asked at each price${period}`,
          domain: [0, topOf(result.points.map((p) => p.revenue))],
          bars: result.points.map((p) => ({
            label: money(p.price),
            value: p.revenue.value,
            low: p.revenue.low,
            high: p.revenue.high,
            text: barText(p.revenue, money),
          })),
        },
      ],
    },
  ];
}

function priceRangeBlocks(result: ResultOf<'price_range'>): ReportBlock[] {
  const money = (v: number) => price(v, result.currency);
  const per = (v: number) => pricePer(v, result.currency, result.period);
  const cheap = result.marginalCheapness;
  const dear = result.marginalExpensiveness;
  const pricePoints: { label: string; estimate: Estimate | null }[] = [
    { label: 'Marginal cheapness (low end of the acceptable range)', estimate: cheap },
    { label: 'Optimal price point', estimate: result.optimalPrice },
    { label: 'Indifference price point', estimate: result.indifferencePrice },
    { label: 'Marginal expensiveness (high end of the acceptable range)', estimate: dear },
  ];
  const found = pricePoints.flatMap((p) => (p.estimate ? [{ ...p, estimate: p.estimate }] : []));
  const likelihood = result.likelihood;
  return [
    {
      paragraphs: [
        result.summary,
        cheap && dear
          ? `Acceptable range ${money(cheap.value)} to ${per(dear.value)}: the low end ${likely(cheap, money)}, the high end ${likely(dear, money)}.`
          : 'The answers do not mark out an acceptable range: the curves that bound it do not cross.',
        ...(result.optimalPrice
          ? [
              `Optimal price ${per(result.optimalPrice.value)} (${likely(result.optimalPrice, money)}): as many find it too cheap as too expensive.`,
            ]
          : []),
        ...(result.indifferencePrice
          ? [
              `Indifference price ${per(result.indifferencePrice.value)} (${likely(result.indifferencePrice, money)}): as many call it a bargain as call it getting expensive.`,
            ]
          : []),
        ...(result.outOfOrder > 0
          ? [
              `${count(result.outOfOrder, 'answer was', 'answers were')} set aside because the four prices were out of order (for example a bargain price above the too-expensive price).`,
            ]
          : []),
        ...(likelihood
          ? [
              `From how likely they said they are to buy at their own bargain and getting-expensive prices (Newton–Miller–Smith), the most revenue at ${per(likelihood.bestPrice)}.`,
            ]
          : []),
      ],
      table: {
        columns: ['Price point', `Price${periodWord(result.period)}`, 'Likely range'],
        rows: pricePoints.map(({ label, estimate }) =>
          estimate
            ? [label, money(estimate.value), range(estimate, money)]
            : [label, 'the curves do not cross', ''],
        ),
      },
      ...(found.length > 0
        ? {
            charts: [
              {
                title: `The price points${periodWord(result.period)}`,
                domain: [0, topOf(found.map((p) => p.estimate))] as [number, number],
                bars: found.map(({ label, estimate }) => ({
                  label: label.replace(/ \(.*\)$/, ''),
                  value: estimate.value,
                  low: estimate.low,
                  high: estimate.high,
                  text: barText(estimate, money),
                })),
              },
            ],
          }
        : {}),
    },
  ];
}

/** The figures of a typed result, plain words first, then a table and bars for each type. */
export function typedFigureBlocks(result: TypedResult): ReportBlock[] {
  // Both renderings put a block's table before its paragraphs: the words go in a block of their own.
  return blocksOf(result).flatMap(({ paragraphs, ...rest }) => [
    ...(paragraphs && paragraphs.length > 0 ? [{ paragraphs }] : []),
    rest,
  ]);
}

function blocksOf(result: TypedResult): ReportBlock[] {
  switch (result.type) {
    case 'scale':
      return scaleBlocks(result);
    case 'nps':
      return npsBlocks(result);
    case 'single_choice':
    case 'multiple_choice':
      return choiceBlocks(result);
    case 'number':
      return numberBlocks(result);
    case 'ranking':
      return rankingBlocks(result);
    case 'maxdiff':
      return maxDiffBlocks(result);
    case 'price_ladder':
      return priceLadderBlocks(result);
    case 'price_range':
      return priceRangeBlocks(result);
  }
}
