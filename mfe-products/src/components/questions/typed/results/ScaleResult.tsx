import { RangeBarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { amount, likely, percent } from '../words';
import { type ResultOf, toPct, Figures, FigureLine, pct, intervalNote } from './parts';

export function ScaleResult({ result }: { result: ResultOf<'scale'> }) {
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
