import { RangeBarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { figure, percent } from '../words';
import { type ResultOf, Figures, FigureLine, colors, intervalNote } from './parts';
import { signed } from './NpsResult';

export function MaxDiffResult({ result }: { result: ResultOf<'maxdiff'> }) {
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
