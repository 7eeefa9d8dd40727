import { BarChart, StackedBarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { figure, likely, percent } from '../words';
import { type ResultOf, colors, Figures, FigureLine, pct, intervalNote } from './parts';

export const signed = (value: number) => {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
};

export function NpsResult({ result }: { result: ResultOf<'nps'> }) {
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
