import { RangeBarChart } from '@chorus/platform/charts';
import { HowMeasured } from '../../HowMeasured';
import { figure, percent } from '../words';
import { type ResultOf, Figures, FigureLine, toPct, pct, intervalNote } from './parts';

export function ChoiceResult({
  result,
}: {
  result: ResultOf<'single_choice' | 'multiple_choice'>;
}) {
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
