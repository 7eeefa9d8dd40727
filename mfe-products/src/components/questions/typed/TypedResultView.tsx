import { informativeSpan } from './range-span';
import { type Estimate, questionTypeLabels, type TypedResult } from '@chorus/contracts';
import {
  BarChart,
  CurveChart,
  type CurveSeries,
  RangeBarChart,
  StackedBarChart,
} from '@chorus/platform/charts';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { HowMeasured } from '../HowMeasured';
import { amount, count, figure, likely, percent, periodWord, price, pricePer } from './words';

// Tailwind's palette as CSS colours (the charts draw with them).
const colors = {
  primary: 'var(--color-primary)',
  emerald: '#10b981',
  slate: '#94a3b8',
  red: '#ef4444',
  amber: '#f59e0b',
  sky: '#0ea5e9',
  violet: '#8b5cf6',
};

type ResultOf<T extends TypedResult['type']> = Extract<TypedResult, { type: T }>;

const pct = (value: number) => `${Math.round(value)}%`;
const toPct = (estimate: Estimate) => ({
  value: estimate.value * 100,
  low: estimate.low * 100,
  high: estimate.high * 100,
});

/** The plain-words lines above a chart, each a figure a reader can quote. */
function Figures({ children }: { children: ReactNode }) {
  return <ul className="grid gap-1 text-sm">{children}</ul>;
}

