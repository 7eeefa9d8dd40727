import type { Estimate, TypedResult } from '@chorus/contracts';
import { CurveChart, type CurveMark, type CurveSeries } from '@chorus/platform/charts';
import type { ReactNode } from 'react';
import { likely, percent, periodWord, price, pricePer } from '../questions/typed/words';
import { sideColors } from './compare-bars';

// People and personas on a price question: a ladder's two demand curves with
// both best prices marked, or a price range's two sets of prices in a table
// beside the people's four curves.

type Ladder = Extract<TypedResult, { type: 'price_ladder' }>;
type Range = Extract<TypedResult, { type: 'price_range' }>;

const pct = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}%` : 'no answers');

type LadderRow = {
  price: number;
  people: number;
  peopleRange: { low: number; high: number };
  personas: number;
  personasRange: { low: number; high: number };
};

function Line({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-2" data-testid={testId}>
      <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** A price ladder: who would buy at each price, people and personas on one chart. */
export function LadderComparison({
  people,
  personas,
}: {
  people: Ladder | null;
  personas: Ladder | null;
}) {
  const base = personas ?? people;
  if (!base) return null;
  const money = (v: number) => price(v, base.currency);
  const per = (v: number) => pricePer(v, base.currency, base.period);
  const prices = [
    ...new Set([...(personas?.points ?? []), ...(people?.points ?? [])].map((p) => p.price)),
  ].sort((a, b) => a - b);
  const demandAt = (side: Ladder | null, at: number) =>
    side?.points.find((p) => p.price === at)?.demand;
  const data: LadderRow[] = prices.map((at) => {
    const p = demandAt(people, at);
    const a = demandAt(personas, at);
    return {
      price: at,
      people: p ? p.value * 100 : Number.NaN,
      peopleRange: { low: (p?.low ?? Number.NaN) * 100, high: (p?.high ?? Number.NaN) * 100 },
      personas: a ? a.value * 100 : Number.NaN,
      personasRange: { low: (a?.low ?? Number.NaN) * 100, high: (a?.high ?? Number.NaN) * 100 },
    };
  });
  const series: CurveSeries<LadderRow>[] = [
    ...(people
      ? [
          {
            key: 'people' as const,
            label: 'People who would buy',
            color: sideColors.people,
            format: pct,
            band: 'peopleRange' as const,
            bandLabel: 'People, likely range',
          },
        ]
      : []),
    ...(personas
      ? [
          {
            key: 'personas' as const,
            label: 'Personas who would buy',
            color: sideColors.personas,
            format: pct,
            band: 'personasRange' as const,
            bandLabel: 'Personas, likely range',
            dashed: true,
          },
        ]
      : []),
  ];
  const marks: CurveMark[] = [
    ...(people
      ? [
          {
            at: people.bestPrice.value,
            label: `People’s best price (${money(people.bestPrice.value)})`,
            color: sideColors.people,
          },
        ]
      : []),
    ...(personas
      ? [
          {
            at: personas.bestPrice.value,
            label: `Personas’ best price (${money(personas.bestPrice.value)})`,
            color: sideColors.personas,
          },
        ]
      : []),
  ];
  const best = (side: Ladder) =>
    `${per(side.bestPrice.value)} (${likely(side.bestPrice, money)}), where ${percent(side.bestDemand.value)} would buy`;
  return (
    <>
      <ul className="grid gap-1 text-sm">
        {people ? (
          <Line testId="people-best-price">Best price for people: {best(people)}</Line>
        ) : null}
        {personas ? (
          <Line testId="personas-best-price">Best price for personas: {best(personas)}</Line>
        ) : null}
        <Line>The best price is the ladder price that brings the most revenue.</Line>
      </ul>
      <CurveChart
        title={`Who would buy at each price${periodWord(base.period)}, people and personas`}
        data={data}
        x="price"
        xLabel={`Price${periodWord(base.period)}`}
        formatX={money}
        xTicks="data"
        series={series}
        leftDomain={[0, 100]}
        marks={marks}
        dots
      />
    </>
  );
}

const span = (cheap: Estimate | null, dear: Estimate | null, money: (v: number) => string) =>
  cheap && dear
    ? `${money(cheap.value)} to ${money(dear.value)}`
    : 'no range: the curves do not cross';

const one = (estimate: Estimate | null, money: (v: number) => string) =>
  estimate
    ? `${money(estimate.value)} (${likely(estimate, money)})`
    : 'none: the curves do not cross';

type RangeRow = {
  price: number;
  tooCheap: number;
  bargain: number;
  expensive: number;
  tooExpensive: number;
};

/** A price range: both sides' prices in a small table, then the people's four curves. */
export function RangeComparison({
  people,
  personas,
}: {
  people: Range | null;
  personas: Range | null;
}) {
  const base = personas ?? people;
  if (!base) return null;
  const money = (v: number) => price(v, base.currency);
  const rows: { label: string; of: (side: Range) => string }[] = [
    {
      label: 'Acceptable range',
      of: (side) => span(side.marginalCheapness, side.marginalExpensiveness, money),
    },
    { label: 'Optimal price', of: (side) => one(side.optimalPrice, money) },
    { label: 'Indifference price', of: (side) => one(side.indifferencePrice, money) },
  ];
  const series: CurveSeries<RangeRow>[] = [
    { key: 'tooCheap', label: 'Too cheap', color: '#f59e0b', format: pct, dashed: true },
    { key: 'bargain', label: 'A bargain', color: '#10b981', format: pct },
    { key: 'expensive', label: 'Getting expensive', color: '#0ea5e9', format: pct },
    { key: 'tooExpensive', label: 'Too expensive', color: '#ef4444', format: pct, dashed: true },
  ];
  const cheap = people?.marginalCheapness;
  const dear = people?.marginalExpensiveness;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Prices, people and personas">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="py-1 pr-2 font-medium">
                <span className="sr-only">Figure</span>
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                People
              </th>
              <th scope="col" className="py-1 font-medium">
                Personas
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t align-top">
                <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                  {row.label}
                </th>
                <td className="py-1.5 pr-2 break-words">
                  {people ? row.of(people) : 'no answers'}
                </td>
                <td className="py-1.5 break-words">{personas ? row.of(personas) : 'no answers'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Acceptable range: prices few find too cheap or too expensive. Optimal price: as many find it
        too cheap as too expensive.
      </p>
      {people && people.curves.length > 0 ? (
        <CurveChart
          title={`How people judged each price${periodWord(people.period)}`}
          data={people.curves.map((c) => ({
            price: c.price,
            tooCheap: c.tooCheap * 100,
            bargain: c.bargain * 100,
            expensive: c.expensive * 100,
            tooExpensive: c.tooExpensive * 100,
          }))}
          x="price"
          xLabel={`Price${periodWord(people.period)}`}
          formatX={money}
          series={series}
          leftDomain={[0, 100]}
          shade={
            cheap && dear
              ? {
                  from: cheap.value,
                  to: dear.value,
                  label: 'People’s acceptable range',
                  color: '#10b981',
                }
              : null
          }
          marks={
            people.optimalPrice
              ? [
                  {
                    at: people.optimalPrice.value,
                    label: `People’s optimal price (${money(people.optimalPrice.value)})`,
                    color: '#8b5cf6',
                  },
                ]
              : []
          }
        />
      ) : null}
    </>
  );
}
