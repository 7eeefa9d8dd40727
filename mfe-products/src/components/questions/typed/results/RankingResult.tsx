import { RangeBarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { amount, figure, likely, percent } from '../words';
import { type ResultOf, Figures, FigureLine, intervalNote } from './parts';

export function RankingResult({ result }: { result: ResultOf<'ranking'> }) {
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
