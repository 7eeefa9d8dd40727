import { CurveChart, type CurveSeries } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { likely, percent, periodWord, price, pricePer } from '../words';
import { type ResultOf, colors, pct, Summary, Figures, FigureLine, intervalNote } from './parts';

type LadderRow = {
  price: number;
  demand: number;
  demandRange: { low: number; high: number };
  revenue: number;
  revenueRange: { low: number; high: number };
};

export function PriceLadderResult({ result }: { result: ResultOf<'price_ladder'> }) {
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
