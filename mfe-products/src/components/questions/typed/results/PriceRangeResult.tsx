import { informativeSpan } from '../range-span';
import { CurveChart, type CurveSeries } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { count, likely, periodWord, price, pricePer } from '../words';
import { type ResultOf, colors, pct, Summary, Figures, FigureLine, intervalNote } from './parts';

type RangeRow = ResultOf<'price_range'>['curves'][number];
type TrialRow = { price: number; trial: number; revenue: number };

export function PriceRangeResult({ result }: { result: ResultOf<'price_range'> }) {
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