function FigureLine({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-2" data-testid={testId}>
      <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function Summary({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm font-medium break-words" data-testid="typed-summary">
      {children}
    </p>
  );
}

const intervalNote =
  'Each range is a 95% interval from a bootstrap: the personas, and each one’s repeated answers, were resampled many times and the figure worked out again each time; the range holds the middle 95% of those figures.';

// ---------------------------------------------------------------------------

function ScaleResult({ result }: { result: ResultOf<'scale'> }) {
  const points = result.points.length;
  const bars = result.points.map((p) => {
    const share = toPct(p.share);
    const words = p.label && p.label !== String(p.point) ? ` ${p.label}` : '';
    return { label: `${p.point}${words}`, ...share };
  });
  return (
    <>
      <Figures>
        <FigureLine testId="scale-mean">
          Average rating {amount(result.mean.value, 1)} of {points} (
          {likely(result.mean, (v) => amount(v, 1))})
        </FigureLine>
        <FigureLine testId="scale-top-two">
          {percent(result.topTwoBox.value)} chose {points - 1} or {points} (
          {likely(result.topTwoBox, percent)})
        </FigureLine>
      </Figures>
      <RangeBarChart
        title="Share at each point of the scale"
        bars={bars}
        categoryLabel="Point"
        valueLabel="Share of answers"
        format={pct}
        domain={[0, 100]}
        labelWidth={112}
      />
      <HowMeasured>
        <p>
          The share at each point counts every answer, each persona weighted equally. The average is
          the mean point; “{points - 1} or {points}” is the top-two box, the usual headline of a
          purchase-intent scale.
        </p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

const signed = (value: number) => {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
};

function NpsResult({ result }: { result: ResultOf<'nps'> }) {
  const parts = [
    { label: 'Detractors (0–6)', estimate: result.detractors, color: colors.red },
    { label: 'Passives (7–8)', estimate: result.passives, color: colors.slate },
    { label: 'Promoters (9–10)', estimate: result.promoters, color: colors.emerald },
  ];
  return (
    <>
      <Figures>
        <FigureLine testId="nps-score">
          Net Promoter Score {signed(result.score.value)} ({likely(result.score, signed)}), on a
          scale from −100 to +100
        </FigureLine>
        <FigureLine>
          {percent(result.promoters.value)} would recommend it (scored 9 or 10;{' '}
          {likely(result.promoters, percent)})
        </FigureLine>
        <FigureLine>
          {percent(result.detractors.value)} would not (scored 0 to 6;{' '}
          {likely(result.detractors, percent)})
        </FigureLine>
      </Figures>
      <StackedBarChart
        title="Promoters, passives and detractors"
        categoryLabel="Group"
        rows={[{ label: 'Everyone', values: parts.map((p) => p.estimate.value * 100) }]}
        segments={parts.map((p) => ({ label: p.label, color: p.color }))}
        format={pct}
        cell={(_, index) => figure(parts[index]!.estimate, percent)}
      />
      {result.scores.length > 0 ? (
        <BarChart
          title="Share at each score from 0 to 10"
          data={result.scores.map((s) => ({ score: String(s.score), share: s.share * 100 }))}
          category="score"
          categoryLabel="Score"
          height={170}
          legend={false}
          series={[
            {
              key: 'share',
              label: 'Share of answers',
              color: colors.primary,
              colors: result.scores.map((s) =>
                s.score >= 9 ? colors.emerald : s.score >= 7 ? colors.slate : colors.red,
              ),
              format: pct,
            },
          ]}
        />
      ) : null}
      <HowMeasured>
        <p>
          Net Promoter Score: the share of promoters (9–10) minus the share of detractors (0–6),
          from −100 (everyone a detractor) to +100 (everyone a promoter).
        </p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

function ChoiceResult({ result }: { result: ResultOf<'single_choice' | 'multiple_choice'> }) {
  const top = [...result.options].sort((a, b) => b.share.value - a.share.value)[0];
  const multiple = result.type === 'multiple_choice';
  return (
    <>
      <Figures>
        {top ? (
          <FigureLine testId="choice-top">
            Most {multiple ? 'picked' : 'chose'} “{top.label}”: {figure(top.share, percent)}
          </FigureLine>
        ) : null}
        {multiple ? (
          <FigureLine>
            Each could pick more than one, so the shares add up to more than 100%.
          </FigureLine>
        ) : null}
      </Figures>
      <RangeBarChart
        title={multiple ? 'Share of people who picked each option' : 'Share who chose each option'}
        bars={result.options.map((o) => ({ label: o.label, ...toPct(o.share) }))}
        categoryLabel="Option"
        valueLabel="Share of people"
        format={pct}
        domain={[0, 100]}
      />
      <HowMeasured>
        <p>
          Shares of people, not of ticks: each persona counts once, weighted by how often it gave
          each answer.
        </p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

function NumberResult({ result }: { result: ResultOf<'number'> }) {
  const unit = result.unit;
  const value = (v: number) => amount(v, 1);
  return (
    <>
      <Figures>
        <FigureLine testId="number-median">
          Median {value(result.median.value)} {unit} ({likely(result.median, value)})
        </FigureLine>
        <FigureLine>
          Half answered between {value(result.lowerQuartile.value)} and{' '}
          {value(result.upperQuartile.value)} {unit}
        </FigureLine>
      </Figures>
      <BarChart
        title={`How the answers spread, in ${unit}`}
        data={result.histogram.map((bin) => ({
          bin: `${value(bin.from)}–${value(bin.to)}`,
          share: bin.share * 100,
        }))}
        category="bin"
        categoryLabel={unit}
        height={200}
        series={[{ key: 'share', label: 'Share of answers', color: colors.primary, format: pct }]}
      />
      <HowMeasured>
        <p>
          The median is the middle answer; half the answers lie between the lower and the upper
          quartile ({value(result.lowerQuartile.low)}–{value(result.lowerQuartile.high)} and{' '}
          {value(result.upperQuartile.low)}–{value(result.upperQuartile.high)} likely).
        </p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

function RankingResult({ result }: { result: ResultOf<'ranking'> }) {
  const items = [...result.items].sort((a, b) => a.meanRank.value - b.meanRank.value);
  const best = items[0];
  const place = (v: number) => amount(v, 1);
  return (
    <>
      <Figures>
        {best ? (
          <FigureLine testId="ranking-top">
            Ranked best on average: “{best.label}”, at place {place(best.meanRank.value)} (
            {likely(best.meanRank, place)})
          </FigureLine>
        ) : null}
        <FigureLine>Shorter bars are better: 1 means everyone put it first.</FigureLine>
      </Figures>
      <RangeBarChart
        title="Average place of each item (1 is first)"
        bars={items.map((item) => ({
          label: item.label,
          ...item.meanRank,
          cells: [figure(item.firstShare, percent)],
        }))}
        categoryLabel="Item"
        valueLabel="Average place"
        format={place}
        domain={[0, items.length]}
        ticks={Array.from({ length: items.length + 1 }, (_, i) => i)}
        extraColumns={['Put first by']}
      />
      <div className="grid gap-1 text-sm">
        <p className="text-xs text-muted-foreground">Share who put each item first:</p>
        <ul className="grid gap-0.5">
          {items.map((item) => (
            <li key={item.label} className="break-words">
              <span className="font-medium">{item.label}</span>: {figure(item.firstShare, percent)}
            </li>
          ))}
        </ul>
      </div>
      <HowMeasured>
        <p>The average place is the mean rank over every ranking, each persona weighted equally.</p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

function MaxDiffResult({ result }: { result: ResultOf<'maxdiff'> }) {
  const score = (v: number) => signed(v * 100);
  const sorted = [...result.items].sort((a, b) => b.score.value - a.score.value);
  const best = sorted[0];
  const worst = sorted[sorted.length - 1];
  const reach = Math.max(
    10,
    ...result.items.map(
      (i) => Math.ceil((Math.max(Math.abs(i.score.low), Math.abs(i.score.high)) * 100) / 10) * 10,
    ),
  );
  const edge = Math.min(reach, 100);
  return (
    <>
      <Figures>
        {best ? (
          <FigureLine testId="maxdiff-best">
            Most preferred: “{best.label}”, score {figure(best.score, score)}
          </FigureLine>
        ) : null}
        {worst && worst !== best ? (
          <FigureLine testId="maxdiff-worst">
            Least preferred: “{worst.label}”, score {figure(worst.score, score)}
          </FigureLine>
        ) : null}
        <FigureLine>
          Scores run from −100 (always picked as worst) to +100 (always picked as best).
        </FigureLine>
      </Figures>
      <RangeBarChart
        title="Best–worst score of each item"
        bars={sorted.map((item) => ({
          label: item.label,
          value: item.score.value * 100,
          low: item.score.low * 100,
          high: item.score.high * 100,
          color: item.score.value >= 0 ? colors.emerald : colors.red,
          cells: [percent(item.bestShare), percent(item.worstShare)],
        }))}
        categoryLabel="Item"
        valueLabel="Score"
        format={(v) => signed(v)}
        domain={[-edge, edge]}
        legend={[
          { label: 'Picked as best more often', color: colors.emerald },
          { label: 'Picked as worst more often', color: colors.red },
        ]}
        extraColumns={['Picked as best', 'Picked as worst']}
      />
      <HowMeasured>
        <p>
          Best–worst scaling (MaxDiff): each item’s score is the times it was picked as best minus
          the times it was picked as worst, over the times it was shown.
        </p>
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

type LadderRow = {
  price: number;
  demand: number;
  demandRange: { low: number; high: number };
  revenue: number;
  revenueRange: { low: number; high: number };
};

function PriceLadderResult({ result }: { result: ResultOf<'price_ladder'> }) {
  const money = (v: number) => price(v, result.currency);
  const per = (v: number) => pricePer(v, result.currency, result.period);
  const data: LadderRow[] = result.points.map((p) => ({
    price: p.price,
    demand: p.demand.value * 100,
    demandRange: { low: p.demand.low * 100, high: p.demand.high * 100 },
    revenue: p.revenue.value,
    revenueRange: { low: p.revenue.low, high: p.revenue.high },
  }));
  const series: CurveSeries<LadderRow>[] = [
    {
      key: 'demand',
      label: 'Would buy',
      color: colors.primary,
      format: pct,
      band: 'demandRange',
      bandLabel: 'Would buy, likely range',
    },
    {
      key: 'revenue',
      label: 'Revenue per person asked',
      color: colors.amber,
      axis: 'right',
      format: money,
      band: 'revenueRange',
      bandLabel: 'Revenue, likely range',
      dashed: true,
    },
  ];
  return (
    <>
      <Summary>{result.summary}</Summary>
      <Figures>
        <FigureLine testId="ladder-best">
          Best price {per(result.bestPrice.value)} ({likely(result.bestPrice, money)}): the most
          revenue of the prices asked
        </FigureLine>
        <FigureLine>
          At that price {percent(result.bestDemand.value)} would buy (
          {likely(result.bestDemand, percent)})
        </FigureLine>
      </Figures>
      <CurveChart
        title={`Who would buy, and the revenue, at each price${periodWord(result.period)}`}
        data={data}
        x="price"
        xLabel={`Price${periodWord(result.period)}`}
        formatX={money}
        xTicks="data"
        series={series}
        leftDomain={[0, 100]}
        marks={[
          {
            at: result.bestPrice.value,
            label: `Best price (${money(result.bestPrice.value)})`,
            color: colors.emerald,
          },
        ]}
        dots
      />
      <HowMeasured>
        <p>
          Gabor–Granger price ladder: each persona was asked, one price at a time, whether it would
          buy at that price. The share who would buy can only fall as the price rises; revenue per
          person asked is the price times that share, and the best price is the ladder price with
          the most revenue.
        </p>
        <p>{intervalNote} The best price’s range is where the best price fell in most resamples.</p>
      </HowMeasured>
    </>
  );
}

type RangeRow = ResultOf<'price_range'>['curves'][number];
type TrialRow = { price: number; trial: number; revenue: number };

function PriceRangeResult({ result }: { result: ResultOf<'price_range'> }) {
  const money = (v: number) => price(v, result.currency);
  const per = (v: number) => pricePer(v, result.currency, result.period);
  const cheap = result.marginalCheapness;
  const dear = result.marginalExpensiveness;
  const data = informativeSpan(result.curves).map((c) => ({
    price: c.price,
    tooCheap: c.tooCheap * 100,
    bargain: c.bargain * 100,
    expensive: c.expensive * 100,
    tooExpensive: c.tooExpensive * 100,
  }));
  const series: CurveSeries<RangeRow>[] = [
    { key: 'tooCheap', label: 'Too cheap', color: colors.amber, format: pct, dashed: true },
    { key: 'bargain', label: 'A bargain', color: colors.emerald, format: pct },
    { key: 'expensive', label: 'Getting expensive', color: colors.sky, format: pct },
    { key: 'tooExpensive', label: 'Too expensive', color: colors.red, format: pct, dashed: true },
  ];
  const marks = [
    ...(result.optimalPrice
      ? [
          {
            at: result.optimalPrice.value,
            label: `Optimal price (${money(result.optimalPrice.value)})`,
            color: colors.violet,
          },
        ]
      : []),
    ...(result.indifferencePrice
      ? [
          {
            at: result.indifferencePrice.value,
            label: `Indifference price (${money(result.indifferencePrice.value)})`,
            color: colors.slate,
          },
        ]
      : []),
  ];
  const likelihood = result.likelihood;
  return (
    <>
      <Summary>{result.summary}</Summary>
      <Figures>
        {cheap && dear ? (
          <FigureLine testId="range-acceptable">
            Acceptable range {money(cheap.value)} to {per(dear.value)}: the low end{' '}
            {likely(cheap, money)}, the high end {likely(dear, money)}
          </FigureLine>
        ) : (
          <FigureLine testId="range-acceptable">
            The answers do not mark out an acceptable range: the curves that bound it do not cross.
          </FigureLine>
        )}
        {result.optimalPrice ? (
          <FigureLine testId="range-optimal">
            Optimal price {per(result.optimalPrice.value)} ({likely(result.optimalPrice, money)}):
            as many find it too cheap as too expensive
          </FigureLine>
        ) : null}
        {result.indifferencePrice ? (
          <FigureLine testId="range-indifference">
            Indifference price {per(result.indifferencePrice.value)} (
            {likely(result.indifferencePrice, money)}): as many call it a bargain as call it getting
            expensive
          </FigureLine>
        ) : null}
        {result.outOfOrder > 0 ? (
          <FigureLine testId="range-out-of-order">
            {count(result.outOfOrder, 'answer was', 'answers were')} set aside because the four
            prices were out of order (for example a bargain price above the too-expensive price).
          </FigureLine>
        ) : null}
      </Figures>
      <CurveChart
        title={`Share who find each price too cheap, a bargain, getting expensive or too expensive${periodWord(result.period)}`}
        data={data}
        x="price"
        xLabel={`Price${periodWord(result.period)}`}
        formatX={money}
        series={series}
        leftDomain={[0, 100]}
        shade={
          cheap && dear
            ? {
                from: cheap.value,
                to: dear.value,
                label: 'Acceptable range',
                color: colors.emerald,
              }
            : null
        }
        marks={marks}
      />
      {likelihood ? (
        <div className="grid gap-2">
          <Figures>
            <FigureLine testId="range-likelihood">
              From how likely they said they are to buy: the most revenue at{' '}
              {per(likelihood.bestPrice)}
            </FigureLine>
          </Figures>
          <CurveChart<TrialRow>
            title="Expected share buying, and revenue, at each price"
            data={likelihood.points.map((p) => ({ ...p, trial: p.trial * 100 }))}
            x="price"
            xLabel={`Price${periodWord(result.period)}`}
            formatX={money}
            series={[
              { key: 'trial', label: 'Expected to buy', color: colors.primary, format: pct },
              {
                key: 'revenue',
                label: 'Revenue per person asked',
                color: colors.amber,
                axis: 'right',
                format: money,
                dashed: true,
              },
            ]}
            leftDomain={[0, 100]}
            marks={[
              {
                at: likelihood.bestPrice,
                label: `Most revenue (${money(likelihood.bestPrice)})`,
                color: colors.emerald,
              },
            ]}
            height={220}
          />
        </div>
      ) : null}
      <HowMeasured>
        <p>
          Van Westendorp Price Sensitivity Meter: each persona gave four prices: too cheap, a
          bargain, getting expensive and too expensive. The acceptable range runs from the point of
          marginal cheapness (“too cheap” crosses “not a bargain”) to the point of marginal
          expensiveness (“too expensive” crosses “not getting expensive”). The optimal price point
          is where “too cheap” crosses “too expensive”; the indifference price point is where “a
          bargain” crosses “getting expensive”. Answers whose four prices did not rise in that order
          are set aside, as is usual.
        </p>
        {likelihood ? (
          <p>
            Newton–Miller–Smith extension: the likelihood to buy at each persona’s own bargain and
            getting-expensive prices gives an expected share buying at each price, and from it the
            price of most expected revenue.
          </p>
        ) : null}
        <p>{intervalNote}</p>
      </HowMeasured>
    </>
  );
}

/** What a type is called in a heading: its plain name, without the method in brackets. */
export function plainTypeName(type: TypedResult['type']): string {
  return questionTypeLabels[type].replace(/\s*\(.*\)$/, '');
}

/**
 * A typed question's figures, plain words first and a chart for each type,
 * every figure with the range it would likely fall in; the methods' names
 * one click away.
 */
export function TypedResultView({ result }: { result: TypedResult }) {
  const body = (() => {
    switch (result.type) {
      case 'scale':
        return <ScaleResult result={result} />;
      case 'nps':
        return <NpsResult result={result} />;
      case 'single_choice':
      case 'multiple_choice':
        return <ChoiceResult result={result} />;
      case 'number':
        return <NumberResult result={result} />;
      case 'ranking':
        return <RankingResult result={result} />;
      case 'maxdiff':
        return <MaxDiffResult result={result} />;
      case 'price_ladder':
        return <PriceLadderResult result={result} />;
      case 'price_range':
        return <PriceRangeResult result={result} />;
    }
  })();
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg bg-muted/50 p-4"
      aria-label={`${plainTypeName(result.type)} results`}
      data-testid="typed-result"
    >
      <div className="grid gap-0.5">
        <h4 className="font-semibold">{plainTypeName(result.type)} results</h4>
        <p className="text-xs text-muted-foreground">
          From {count(result.respondents, 'persona')}
          {result.noAnswer > 0
            ? `; ${count(result.noAnswer, 'answer')} could not be used and ${result.noAnswer === 1 ? 'was' : 'were'} left out`
            : ''}
          .
        </p>
      </div>
      {result.respondents === 0 ? (
        <p className="flex gap-2 text-sm text-muted-foreground" role="note">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          No usable answers yet, so there are no figures to show.
        </p>
      ) : (
        body
      )}
    </section>
  );
}
