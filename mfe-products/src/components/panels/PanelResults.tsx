import { opinions, type PanelRunView, type QuestionView } from '@chorus/contracts';
import { RangeBarChart } from '@chorus/platform/charts';
import { cn, opinionColor, opinionLabel } from '@chorus/platform/ui';
import { Info, Loader2 } from 'lucide-react';
import {
  answeredText,
  count,
  opinionsInPercent,
  percentText,
  personas,
  shareWithRange,
  weightsInWords,
} from '../../panel-words';
import { HowMeasured } from '../questions/HowMeasured';
import { PanelAnswers } from './PanelAnswers';
import { PanelGaps } from './PanelMakeUp';
import { WeightedCuts } from './WeightedCuts';

// Tailwind's emerald-500, slate-400 and red-500, as the question results draw them.
const barColors = { positive: '#10b981', neutral: '#94a3b8', negative: '#ef4444' } as const;

/** "Asked of UK adults (v2, 5,000 personas drawn to United Kingdom adults)". */
export function askedOfText(run: PanelRunView): string {
  if (!run.panelId) return `${run.panelName}, weighted to ${run.frameName}`;
  return `Asked of ${run.panelName} (v${run.panelVersion}, ${personas(run.size)} drawn to ${run.frameName})`;
}

/** "2,400 of 5,000 answered", as words and as a progress bar. */
function AnswerProgress({ run }: { run: PanelRunView }) {
  const text = answeredText(run.answered, run.size);
  return (
    <div className="grid gap-1.5">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
        {text}
      </p>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Panel personas answered"
        aria-valuemin={0}
        aria-valuemax={run.size}
        aria-valuenow={run.answered}
        aria-valuetext={text}
      >
        <span
          className="block h-full bg-primary transition-[width]"
          style={{ width: `${run.size > 0 ? Math.min(1, run.answered / run.size) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}

/** The weighted shares with their likely ranges, charted and written out. */
function WeightedShares({ weighted }: { weighted: NonNullable<PanelRunView['weighted']> }) {
  const shares = opinionsInPercent(weighted);
  return (
    <div className="grid grid-cols-1 gap-4 rounded-lg bg-muted/50 p-3 sm:p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <RangeBarChart
        className="min-w-0"
        title="Weighted shares of all answers"
        bars={opinions.map((opinion) => ({
          label: opinionLabel[opinion],
          value: shares[opinion].share,
          low: shares[opinion].low,
          high: shares[opinion].high,
          color: barColors[opinion],
        }))}
        categoryLabel="Answer"
        valueLabel="Weighted share"
        format={percentText}
        domain={[0, 100]}
        ticks={[0, 25, 50, 75, 100]}
        labelWidth={72}
        legend={opinions.map((opinion) => ({
          label: opinionLabel[opinion],
          color: barColors[opinion],
        }))}
      />
      <div className="grid content-start gap-3 text-sm">
        <p className="text-xs text-muted-foreground">
          Share of the population, weighted from {count(weighted.respondents)} answers, and the
          range it would likely fall in:
        </p>
        <ul className="grid gap-1" aria-label="Weighted shares">
          {opinions.map((opinion) => (
            <li
              key={opinion}
              className="flex flex-wrap items-center gap-x-2"
              data-testid={`weighted-${opinion}`}
            >
              <span className={cn('size-2.5 rounded-full', opinionColor[opinion])} aria-hidden />
              <span className="w-16 font-medium">{opinionLabel[opinion]}</span>
              <span className="tabular-nums">{shareWithRange(shares[opinion])}</span>
            </li>
          ))}
        </ul>
        <div className="grid gap-1" data-testid="panel-design-effect">
          <p>{weightsInWords(weighted.respondents, weighted.effectiveSampleSize)}</p>
          <HowMeasured label="Technical details">
            <p>
              Kish design effect {weighted.designEffect.toFixed(2)}, effective sample size{' '}
              {count(weighted.effectiveSampleSize)}. The ranges are 95% intervals; the design effect
              is how much the weighting widens them.
            </p>
          </HowMeasured>
        </div>
      </div>
    </div>
  );
}

/**
 * A question asked of a market panel: who answered, how far they have got,
 * then the shares weighted to the population with their ranges, what was
 * weighted, where the people answering differ from the population, the
 * cuts by each of its traits, and the persona answers a page at a time.
 */
export function PanelResults({ question, run }: { question: QuestionView; run: PanelRunView }) {
  const running = question.status === 'pending' || question.status === 'processing';
  const complete = question.status === 'complete';
  return (
    <section
      className="mx-5 grid min-w-0 grid-cols-1 gap-4"
      aria-label="Market panel results"
      data-testid="panel-results"
    >
      <p className="text-sm font-medium break-words" data-testid="panel-asked-of">
        {askedOfText(run)}
      </p>
      {running && run.panelId ? <AnswerProgress run={run} /> : null}
      {complete && run.weighted ? <WeightedShares weighted={run.weighted} /> : null}
      {run.note ? (
        <p
          className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
          data-testid="panel-note"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">{run.note}</span>
        </p>
      ) : null}
      {complete ? (
        <PanelGaps
          gaps={run.gaps}
          title="Where the people answering differ from the population"
          none={false}
        />
      ) : null}
      {complete && run.cuts.length > 0 ? <WeightedCuts cuts={run.cuts} /> : null}
      {/* The chosen personas' answers are on the question itself; a panel's are read a page at a time. */}
      {complete && run.panelId ? (
        <PanelAnswers productId={question.productId} questionId={question.id} cuts={run.cuts} />
      ) : null}
    </section>
  );
}
