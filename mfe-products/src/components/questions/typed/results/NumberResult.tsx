import { BarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { amount, likely } from '../words';
import { type ResultOf, Figures, FigureLine, colors, pct, intervalNote } from './parts';

export function NumberResult({ result }: { result: ResultOf<'number'> }) {
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
